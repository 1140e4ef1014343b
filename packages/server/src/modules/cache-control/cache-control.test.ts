import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { multipart } from '../files/files.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

/*
 * Cache control end to end: policies made through the published reference client and ours, applied
 * by the app API to its GET answers (headers, strong ETag, 304), never to writes, and never `public`
 * for an answer to a request that carried a user token.
 */
describeEachDb('cache control: policies and the app API', (server) => {
  let f: AppFixture;
  let reference: any;
  let ours: ReturnType<typeof createBasaltClient>;
  const get = (path: string, headers: Record<string, string> = {}) =>
    server().call('GET', `/${f.appId}/${f.keys.REST}${path}`, { headers });

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Article', [{ name: 'title', dataType: 'STRING' }]);
    await f.table('Draft', [{ name: 'title', dataType: 'STRING' }]);
    expect((await f.api('POST', '/data/Article', { body: { title: 'first' } })).statusCode).toBe(200);
    const url = await listenForClients(server());
    reference = createReferenceClient(url, f.dev.authKey);
    ours = createBasaltClient(url, f.dev.authKey);
  });

  it('a table policy with max-age 60 and ETag: header on find, 304 on a repeat with If-None-Match, a write changes the ETag', async () => {
    const made = await reference.cacheControl.createServiceItem(f.appId, 'data', 'Article', {
      cacheControl: 'public',
      maxAge: 60,
      etag: true,
    });
    expect(made).toMatchObject({ service: 'data', target: 'Article', cacheControl: 'public', maxAge: 60, etag: true });

    const first = await get('/data/Article');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);

    const again = await get('/data/Article', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, one of them weak, still matches (weak comparison for If-None-Match).
    expect((await get('/data/Article', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get('/data/Article', { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // One record and the count are answers of the table too.
    const one = (await get('/data/Article')).json()[0].objectId as string;
    expect((await get(`/data/Article/${one}`)).headers['cache-control']).toBe('public, max-age=60');
    expect((await get('/data/Article/count')).headers.etag).toBeDefined();

    // A write is never given caching headers, and it changes what the find answers.
    const write = await f.api('POST', '/data/Article', { body: { title: 'second' } });
    expect(write.statusCode).toBe(200);
    expect(write.headers.etag).toBeUndefined();
    expect(write.headers['cache-control']).toBeUndefined();
    const after = await get('/data/Article', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);

    // Another table has no policy: no caching headers.
    const other = await get('/data/Draft');
    expect(other.headers.etag).toBeUndefined();
    expect(other.headers['cache-control']).toBeUndefined();
  });

  it('a request with a user token is never answered public', async () => {
    const user = await f.user();
    const res = await get('/data/Article', { 'user-token': user.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    expect(String(res.headers.vary)).toContain('user-token');
    // Error answers are never cached either.
    const missing = await get('/data/Article/no-such-id');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('update, list, get and delete through our SDK; the change applies at once', async () => {
    const changed = await ours.cacheControl.updateServiceItem(f.appId, 'data', 'Article', {
      cacheControl: 'no-cache',
      etag: false,
    });
    expect(changed).toMatchObject({ cacheControl: 'no-cache', maxAge: 60, etag: false });
    const res = await get('/data/Article');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeUndefined();

    expect((await ours.cacheControl.loadAllServiceItems(f.appId, 'data')).map((p) => p.target)).toEqual(['Article']);
    expect((await reference.cacheControl.loadServiceItem(f.appId, 'data', 'Article')).cacheControl).toBe('no-cache');
    expect(await ours.cacheControl.deleteServiceItem(f.appId, 'data', 'Article')).toEqual({ success: true });
    expect((await get('/data/Article')).headers['cache-control']).toBeUndefined();
    await expect(ours.cacheControl.loadServiceItem(f.appId, 'data', 'Article')).rejects.toMatchObject({ status: 404 });
  });

  it('a files prefix policy covers the files under it; the longest prefix wins', async () => {
    const up = (path: string, text: string) =>
      server().call('POST', `/${f.appId}/${f.keys.REST}/files/${path}?overwrite=true`, multipart('file', 'x', text));
    expect((await up('web/img/logo.txt', 'logo')).statusCode).toBe(200);
    expect((await up('web/index.txt', 'home')).statusCode).toBe(200);
    await ours.cacheControl.createServiceItem(f.appId, 'files', 'web', { cacheControl: 'public', maxAge: 300 });
    await ours.cacheControl.createServiceItem(f.appId, 'files', 'web/img', {
      cacheControl: 'private',
      maxAge: 3600,
      etag: true,
    });
    const home = await get('/files/web/index.txt');
    expect([home.statusCode, home.body]).toEqual([200, 'home']);
    expect(home.headers['cache-control']).toBe('public, max-age=300');
    const logo = await get('/files/web/img/logo.txt');
    expect(logo.headers['cache-control']).toBe('private, max-age=3600');
    const tag = String(logo.headers.etag);
    const cached = await get('/files/web/img/logo.txt', { 'if-none-match': tag });
    expect([cached.statusCode, cached.body]).toEqual([304, '']);
    expect(cached.headers['content-length']).toBeUndefined();
    // `webby/` is not under `web`: whole path parts only.
    expect((await up('webby/a.txt', 'a')).statusCode).toBe(200);
    expect((await get('/files/webby/a.txt')).headers['cache-control']).toBe('private, no-cache');
  });

  it('bad input is a 4xx naming the problem', async () => {
    const call = (method: 'POST' | 'PUT' | 'GET' | 'DELETE', path: string, body?: unknown) =>
      f.console(method, `/cachecontrol/${path}`, body);
    const bad = async (res: Awaited<ReturnType<typeof call>>, status: number, text: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toContain(text);
    };
    await bad(await call('POST', 'geo/x', {}), 400, "'geo'");
    await bad(await call('POST', 'data/NoSuchTable', {}), 404, "'NoSuchTable'");
    await bad(await call('POST', 'data/Draft', { cacheControl: 'everyone' }), 400, 'cacheControl');
    await bad(await call('POST', 'data/Draft', { maxAge: -1 }), 400, 'maxAge');
    await bad(await call('POST', 'data/Draft', { maxAge: 'soon' }), 400, 'maxAge');
    await bad(await call('POST', `files/${encodeURIComponent('web/../etc')}`, {}), 400, "'..'");
    await bad(await call('PUT', 'data/Draft', { maxAge: 5 }), 404, 'Draft');
    await bad(await call('DELETE', 'data/Draft'), 404, 'Draft');
    expect((await call('POST', 'data/Draft', {})).json()).toMatchObject({
      cacheControl: 'no-cache',
      maxAge: 0,
      etag: true,
    });
    await bad(await call('POST', 'data/Draft', {}), 409, 'Draft');
  });
});
