import { beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { PurgeScheduler } from './index.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachDb('cache', (server) => {
  let authKey: string;
  let appId: string;
  const base = () => `/${appId}/console/cache`;
  const put = (key: string, value: unknown, expireAt?: number) =>
    server().call(
      'PUT',
      `${base()}/${encodeURIComponent(key)}${expireAt === undefined ? '' : `?expireAt=${expireAt}`}`,
      {
        authKey,
        payload: JSON.stringify(value),
        headers: { 'content-type': 'application/json' },
      },
    );
  const rowsInStore = async () => {
    const row = await server()
      .app.basalt.dbs.app(appId)
      .selectFrom('_cache_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  beforeAll(async () => {
    authKey = (await registerDeveloper(server())).authKey;
    appId = await createTestApp(server(), authKey);
  });

  it('puts JSON values of every kind and lists them by key with paging and a count', async () => {
    const later = Date.now() + 3_600_000;
    expect((await put('user:1', { name: 'Ada', tags: ['x'] }, later)).json()).toEqual({
      key: 'user:1',
      value: { name: 'Ada', tags: ['x'] },
      expireAt: later,
    });
    expect((await put('greeting', 'hello')).statusCode).toBe(200);
    expect((await put('answer', 42)).statusCode).toBe(200);
    expect((await put('flag', false)).statusCode).toBe(200);
    const raw = await server().call('PUT', `${base()}/plain`, {
      authKey,
      payload: 'raw text',
      headers: { 'content-type': 'text/plain' },
    });
    expect(raw.statusCode).toBe(200);

    const count = await server().call('GET', `${base()}/count`, { authKey });
    expect(count.json()).toBe(5);
    const all = await server().call('GET', base(), { authKey });
    expect(all.json()).toEqual({
      answer: { value: 42, expireAt: null },
      flag: { value: false, expireAt: null },
      greeting: { value: 'hello', expireAt: null },
      plain: { value: 'raw text', expireAt: null },
      'user:1': { value: { name: 'Ada', tags: ['x'] }, expireAt: later },
    });
    const page = await server().call('GET', `${base()}?pagesize=2&offset=2`, { authKey });
    expect(Object.keys(page.json())).toEqual(['greeting', 'plain']);

    // Putting again replaces value and expiry.
    await put('answer', { v: 43 });
    expect(await server().app.basalt.cache.get(appId, 'answer')).toEqual({ v: 43 });
  });

  it('hides expired items on read and the purge deletes them for good', async () => {
    const soon = Date.now() + 800;
    expect((await put('short', 'lived', soon)).statusCode).toBe(200);
    expect((await put('short2', 'lived', soon)).statusCode).toBe(200);
    const before = (await server().call('GET', `${base()}/count`, { authKey })).json();
    const stored = await rowsInStore();
    await sleep(900);
    expect((await server().call('GET', `${base()}/count`, { authKey })).json()).toBe(before - 2);
    expect((await server().call('GET', base(), { authKey })).json().short).toBeUndefined();
    expect(await server().app.basalt.cache.contains(appId, 'short')).toBe(false);
    // Still on disk until the purge runs.
    expect(await rowsInStore()).toBe(stored);
    // An expired item cannot be deleted or re-timed: it is gone.
    expect((await server().call('DELETE', `${base()}/short2`, { authKey })).statusCode).toBe(404);
    expect(await server().app.basalt.cache.purgeExpired(appId)).toBe(1);
    expect(await rowsInStore()).toBe(stored - 2);
    await expect(server().app.basalt.cache.expireAt(appId, 'short2', Date.now() + 1000)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('runs the purge on a timer for apps that used expiry, and stops with the server', async () => {
    const cache = server().app.basalt.cache;
    const scheduler = new PurgeScheduler(20, (id) => cache.purgeExpired(id), server().app.log);
    await put('timed', 1, Date.now() + 300);
    const stored = await rowsInStore();
    scheduler.track(appId);
    await sleep(600);
    scheduler.stop();
    expect(await rowsInStore()).toBe(stored - 1);
  });

  it('app-facing expiry changes: expireAt and clearing it', async () => {
    const cache = server().app.basalt.cache;
    await cache.put(appId, 'ttl', 'v');
    await cache.expireAt(appId, 'ttl', Date.now() + 300);
    await cache.expireAt(appId, 'ttl', null);
    await sleep(350);
    expect(await cache.get(appId, 'ttl')).toBe('v');
  });

  it('refuses bad input with clear 4xx', async () => {
    expect((await put('past', 1, Date.now() - 1000)).statusCode).toBe(400);
    expect((await put('k'.repeat(256), 1)).statusCode).toBe(400);
    const big = await put('big', 'x'.repeat(1024 * 1024 + 10));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const noBody = await server().call('PUT', `${base()}/empty`, { authKey });
    expect(noBody.statusCode).toBe(400);
    expect((await server().call('GET', `${base()}?pagesize=500`, { authKey })).statusCode).toBe(400);
    expect((await server().call('DELETE', `${base()}/never-there`, { authKey })).statusCode).toBe(404);
    const ok = await server().call('DELETE', `${base()}/greeting`, { authKey });
    expect(ok.statusCode).toBe(200);
    expect((await server().call('GET', `${base()}/count`, { authKey })).statusCode).toBe(200);
  });
});
