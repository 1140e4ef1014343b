import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, registerDeveloper, createTestApp } from '../../test-helpers.js';
import { filesRoot, multipart } from './files.test-helpers.js';

describeEachDb('files: console file manager', (server) => {
  let authKey: string;
  let appId: string;
  let base: string;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts: { body?: unknown; payload?: string | Buffer; headers?: Record<string, string> } = {},
  ) => server().call(method, `/${appId}/console/files${url}`, { authKey, ...opts });
  const text = (payload: string) => ({ payload, headers: { 'content-type': 'text/plain' } });

  beforeAll(async () => {
    ({ authKey } = await registerDeveloper(server()));
    appId = await createTestApp(server(), authKey);
    base = filesRoot(server(), appId);
  });

  it('reports the area as available and refuses callers without a key', async () => {
    const status = await server().call('GET', '/console/status');
    expect(status.json().areas.files).toBe('available');
    const res = await server().call('GET', `/${appId}/console/files/directory/view`);
    expect(res.statusCode).toBe(401);
  });

  it('creates folders and text files, answers exists, edits and reads them back', async () => {
    const dir = await call('POST', '/createdir/docs/drafts/');
    expect(dir.statusCode).toBe(200);
    expect(dir.json()).toMatchObject({ name: 'drafts', path: 'docs/drafts', type: 'DIRECTORY', size: 0 });
    expect(fs.statSync(path.join(base, 'docs', 'drafts')).isDirectory()).toBe(true);

    const created = await call('POST', '/create/docs/note%20one.txt/', { body: { file: 'hello' } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'note one.txt', path: 'docs/note one.txt', type: 'FILE', size: 5 });
    expect(typeof created.json().updated).toBe('number');
    expect((await call('POST', '/create/docs/note%20one.txt/', { body: { file: 'again' } })).statusCode).toBe(409);

    const consoleFile = await call('POST', '/create/docs/raw.md', text('# raw'));
    expect(consoleFile.statusCode).toBe(200);
    expect(fs.readFileSync(path.join(base, 'docs', 'raw.md'), 'utf8')).toBe('# raw');

    expect((await call('GET', '/exists/docs/note%20one.txt/')).json()).toBe(true);
    expect((await call('GET', '/exists/docs/drafts/')).json()).toBe(true);
    expect((await call('GET', '/exists/docs/missing.txt/')).json()).toBe(false);

    const edited = await call('POST', '/edit/docs/note%20one.txt/', { body: { file: 'hello, world' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().size).toBe(12);
    expect((await call('POST', '/edit/docs/none.txt/', { body: { file: 'x' } })).statusCode).toBe(404);

    const download = await call('GET', '/download/docs/note%20one.txt');
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('hello, world');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="note one.txt"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const link = await server().call('GET', `/files/download/${appId}/docs/note%20one.txt`, { authKey });
    expect(link.statusCode).toBe(200);
    expect(link.body).toBe('hello, world');
  });

  it('views files inline with their content type, active content sandboxed', async () => {
    await call('POST', '/create/view/page.html/', { body: { file: '<script>alert(1)</script>' } });
    await call('POST', '/create/view/pic.svg/', { body: { file: '<svg xmlns="http://www.w3.org/2000/svg"/>' } });
    await call('POST', '/create/view/code.js/', { body: { file: 'alert(1)' } });
    await call('POST', '/create/view/data.json/', { body: { file: '{"a":1}' } });

    const html = await call('GET', '/view/view/page.html');
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-security-policy']).toBe('sandbox');
    expect(html.headers['content-disposition']).toMatch(/^inline/);
    const svg = await call('GET', '/view/view/pic.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toBe('sandbox');
    const js = await call('GET', '/view/view/code.js');
    expect(js.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(js.body).toBe('alert(1)');
    const json = await call('GET', '/view/view/data.json');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect((await call('GET', '/view/view/none.png')).statusCode).toBe(404);
    expect((await call('GET', '/view/view')).statusCode).toBe(409);
  });

  it('lists a folder with pattern, sub, sort and paging, and counts with the same filter', async () => {
    await call('POST', '/createdir/list/inner/');
    for (const [name, body] of [
      ['b.txt', 'bb'],
      ['a.txt', 'aaaa'],
      ['c.log', 'c'],
      ['inner/d.txt', 'ddd'],
    ]) {
      expect((await call('POST', `/create/list/${name}/`, { body: { file: body } })).statusCode).toBe(200);
    }
    const all = await call('GET', '/directory/view/list');
    expect(all.statusCode).toBe(200);
    expect(all.json().map((e: { name: string }) => e.name)).toEqual(['inner', 'a.txt', 'b.txt', 'c.log']);
    expect(all.json()[1]).toMatchObject({
      path: 'list/a.txt',
      type: 'FILE',
      size: 4,
      url: `/${appId}/console/files/view/list/a.txt`,
    });

    const txt = await call('GET', '/directory/view/list?pattern=*.txt');
    expect(txt.json().map((e: { name: string }) => e.name)).toEqual(['a.txt', 'b.txt']);
    const sub = await call('GET', '/directory/view/list?pattern=*.txt&sub=true');
    expect(sub.json().map((e: { path: string }) => e.path)).toEqual(['list/a.txt', 'list/b.txt', 'list/inner/d.txt']);
    const bySize = await call('GET', '/directory/view/list?sortBy=size&sortDirection=desc');
    expect(bySize.json().map((e: { name: string }) => e.name)).toEqual(['inner', 'a.txt', 'b.txt', 'c.log']);
    const page = await call('GET', '/directory/view/list?pageSize=2&offset=1');
    expect(page.json().map((e: { name: string }) => e.name)).toEqual(['a.txt', 'b.txt']);

    expect((await call('GET', '/directory/view/list/count')).json()).toBe(4);
    expect((await call('GET', '/directory/view/list/count?pattern=*.txt&sub=true')).json()).toBe(3);
    const root = await call('GET', '/directory/view/');
    expect(root.json().map((e: { name: string }) => e.name)).toContain('list');
    expect(root.json().map((e: { name: string }) => e.name)).not.toContain('.basalt-tmp');
    expect(typeof (await call('GET', '/directory/view/count')).json()).toBe('number');

    expect((await call('GET', '/directory/view/list?pageSize=0')).statusCode).toBe(400);
    expect((await call('GET', '/directory/view/list?sortBy=color')).statusCode).toBe(400);
    expect((await call('GET', '/directory/view/nowhere')).statusCode).toBe(404);
  });

  it('moves, copies and renames, into a folder when the destination ends with /', async () => {
    await call('POST', '/create/ops/one.txt/', { body: { file: '1' } });
    await call('POST', '/createdir/ops/target/');

    const moved = await call('POST', '/move/ops/one.txt/', text('ops/target/'));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().path).toBe('ops/target/one.txt');
    expect(fs.existsSync(path.join(base, 'ops', 'one.txt'))).toBe(false);

    const full = await call('POST', '/move/ops/target/one.txt/', text('/ops/two%20words.txt'));
    expect(full.json().path).toBe('ops/two words.txt');

    const copied = await call('POST', '/copy/ops/two%20words.txt/', text('ops/target/'));
    expect(copied.json().path).toBe('ops/target/two words.txt');
    expect(fs.readFileSync(path.join(base, 'ops', 'two words.txt'), 'utf8')).toBe('1');
    expect((await call('POST', '/copy/ops/two%20words.txt/', text('ops/target/'))).statusCode).toBe(409);

    const dirCopy = await call('POST', '/copy/ops/target/', text('ops/target-copy'));
    expect(dirCopy.json()).toMatchObject({ path: 'ops/target-copy', type: 'DIRECTORY' });
    expect(fs.readFileSync(path.join(base, 'ops', 'target-copy', 'two words.txt'), 'utf8')).toBe('1');
    expect((await call('POST', '/move/ops/target/', text('ops/target/inside/'))).statusCode).toBe(409);

    const renamed = await call('POST', '/rename/ops/two%20words.txt/', text('three%2Bfour.txt'));
    expect(renamed.json().path).toBe('ops/three+four.txt');
    expect((await call('POST', '/rename/ops/three%2Bfour.txt/', text('a%2Fb.txt'))).statusCode).toBe(400);
    expect((await call('POST', '/move/ops/missing.txt/', text('ops/x.txt'))).statusCode).toBe(404);
    expect((await call('POST', '/move/ops/three%2Bfour.txt/', text(''))).statusCode).toBe(400);
  });

  it('deletes files and folders with their content', async () => {
    await call('POST', '/create/del/a/b.txt/', { body: { file: 'x' } });
    expect((await call('DELETE', '/del/a/b.txt/')).statusCode).toBe(200);
    expect(fs.existsSync(path.join(base, 'del', 'a', 'b.txt'))).toBe(false);
    await call('POST', '/create/del/a/c.txt/', { body: { file: 'x' } });
    expect((await call('DELETE', '/del/')).statusCode).toBe(200);
    expect(fs.existsSync(path.join(base, 'del'))).toBe(false);
    expect((await call('DELETE', '/del/')).statusCode).toBe(404);
    expect((await call('DELETE', '/%2F')).statusCode).toBe(400);
  });

  it('uploads from any multipart field, refusing an existing file unless overwrite is set', async () => {
    const first = multipart('whatever', 'local-name.bin', 'first', { note: 'ignored' });
    const up = await call('POST', '/upload/up/photo.png/', first);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ name: 'photo.png', path: 'up/photo.png', size: 5 });
    expect(fs.readFileSync(path.join(base, 'up', 'photo.png'), 'utf8')).toBe('first');

    const again = await call('POST', '/upload/up/photo.png/', multipart('file', 'x', 'second'));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    expect(fs.readFileSync(path.join(base, 'up', 'photo.png'), 'utf8')).toBe('first');

    const replaced = await call('POST', '/upload/up/photo.png/?overwrite=true', multipart('file', 'x', 'second'));
    expect(replaced.statusCode).toBe(200);
    expect(fs.readFileSync(path.join(base, 'up', 'photo.png'), 'utf8')).toBe('second');

    const rootUpload = await call('POST', '/upload//top.txt/', multipart('file', 'x', 'top'));
    expect(rootUpload.json().path).toBe('top.txt');
    expect((await call('POST', '/upload/up/plain.txt/', { body: { not: 'multipart' } })).statusCode).toBe(400);
    expect(fs.readdirSync(path.join(base, '.basalt-tmp'))).toEqual([]);
  });

  it('zips a folder beside itself and unzips it into a new folder', async () => {
    await call('POST', '/create/zipme/a.txt/', { body: { file: 'alpha' } });
    await call('POST', '/create/zipme/sub/b.txt/', { body: { file: 'beta' } });
    await call('POST', '/createdir/zipme/empty/');
    const zipped = await call('PUT', '/zipme?operation=zip');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.json()).toMatchObject({ path: 'zipme.zip', type: 'FILE' });
    expect((await call('PUT', '/zipme?operation=zip')).statusCode).toBe(409);

    await call('POST', '/move/zipme.zip/', text('unpacked/'));
    const unzipped = await call('PUT', '/unpacked/zipme.zip?operation=unzip');
    expect(unzipped.statusCode).toBe(200);
    expect(unzipped.json()).toMatchObject({ path: 'unpacked/zipme', type: 'DIRECTORY' });
    expect(fs.readFileSync(path.join(base, 'unpacked', 'zipme', 'a.txt'), 'utf8')).toBe('alpha');
    expect(fs.readFileSync(path.join(base, 'unpacked', 'zipme', 'sub', 'b.txt'), 'utf8')).toBe('beta');
    expect(fs.statSync(path.join(base, 'unpacked', 'zipme', 'empty')).isDirectory()).toBe(true);
    expect((await call('PUT', '/unpacked/zipme.zip?operation=unzip')).statusCode).toBe(409);

    expect((await call('PUT', '/zipme/a.txt?operation=unzip')).statusCode).toBe(400);
    await call('POST', '/create/bad.zip/', { body: { file: 'not a zip at all' } });
    expect((await call('PUT', '/bad.zip?operation=unzip')).statusCode).toBe(400);
    expect(fs.existsSync(path.join(base, 'bad'))).toBe(false);
    expect((await call('PUT', '/zipme?operation=explode')).statusCode).toBe(400);
    const rootZip = await call('PUT', '/%2F?operation=zip');
    expect(rootZip.json().path).toBe('files.zip');
  });

  it('removes the files of an application when it is deleted', async () => {
    const doomed = await createTestApp(server(), authKey);
    await server().call('POST', `/${doomed}/console/files/create/x.txt/`, { authKey, body: { file: 'x' } });
    const doomedRoot = filesRoot(server(), doomed);
    expect(fs.existsSync(path.join(doomedRoot, 'x.txt'))).toBe(true);
    expect((await server().call('DELETE', `/${doomed}/console/application`, { authKey })).statusCode).toBe(200);
    await expect.poll(() => fs.existsSync(doomedRoot)).toBe(false);
    expect(fs.existsSync(base)).toBe(true);
  });

  it('refuses names with control characters or reserved names with 400', async () => {
    for (const bad of ['tab%09name.txt', 'nul%00.txt', 'CON', 'aux.txt', 'a%3Ab.txt', 'LPT1']) {
      const res = await call('POST', `/create/names/${bad}/`, { body: { file: 'x' } });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
    expect((await call('POST', '/createdir/names/bell%07/')).statusCode).toBe(400);
    expect((await call('POST', '/upload/names/COM1/', multipart('file', 'x', 'x'))).statusCode).toBe(400);
    expect(fs.existsSync(path.join(base, 'names'))).toBe(false);
  });
});
