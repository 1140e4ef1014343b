import { beforeAll, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';

const enc = (path: string) => path.split('/').map(encodeURIComponent).join('/');

describeEachDb('cloud code models and drafts', (server) => {
  let f: AppFixture;
  beforeAll(async () => {
    f = await appFixture(server());
  });

  it('lists languages and models; creates a model once; 404 names an unknown language', async () => {
    const langs = await server().call('GET', '/console/servercode/languages', { authKey: f.dev.authKey });
    expect(langs.json()).toEqual(['JS', 'CODELESS']);
    expect((await f.console('GET', '/servercode/models/JS')).json()).toEqual(['default']);
    const created = await f.console('POST', '/servercode/models/create', {
      appId: f.appId,
      language: 'JS',
      model: 'extra',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'extra', language: 'JS' });
    expect((await f.console('POST', '/servercode/models/create', { language: 'JS', model: 'extra' })).statusCode).toBe(
      409,
    );
    expect(
      (await f.console('POST', '/servercode/models/create', { language: 'JS', model: 'default' })).statusCode,
    ).toBe(409);
    expect((await f.console('GET', '/servercode/models/JS')).json()).toEqual(['default', 'extra']);
    const all = (await f.console('GET', '/servercode/models')).json() as Array<{ name: string; language: string }>;
    expect(all.map((m) => `${m.language}:${m.name}`)).toEqual(['JS:default', 'JS:extra', 'CODELESS:default']);
    const bad = await f.console('GET', '/servercode/models/COBOL');
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toContain("'COBOL'");
    expect((await f.console('GET', '/servercode/nomodel/draft/JS')).statusCode).toBe(404);
    expect((await f.console('GET', '/servercode/nomodel/draft/JS')).json().message).toContain("'nomodel'");
  });

  it('saves drafts with spaces and sub-folders and reads them back byte for byte', async () => {
    const text = 'line one\r\n\tüñí©ødé ✓ "quoted" \\ back\nno newline at end';
    const path = 'services/sub dir/my file.js';
    const saved = await f.console('PUT', '/servercode/default/draft/JS?sync=true', [
      { id: enc(path), content: text },
      { id: 'lib/util.js', content: 'export const x = 1;\n' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().map((x: { id: string }) => x.id)).toEqual(['lib/util.js', path]);
    expect(saved.json()[1]).toMatchObject({ name: 'my file.js', size: Buffer.byteLength(text) });

    const content = await f.console('GET', `/servercode/default/draft/JS/${enc(path)}`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toContain('text/plain');
    expect(content.rawPayload.equals(Buffer.from(text, 'utf8'))).toBe(true);

    const list = (await f.console('GET', '/servercode/default/draft/JS')).json();
    expect(list.map((x: { id: string }) => x.id)).toEqual(['lib/util.js', path]);
    expect((await f.console('GET', '/servercode/default/draft/JS/nope.js')).statusCode).toBe(404);

    // Deleting one file leaves the others.
    await f.console('PUT', '/servercode/default/draft/JS', [{ id: 'lib/util.js', deleted: true }]);
    expect((await f.console('GET', '/servercode/default/draft/JS')).json().map((x: { id: string }) => x.id)).toEqual([
      path,
    ]);
  });

  it('refuses paths that leave the model and changes nothing', async () => {
    for (const id of ['../x.js', 'a/../../x.js', 'a/%2E%2E/x.js', 'a\\b.js', 'a/./b.js']) {
      const res = await f.console('PUT', '/servercode/default/draft/JS', [{ id, content: 'x' }]);
      expect(res.statusCode, id).toBe(400);
    }
    expect((await f.console('GET', '/servercode/default/draft/JS/..%2F..%2Fx.js')).statusCode).toBe(400);
    // The HTTP layer may resolve an encoded `..` before routing; either way nothing outside is read.
    expect([400, 404]).toContain((await f.console('GET', '/servercode/default/draft/JS/a/%2E%2E/b.js')).statusCode);
    const list = (await f.console('GET', '/servercode/default/draft/JS')).json();
    expect(list.every((x: { id: string }) => !x.id.includes('..'))).toBe(true);
  });

  it('answers 413 for an oversized file and keeps the draft', async () => {
    const before = (await f.console('GET', '/servercode/default/draft/JS')).json();
    const big = 'x'.repeat(1024 * 1024 + 1);
    const res = await server().call('PUT', `/${f.appId}/console/servercode/default/draft/JS`, {
      authKey: f.dev.authKey,
      payload: JSON.stringify([{ id: 'big.js', content: big }]),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect((await f.console('GET', '/servercode/default/draft/JS')).json()).toEqual(before);
  });

  it('downloads the draft as a zip with the auth key in the path, and only for the app developer', async () => {
    const res = await server().call('GET', `/${f.appId}/console/${f.dev.authKey}/servercode/default/draft/JS/download`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(['services/sub dir/my file.js']);
    expect(strFromU8(files['services/sub dir/my file.js'])).toContain('üñí©ødé');
    expect(
      (await server().call('GET', `/${f.appId}/console/nokey/servercode/default/draft/JS/download`)).statusCode,
    ).toBe(401);
    const other = await appFixture(server());
    expect(
      (await server().call('GET', `/${f.appId}/console/${other.dev.authKey}/servercode/default/draft/JS/download`))
        .statusCode,
    ).toBe(404);
  });

  it('a deploy with a syntax error is a 400 naming file and line; the draft keeps it, production stays empty', async () => {
    const res = await f.console('PUT', '/servercode/default/production/JS', [
      { id: 'services/broken.js', content: 'class Broken {\n  hi() {\n    return (;\n  }\n}\n' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CLOUD_CODE_DEPLOY_ERROR');
    expect(res.json().message).toContain('services/broken.js:3');
    expect(res.json().details.errors[0]).toMatchObject({ file: 'services/broken.js', line: 3 });
    expect((await f.console('GET', '/servercode/default/draft/JS/services/broken.js')).statusCode).toBe(200);
    expect((await f.console('GET', '/servercode/default/deployments/JS')).json()).toEqual([]);
    expect((await f.console('GET', '/localservices')).json()).toEqual([]);
  });

  it('answers 404 naming an unknown service on the app API and the console', async () => {
    const res = await f.api('POST', '/services/Nope/hello', { body: 'Ann' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain("'Nope'");
    expect((await f.console('GET', '/localservices/NOPE/api-docs')).statusCode).toBe(404);
  });
});
