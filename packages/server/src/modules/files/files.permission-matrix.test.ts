import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Backendless from 'backendless';
import { DevOperations } from '@basalt/shared';
import {
  describeEachDb,
  registerDeveloper,
  startTestServer,
  testDbKinds,
  type TestDeveloper,
  type TestServer,
} from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { LocalDiskStorage } from '../../storage/index.js';
import { FilesService } from './files.service.js';
import { appCallerAccess } from './files.access.js';
import { filesRoot, multipart, rawRequest } from './files.test-helpers.js';

/*
 * Files changing place, against the file rules: moving is reading the source, writing the
 * destination and deleting the source (rename is a move within the folder); copying is reading and
 * writing; zipping reads what goes in and writes the archive; unzipping reads the archive and writes
 * what comes out. Each operation × (Read denied on the source, Write denied on the destination,
 * Delete denied on the source, everything granted), for a file and for a folder whose rule sits on a
 * path inside it. A refusal answers 403 {code: 1011} and leaves every file where it was; the
 * content never becomes readable anywhere else.
 */

type Denial = 'read-source' | 'write-destination' | 'delete-source' | 'none';
const DENIALS: Denial[] = ['read-source', 'write-destination', 'delete-source', 'none'];
type Relocation = 'move' | 'copy' | 'rename';

/** The status each operation answers per denial: copy never needs Delete. */
const RELOCATION_STATUS: Record<Relocation, Record<Denial, number>> = {
  move: { 'read-source': 403, 'write-destination': 403, 'delete-source': 403, none: 200 },
  copy: { 'read-source': 403, 'write-destination': 403, 'delete-source': 200, none: 200 },
  rename: { 'read-source': 403, 'write-destination': 403, 'delete-source': 403, none: 200 },
};

const ARCHIVE_STATUS: Record<'zip' | 'unzip', Record<Denial, number>> = {
  zip: { 'read-source': 403, 'write-destination': 403, 'delete-source': 200, none: 200 },
  unzip: { 'read-source': 403, 'write-destination': 403, 'delete-source': 200, none: 200 },
};

const OPERATION: Record<Exclude<Denial, 'none'>, string> = {
  'read-source': 'Read',
  'write-destination': 'Write',
  'delete-source': 'Delete',
};

/** Every file under a folder with its content, relative and sorted ({} when the folder is absent). */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const rel of (fs.readdirSync(dir, { recursive: true }) as string[]).map(String).sort()) {
    const abs = path.join(dir, rel);
    if (fs.statSync(abs).isFile()) out[rel.split(path.sep).join('/')] = fs.readFileSync(abs, 'utf8');
  }
  return out;
}

/** A denial for the NotAuthenticatedUser role (the anonymous REST caller) on one path. */
async function deny(f: AppFixture, item: string, operation: string, role = 'NotAuthenticatedUser') {
  const res = await f.console('PUT', `/security/roles/${await f.roleId(role)}/files/${encodeURIComponent(item)}`, {
    permissions: [{ operation, access: 'DENY' }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function createFile(f: AppFixture, rel: string, text: string) {
  const res = await f.console('POST', `/files/create/${rel.split('/').map(encodeURIComponent).join('/')}/`, {
    file: text,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describeEachDb('files: permission matrix through the app API', (server) => {
  let f: AppFixture;
  let root: string;
  let n = 0;
  const disk = (rel: string) =>
    fs.existsSync(path.join(root, ...rel.split('/')))
      ? fs.readFileSync(path.join(root, ...rel.split('/')), 'utf8')
      : undefined;
  const get = (rel: string, token?: string) =>
    f.api('GET', `/files/${rel.split('/').map(encodeURIComponent).join('/')}`, { token });

  beforeAll(async () => {
    f = await appFixture(server());
    root = filesRoot(server(), f.appId);
  });

  it('the reported exploit: Read DENY on docs/, move docs/secret.txt to public/x.txt, then read it', async () => {
    await createFile(f, 'docs/secret.txt', 'the secret');
    await createFile(f, 'public/readme.txt', 'open');
    const user = await f.user();
    await deny(f, 'docs/', 'Read');
    await deny(f, 'docs/', 'Read', 'AuthenticatedUser');
    for (const token of [undefined, user.token]) {
      expect((await get('docs/secret.txt', token)).statusCode).toBe(403);
      for (const [op, body] of [
        ['move', { sourcePath: 'docs/secret.txt', targetPath: 'public/x.txt' }],
        ['move', { sourcePath: '/docs/secret.txt', targetPath: '/public/' }],
        ['copy', { sourcePath: 'docs/secret.txt', targetPath: 'public/x.txt' }],
        ['move', { sourcePath: 'docs', targetPath: 'public/docs' }],
        ['copy', { sourcePath: 'docs/', targetPath: 'public/' }],
      ] as const) {
        const res = await f.api('PUT', `/files/${op}`, { body, token });
        expect(res.statusCode, `${op} ${JSON.stringify(body)}`).toBe(403);
        expect(res.json()).toEqual({ code: 1011, message: expect.stringContaining('Permission denied: Read') });
      }
      const renamed = await f.api('PUT', '/files/rename', {
        body: { oldPathName: 'docs/secret.txt', newName: 'x.txt' },
        token,
      });
      expect(renamed.statusCode).toBe(403);
      expect(renamed.json().code).toBe(1011);
      for (const rel of ['public/x.txt', 'public/secret.txt', 'public/docs/secret.txt']) {
        const read = await get(rel, token);
        expect(read.statusCode, rel).toBe(404);
        expect(read.body).not.toContain('the secret');
      }
    }
    expect(disk('docs/secret.txt')).toBe('the secret');
    expect(contents(path.join(root, 'docs'))).toEqual({ 'secret.txt': 'the secret' });
    expect(contents(path.join(root, 'public'))).toEqual({ 'readme.txt': 'open' });
  });

  it('a file rule is kept too: renaming a Read-denied file to a name its folder lets everyone read is refused', async () => {
    await createFile(f, 'notes/secret.txt', 'hidden note');
    await deny(f, 'notes/secret.txt', 'Read');
    const res = await f.api('PUT', '/files/rename', { body: { oldPathName: 'notes/secret.txt', newName: 'open.txt' } });
    expect(res.statusCode).toBe(403);
    expect((await get('notes/open.txt')).statusCode).toBe(404);
    expect(disk('notes/secret.txt')).toBe('hidden note');
  });

  for (const op of ['move', 'copy', 'rename'] as const) {
    for (const shape of ['file', 'folder'] as const) {
      for (const denial of DENIALS) {
        it(`${op} of a ${shape}, ${denial === 'none' ? 'everything granted' : `${denial} denied`}: ${RELOCATION_STATUS[op][denial]}`, async () => {
          const c = `m${n++}`;
          const name = shape === 'file' ? 'secret.txt' : 'box';
          const source = `${c}/src/${name}`;
          const destination =
            op === 'rename'
              ? `${c}/src/${shape === 'file' ? 'x.txt' : 'box2'}`
              : `${c}/dst/${shape === 'file' ? 'x.txt' : 'box2'}`;
          const files = shape === 'file' ? [''] : ['/secret.txt', '/plain.txt'];
          for (const inner of files) await createFile(f, `${source}${inner}`, `content of ${c}${inner}`);
          await createFile(f, `${c}/dst/other.txt`, 'other');
          const before = contents(path.join(root, c));

          // A file's rule sits on its folder; a folder's on the path inside it that holds the secret.
          if (denial === 'read-source' || denial === 'delete-source')
            await deny(f, shape === 'file' ? `${c}/src` : `${source}/secret.txt`, OPERATION[denial]);
          if (denial === 'write-destination')
            await deny(
              f,
              shape === 'file' ? (op === 'rename' ? destination : `${c}/dst`) : `${destination}/secret.txt`,
              'Write',
            );

          const res =
            op === 'rename'
              ? await f.api('PUT', '/files/rename', {
                  body: { oldPathName: source, newName: destination.slice(destination.lastIndexOf('/') + 1) },
                })
              : await f.api('PUT', `/files/${op}`, { body: { sourcePath: source, targetPath: destination } });
          const status = RELOCATION_STATUS[op][denial];
          expect(res.statusCode, res.body).toBe(status);

          if (status === 403) {
            expect(res.json()).toEqual({
              code: 1011,
              message: `Permission denied: ${OPERATION[denial as Exclude<Denial, 'none'>]} on '${shape === 'file' ? (denial === 'write-destination' ? destination : source) : `${denial === 'write-destination' ? destination : source}/secret.txt`}'`,
            });
            expect(contents(path.join(root, c))).toEqual(before);
            for (const inner of files) {
              // Nothing there (404), or a folder the caller may not read anyway (403).
              const read = await get(`${destination}${inner}`);
              expect([403, 404]).toContain(read.statusCode);
              expect(read.body).not.toContain(`content of ${c}`);
            }
            return;
          }
          expect(res.body).toMatch(new RegExp(`${destination.split('/').map(encodeURIComponent).join('/')}$`));
          for (const inner of files) {
            expect(disk(`${destination}${inner}`)).toBe(`content of ${c}${inner}`);
            expect(disk(`${source}${inner}`)).toBe(op === 'copy' ? `content of ${c}${inner}` : undefined);
            // Granted means readable where it landed (a Delete rule says nothing about reading).
            expect((await get(`${destination}${inner}`)).body).toBe(`content of ${c}${inner}`);
          }
        });
      }
    }
  }

  it('a rule inside a folder on a path where nothing is stored refuses nothing', async () => {
    await createFile(f, 'q/src/box/a.txt', 'a');
    await deny(f, 'q/src/box/never-there.txt', 'Read');
    await deny(f, 'q/src/box/never-there.txt', 'Delete');
    await deny(f, 'q/dst/box/other.txt', 'Write');
    const res = await f.api('PUT', '/files/move', { body: { sourcePath: 'q/src/box', targetPath: 'q/dst/' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(disk('q/dst/box/a.txt')).toBe('a');
  });

  it('a GRANT on a path inside a denied folder opens that path only', async () => {
    await createFile(f, 'g/src/open.txt', 'open');
    await createFile(f, 'g/src/closed.txt', 'closed');
    await deny(f, 'g/src', 'Read');
    const grant = await f.console(
      'PUT',
      `/security/roles/${await f.roleId('NotAuthenticatedUser')}/files/${encodeURIComponent('g/src/open.txt')}`,
      { permissions: [{ operation: 'Read', access: 'GRANT' }] },
    );
    expect(grant.statusCode).toBe(200);
    expect(
      (await f.api('PUT', '/files/copy', { body: { sourcePath: 'g/src/open.txt', targetPath: 'g/dst/' } })).statusCode,
    ).toBe(200);
    expect(
      (await f.api('PUT', '/files/copy', { body: { sourcePath: 'g/src/closed.txt', targetPath: 'g/dst/' } }))
        .statusCode,
    ).toBe(403);
    expect((await f.api('PUT', '/files/copy', { body: { sourcePath: 'g/src', targetPath: 'g/all' } })).statusCode).toBe(
      403,
    );
    expect(contents(path.join(root, 'g'))).toEqual({
      'dst/open.txt': 'open',
      'src/closed.txt': 'closed',
      'src/open.txt': 'open',
    });
  });

  it('deleting a folder needs Delete on what is inside it too', async () => {
    await createFile(f, 'del/box/keep.txt', 'keep');
    await createFile(f, 'del/box/free.txt', 'free');
    await deny(f, 'del/box/keep.txt', 'Delete');
    const res = await f.api('DELETE', '/files/del/box');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 1011, message: "Permission denied: Delete on 'del/box/keep.txt'" });
    expect(contents(path.join(root, 'del'))).toEqual({ 'box/free.txt': 'free', 'box/keep.txt': 'keep' });
    expect((await f.api('DELETE', '/files/del/box/free.txt')).statusCode).toBe(200);
    expect((await f.api('DELETE', '/files/del/box/keep.txt')).statusCode).toBe(403);
  });

  describe("zip and unzip with an app caller (the app API has no archive route; the rules are the engine's)", () => {
    let service: FilesService;
    const access = async () =>
      appCallerAccess(server().app.basalt, await server().app.basalt.security.callerFor(f.appId, 'REST', null));
    const upload = async (rel: string, bytes: Uint8Array) => {
      const up = multipart('file', 'a.zip', Buffer.from(bytes));
      const done = await server().call('POST', `/${f.appId}/console/files/upload/${rel}/`, {
        authKey: f.dev.authKey,
        ...up,
      });
      expect(done.statusCode, done.body).toBe(200);
    };
    const temporary = () =>
      fs.existsSync(path.join(root, '.basalt-tmp')) ? fs.readdirSync(path.join(root, '.basalt-tmp')) : [];

    beforeAll(() => {
      service = new FilesService(server().app.basalt, new LocalDiskStorage(server().config.dataDir));
    });

    for (const denial of DENIALS) {
      it(`zip, ${denial === 'none' ? 'everything granted' : `${denial} denied`}: ${ARCHIVE_STATUS.zip[denial]}`, async () => {
        const c = `z${n++}`;
        await createFile(f, `${c}/box/secret.txt`, 'zipped secret');
        await createFile(f, `${c}/box/plain.txt`, 'plain');
        const before = contents(path.join(root, c));
        if (denial === 'read-source') await deny(f, `${c}/box/secret.txt`, 'Read');
        if (denial === 'write-destination') await deny(f, `${c}/box.zip`, 'Write');
        if (denial === 'delete-source') await deny(f, `${c}/box`, 'Delete');
        const zipping = service.zip(f.appId, `${c}/box`, await access());
        if (ARCHIVE_STATUS.zip[denial] === 403) {
          await expect(zipping).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
          expect(contents(path.join(root, c))).toEqual(before);
          return;
        }
        expect((await zipping).path).toBe(`${c}/box.zip`);
        expect(Object.keys(contents(path.join(root, c))).sort()).toEqual([
          'box.zip',
          'box/plain.txt',
          'box/secret.txt',
        ]);
      });
    }

    for (const denial of DENIALS) {
      it(`unzip, ${denial === 'none' ? 'everything granted' : `${denial} denied`}: ${ARCHIVE_STATUS.unzip[denial]}`, async () => {
        const c = `u${n++}`;
        await upload(
          `${c}/arch.zip`,
          zipSync({ 'top.txt': strToU8('top'), 'sub/b.txt': strToU8('inner b'), 'sub/c.txt': strToU8('inner c') }),
        );
        const before = contents(path.join(root, c));
        if (denial === 'read-source') await deny(f, `${c}/arch.zip`, 'Read');
        if (denial === 'write-destination') await deny(f, `${c}/arch/sub/b.txt`, 'Write');
        if (denial === 'delete-source') await deny(f, `${c}/arch.zip`, 'Delete');
        const unzipping = service.unzip(f.appId, `${c}/arch.zip`, await access());
        if (ARCHIVE_STATUS.unzip[denial] === 403) {
          await expect(unzipping).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
          expect(contents(path.join(root, c))).toEqual(before);
          expect(fs.existsSync(path.join(root, c, 'arch'))).toBe(false);
          expect(temporary()).toEqual([]);
          return;
        }
        expect((await unzipping).path).toBe(`${c}/arch`);
        expect(contents(path.join(root, c, 'arch'))).toEqual({
          'sub/b.txt': 'inner b',
          'sub/c.txt': 'inner c',
          'top.txt': 'top',
        });
      });
    }

    it('unzip keeps refusing entries that lead outside, before any rule is asked', async () => {
      await upload('slip/evil.zip', zipSync({ '../../escaped.txt': strToU8('x') }));
      await expect(service.unzip(f.appId, 'slip/evil.zip', await access())).rejects.toMatchObject({
        kind: expect.stringMatching(/invalid|outside/),
      });
      expect(fs.existsSync(path.join(root, 'slip', 'evil'))).toBe(false);
      expect(fs.existsSync(path.join(root, '..', 'escaped.txt'))).toBe(false);
      expect(fs.existsSync(path.join(root, 'escaped.txt'))).toBe(false);
    });
  });
});

describeEachDb('files: permission matrix through the console (developer permissions)', (server) => {
  let owner: TestDeveloper;
  let mate: TestDeveloper;
  let appId: string;
  let root: string;
  let n = 0;
  const call = (
    who: TestDeveloper,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    opts: { body?: unknown; payload?: string | Buffer; headers?: Record<string, string> } = {},
  ) => server().call(method, `/${appId}/console${url}`, { authKey: who.authKey, ...opts });
  const text = (payload: string) => ({ payload, headers: { 'content-type': 'text/plain' } });
  const setMate = async (permissions: Array<{ operation: number; access: 'GRANT' | 'DENY' }>) => {
    const res = await call(owner, 'PUT', `/devteam/${mate.id}/permissions`, { body: permissions });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    owner = await registerDeveloper(server());
    mate = await registerDeveloper(server());
    appId = (
      await server().call('POST', '/console/applications', {
        authKey: owner.authKey,
        body: { appName: `Matrix${Date.now()}` },
      })
    ).json().id;
    expect((await call(owner, 'POST', '/devteam', { body: { email: mate.email } })).statusCode).toBe(200);
    root = filesRoot(server(), appId);
  });

  /*
   * Developers' file permissions are per application: FILES_MANAGE (57) for every change but
   * uploads (FILES_UPLOAD, 59), and no permission limits reading. So Write on the destination and
   * Delete on the source are both FILES_MANAGE, and "Read denied on the source" does not exist for
   * a developer: a member denied everything still reads every file.
   */
  const STATES = {
    'manage denied (Write and Delete)': {
      permissions: [{ operation: DevOperations.FILES_MANAGE, access: 'DENY' as const }],
      status: 403,
    },
    'upload denied only': {
      permissions: [
        { operation: DevOperations.FILES_MANAGE, access: 'GRANT' as const },
        { operation: DevOperations.FILES_UPLOAD, access: 'DENY' as const },
      ],
      status: 200,
    },
    'everything granted': {
      permissions: [
        { operation: DevOperations.FILES_MANAGE, access: 'GRANT' as const },
        { operation: DevOperations.FILES_UPLOAD, access: 'GRANT' as const },
      ],
      status: 200,
    },
  };

  type ConsoleOp = 'move' | 'copy' | 'rename' | 'zip' | 'unzip';
  const run = (op: ConsoleOp, c: string) => {
    if (op === 'move') return call(mate, 'POST', `/files/move/${c}/src/box/`, text(`${c}/dst/`));
    if (op === 'copy') return call(mate, 'POST', `/files/copy/${c}/src/box/`, text(`${c}/dst/`));
    if (op === 'rename') return call(mate, 'POST', `/files/rename/${c}/src/box/`, text('box2'));
    if (op === 'zip') return call(mate, 'PUT', `/files/${c}/src/box?operation=zip`);
    return call(mate, 'PUT', `/files/${c}/src/arch.zip?operation=unzip`);
  };
  const after: Record<ConsoleOp, (c: string) => string[]> = {
    move: () => ['dst/box/secret.txt', 'src/arch.zip'],
    copy: () => ['dst/box/secret.txt', 'src/arch.zip', 'src/box/secret.txt'],
    rename: () => ['src/arch.zip', 'src/box2/secret.txt'],
    zip: () => ['src/arch.zip', 'src/box.zip', 'src/box/secret.txt'],
    unzip: () => ['src/arch.zip', 'src/arch/in.txt', 'src/box/secret.txt'],
  };

  for (const [state, { permissions, status }] of Object.entries(STATES)) {
    for (const op of ['move', 'copy', 'rename', 'zip', 'unzip'] as const) {
      it(`${op} by a member with ${state}: ${status}`, async () => {
        const c = `c${n++}`;
        expect(
          (await call(owner, 'POST', `/files/create/${c}/src/box/secret.txt/`, { body: { file: 'dev secret' } }))
            .statusCode,
        ).toBe(200);
        expect((await call(owner, 'POST', `/files/createdir/${c}/dst/`)).statusCode).toBe(200);
        const up = multipart('file', 'arch.zip', Buffer.from(zipSync({ 'in.txt': strToU8('inside') })));
        expect((await call(owner, 'POST', `/files/upload/${c}/src/arch.zip/`, up)).statusCode).toBe(200);
        const before = contents(path.join(root, c));
        await setMate(permissions);

        const res = await run(op, c);
        expect(res.statusCode, res.body).toBe(status);
        if (status === 403) {
          expect(res.json()).toMatchObject({ code: 'FORBIDDEN', details: { operation: DevOperations.FILES_MANAGE } });
          expect(contents(path.join(root, c))).toEqual(before);
          // Reading is not a developer permission: the member still reads the source.
          expect((await call(mate, 'GET', `/files/download/${c}/src/box/secret.txt`)).body).toBe('dev secret');
          return;
        }
        expect(Object.keys(contents(path.join(root, c))).sort()).toEqual(after[op](c));
      });
    }
  }

  it("app users' file rules do not bind developers: a member moves out of a folder app users may not read", async () => {
    await setMate(STATES['everything granted'].permissions);
    expect(
      (await call(owner, 'POST', '/files/create/roles/docs/secret.txt/', { body: { file: 'dev only' } })).statusCode,
    ).toBe(200);
    const roles = (await call(owner, 'GET', '/security/roles')).json() as Array<{ roleId: string; rolename: string }>;
    const anon = roles.find((r) => r.rolename === 'NotAuthenticatedUser')!.roleId;
    for (const operation of ['Read', 'Write', 'Delete']) {
      expect(
        (
          await call(owner, 'PUT', `/security/roles/${anon}/files/roles`, {
            body: { permissions: [{ operation, access: 'DENY' }] },
          })
        ).statusCode,
      ).toBe(200);
    }
    const moved = await call(mate, 'POST', '/files/move/roles/docs/secret.txt/', text('roles/public/x.txt'));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(fs.readFileSync(path.join(root, 'roles', 'public', 'x.txt'), 'utf8')).toBe('dev only');
  });
});

type SdkFiles = {
  upload(file: unknown, path: string, overwrite?: boolean): Promise<{ fileURL: string }>;
  exists(path: string): Promise<boolean>;
  renameFile(oldPath: string, newName: string): Promise<string>;
  moveFile(source: string, target: string): Promise<string>;
  copyFile(source: string, target: string): Promise<string>;
};

/** The exploit as an app makes it, through the published `backendless` SDK over real HTTP. */
for (const kind of testDbKinds()) {
  describe(`backendless SDK: moving files keeps the file rules [${kind}]`, () => {
    let server: TestServer;
    let f: AppFixture;
    let origin: string;
    let files: SdkFiles;

    beforeAll(async () => {
      server = await startTestServer(kind);
      f = await appFixture(server);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
      const app = Backendless.initApp({
        serverURL: origin,
        appId: f.appId,
        apiKey: f.keys.JS,
        standalone: true,
      } as never) as unknown as { Files: SdkFiles };
      files = app.Files;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('refuses moving, copying or renaming a file out of a folder the caller may not read', async () => {
      await files.upload(Buffer.from('sdk secret'), 'docs/secret.txt');
      await files.upload(Buffer.from('fine'), 'open/fine.txt');
      await deny(f, 'docs/', 'Read');

      for (const attempt of [
        () => files.moveFile('docs/secret.txt', 'public/x.txt'),
        () => files.moveFile('docs/secret.txt', 'public/'),
        () => files.copyFile('docs/secret.txt', 'public/x.txt'),
        () => files.renameFile('docs/secret.txt', 'x.txt'),
      ]) {
        await expect(attempt()).rejects.toMatchObject({ code: 1011, status: 403 });
      }
      expect(await files.exists('public/x.txt')).toBe(false);
      // Plain reads on connections closed after each answer, so nothing keeps the server open.
      const read = await rawRequest(server, 'GET', `/${f.appId}/${f.keys.JS}/files/public/x.txt`);
      expect(read.status).toBe(404);
      expect(read.body).not.toContain('sdk secret');
      expect(fs.readFileSync(path.join(filesRoot(server, f.appId), 'docs', 'secret.txt'), 'utf8')).toBe('sdk secret');

      // What the caller may read, write and delete still moves.
      expect(await files.moveFile('open/fine.txt', 'public/fine.txt')).toMatch(/public\/fine\.txt$/);
      expect((await rawRequest(server, 'GET', `/${f.appId}/${f.keys.JS}/files/public/fine.txt`)).body).toBe('fine');
    });
  });
}
