import fs from 'node:fs';
import path from 'node:path';
import { zipSync, strToU8, unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, registerDeveloper, createTestApp } from '../../test-helpers.js';
import { filesRoot, multipart, rawRequest } from './files.test-helpers.js';

/** Every file under `dir` (skipping the databases, which change on their own) with its content. */
function snapshot(dir: string, skip: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (p === skip || /\.db(-wal|-shm|-journal)?$/.test(e.name)) continue;
      if (e.isSymbolicLink()) out[p] = `link:${fs.readlinkSync(p)}`;
      else if (e.isDirectory()) walk(p);
      else out[p] = fs.readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describeEachDb('files: traversal and links are refused and touch nothing outside', (server) => {
  let authKey: string;
  let appId: string;
  let root: string;
  let outsideDir: string;
  let before: Record<string, string>;
  const auth = () => ({ 'auth-key': authKey });
  const refused = (status: number) => expect([400, 403]).toContain(status);

  beforeAll(async () => {
    ({ authKey } = await registerDeveloper(server()));
    appId = await createTestApp(server(), authKey);
    root = filesRoot(server(), appId);
    const dataDir = server().config.dataDir;
    // Sentinels: beside the app's files and at the top of the data directory.
    outsideDir = path.join(dataDir, 'outside');
    fs.mkdirSync(outsideDir, { recursive: true });
    fs.writeFileSync(path.join(outsideDir, 'sentinel.txt'), 'untouched');
    fs.writeFileSync(path.join(dataDir, 'sentinel.txt'), 'untouched');
    await server().call('POST', `/${appId}/console/files/create/docs/inside.txt/`, {
      authKey,
      body: { file: 'inside' },
    });
    // A link planted inside the root (not something the API can create) pointing outside.
    fs.symlinkSync(outsideDir, path.join(root, 'link'));
    fs.symlinkSync(path.join(outsideDir, 'sentinel.txt'), path.join(root, 'docs', 'file-link.txt'));
    before = snapshot(dataDir, root);
  });

  afterAll(() => {
    // Nothing outside the app's root changed and nothing new appeared there.
    const after = snapshot(server().config.dataDir, root);
    expect(after).toEqual(before);
  });

  const escapes = [
    '../../../sentinel.txt',
    '%2e%2e/%2e%2e/%2e%2e/sentinel.txt',
    '..%2f..%2f..%2fsentinel.txt',
    '%252e%252e/%252e%252e/sentinel.txt',
    '..%5C..%5Csentinel.txt',
    '%2Fetc%2Fpasswd',
    'docs/../../../../sentinel.txt',
  ];

  it('refuses escaping reads (download, view, exists, listing)', async () => {
    for (const p of escapes) {
      for (const route of ['download', 'view', 'exists', 'directory/view']) {
        const res = await rawRequest(server(), 'GET', `/${appId}/console/files/${route}/${p}`, auth());
        refused(res.status);
        expect(res.body).not.toContain('untouched');
        expect(JSON.parse(res.body)).toHaveProperty('message');
      }
    }
    expect(
      (await rawRequest(server(), 'GET', `/${appId}/console/files/download/../../../sentinel.txt`, auth())).status,
    ).toBe(403);
    expect((await rawRequest(server(), 'GET', `/files/download/${appId}/..%2f..%2fsentinel.txt`, auth())).status).toBe(
      403,
    );
  });

  it('refuses escaping writes (upload, create, edit, createdir, delete)', async () => {
    for (const p of escapes) {
      const up = multipart('file', 'x', 'evil');
      refused(
        (
          await rawRequest(
            server(),
            'POST',
            `/${appId}/console/files/upload/${p}/`,
            { ...auth(), ...up.headers },
            up.payload,
          )
        ).status,
      );
      refused(
        (
          await rawRequest(
            server(),
            'POST',
            `/${appId}/console/files/create/${p}/`,
            { ...auth(), 'content-type': 'application/json' },
            '{"file":"evil"}',
          )
        ).status,
      );
      refused(
        (
          await rawRequest(
            server(),
            'POST',
            `/${appId}/console/files/edit/${p}/`,
            { ...auth(), 'content-type': 'application/json' },
            '{"file":"evil"}',
          )
        ).status,
      );
      refused((await rawRequest(server(), 'POST', `/${appId}/console/files/createdir/${p}/`, auth())).status);
      refused((await rawRequest(server(), 'DELETE', `/${appId}/console/files/${p}/`, auth())).status);
      refused((await rawRequest(server(), 'PUT', `/${appId}/console/files/${p}?operation=zip`, auth())).status);
    }
  });

  it('refuses escaping destinations of move, copy and rename', async () => {
    const text = { ...auth(), 'content-type': 'text/plain' };
    for (const dest of [
      '../../evil.txt',
      '..%2F..%2Fevil.txt',
      '%2e%2e/%2e%2e/evil.txt',
      '%252e%252e/evil.txt',
      '..\\..\\evil.txt',
      'C:/evil.txt',
      '%2Fetc%2Fevil',
    ]) {
      refused((await rawRequest(server(), 'POST', `/${appId}/console/files/move/docs/inside.txt/`, text, dest)).status);
      refused((await rawRequest(server(), 'POST', `/${appId}/console/files/copy/docs/inside.txt/`, text, dest)).status);
    }
    for (const name of ['..', '..%2Fevil.txt', '%2e%2e', 'a%5Cb', '..%2F..%2Fsentinel.txt']) {
      refused(
        (await rawRequest(server(), 'POST', `/${appId}/console/files/rename/docs/inside.txt/`, text, name)).status,
      );
    }
    expect(fs.readFileSync(path.join(root, 'docs', 'inside.txt'), 'utf8')).toBe('inside');
  });

  it('refuses every operation through or on a planted symbolic link', async () => {
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      opts: { body?: unknown; payload?: string | Buffer; headers?: Record<string, string> } = {},
    ) => server().call(method, `/${appId}/console/files${url}`, { authKey, ...opts });
    const text = (payload: string) => ({ payload, headers: { 'content-type': 'text/plain' } });
    expect((await call('GET', '/download/link/sentinel.txt')).statusCode).toBe(403);
    expect((await call('GET', '/view/docs/file-link.txt')).statusCode).toBe(403);
    expect((await call('GET', '/directory/view/link')).statusCode).toBe(403);
    expect((await call('POST', '/upload/link/new.txt/', multipart('file', 'x', 'evil'))).statusCode).toBe(403);
    expect(
      (await call('POST', '/upload/docs/file-link.txt/?overwrite=true', multipart('file', 'x', 'evil'))).statusCode,
    ).toBe(403);
    expect((await call('POST', '/edit/docs/file-link.txt/', { body: { file: 'evil' } })).statusCode).toBe(403);
    expect((await call('POST', '/create/link/new.txt/', { body: { file: 'evil' } })).statusCode).toBe(403);
    expect((await call('POST', '/createdir/link/sub/')).statusCode).toBe(403);
    expect((await call('POST', '/move/docs/inside.txt/', text('link/'))).statusCode).toBe(403);
    expect((await call('POST', '/copy/docs/inside.txt/', text('link/copied.txt'))).statusCode).toBe(403);
    expect((await call('POST', '/move/link/sentinel.txt/', text('docs/stolen.txt'))).statusCode).toBe(403);
    expect((await call('POST', '/copy/link/', text('stolen/'))).statusCode).toBe(403);
    expect((await call('POST', '/rename/link/', text('other'))).statusCode).toBe(403);
    expect((await call('DELETE', '/link/sentinel.txt/')).statusCode).toBe(403);
    expect((await call('DELETE', '/link/')).statusCode).toBe(403);
    expect((await call('PUT', '/link?operation=zip')).statusCode).toBe(403);
    // Links are left out of listings and are never followed into an archive or a copy.
    const listing = await call('GET', '/directory/view/?sub=true');
    expect(listing.json().map((e: { name: string }) => e.name)).not.toContain('link');
    expect((await call('POST', '/copy/docs/', text('docs-copy'))).statusCode).toBe(403);
    const zipped = await call('PUT', '/docs?operation=zip');
    expect(zipped.statusCode).toBe(200);
    const entries = unzipSync(fs.readFileSync(path.join(root, 'docs.zip')));
    expect(Object.keys(entries)).toEqual(['inside.txt']);
    expect(strFromU8(entries['inside.txt'])).toBe('inside');
    expect(fs.existsSync(path.join(root, 'stolen'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'docs', 'stolen.txt'))).toBe(false);
  });

  it('refuses archives whose entries escape (zip-slip) and extracts nothing of them', async () => {
    const cases: Array<[string, Record<string, Uint8Array>]> = [
      ['slip.zip', { 'ok.txt': strToU8('ok'), '../../evil.txt': strToU8('evil') }],
      ['deep.zip', { 'a/../../../../sentinel.txt': strToU8('evil') }],
      ['abs.zip', { '/tmp/evil.txt': strToU8('evil') }],
      ['back.zip', { '..\\..\\evil.txt': strToU8('evil') }],
      ['reserved.zip', { 'nul.txt': strToU8('evil') }],
      ['through-link.zip', { 'x.txt': strToU8('evil') }],
    ];
    for (const [name, content] of cases) {
      const up = multipart('file', name, Buffer.from(zipSync(content)));
      expect(
        (await server().call('POST', `/${appId}/console/files/upload/archives/${name}/`, { authKey, ...up }))
          .statusCode,
      ).toBe(200);
    }
    for (const [name] of cases.slice(0, 5)) {
      const res = await server().call('PUT', `/${appId}/console/files/archives/${name}?operation=unzip`, { authKey });
      refused(res.statusCode);
      expect(fs.existsSync(path.join(root, 'archives', name.replace('.zip', '')))).toBe(false);
    }
    // Extracting next to a link named like the archive's folder would write through it: refused.
    fs.symlinkSync(outsideDir, path.join(root, 'archives', 'through-link'));
    expect(
      (await server().call('PUT', `/${appId}/console/files/archives/through-link.zip?operation=unzip`, { authKey }))
        .statusCode,
    ).toBe(403);
    expect(fs.readdirSync(path.join(root, 'archives')).sort()).toEqual(
      [...cases.map(([n]) => n), 'through-link'].sort(),
    );
    expect(fs.readdirSync(path.join(root, '.basalt-tmp'))).toEqual([]);
  });
});
