import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import {
  createTestApp,
  registerDeveloper,
  startTestServer,
  testDbKinds,
  type DbKind,
  type TestServer,
} from '../../test-helpers.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One suite, three backends: SQL on each database, and Redis. */
const backends: Array<{ name: string; kind: DbKind; redis: boolean }> = [
  ...testDbKinds().map((kind) => ({ name: `sql on ${kind}`, kind, redis: false })),
  { name: 'redis', kind: 'sqlite', redis: true },
];

for (const backend of backends) {
  describe(`hives [${backend.name}]`, () => {
    let server: TestServer;
    let authKey: string;
    let appId: string;
    const h = (path = '') => `/${appId}/console/hive${path}`;
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      server.call(method, h(path), { authKey, body });
    const json = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
      const res = await call(method, path, body);
      if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
      return res.json();
    };

    beforeAll(async () => {
      server = await startTestServer(backend.kind, backend.redis ? { redisUrl: REDIS_URL } : {});
      authKey = (await registerDeveloper(server)).authKey;
      appId = await createTestApp(server, authKey);
    });

    afterAll(async () => {
      if (backend.redis && appId) {
        // Deleting every hive must leave nothing of this app in Redis (keys carry the app id).
        for (const name of await json('GET', '')) await json('DELETE', `/${name}`);
        const redis = new Redis(REDIS_URL);
        const [, left] = await redis.scan('0', 'MATCH', `basalt:hive:${appId}:*`, 'COUNT', 100000);
        await redis.quit();
        expect(left).toEqual([]);
      }
      await server?.close();
    });

    it('creates, lists, renames and deletes hives', async () => {
      expect(await json('POST', '/shop')).toEqual({ name: 'shop' });
      expect(await json('POST', '/archive')).toEqual({ name: 'archive' });
      expect((await call('POST', '/shop')).statusCode).toBe(409);
      expect(await json('GET', '')).toEqual(['archive', 'shop']);

      await json('PUT', '/archive/key-value/a', { value: 1 });
      expect((await call('PUT', '/archive?newName=shop')).statusCode).toBe(409);
      expect((await call('PUT', '/nothing?newName=other')).statusCode).toBe(404);
      expect(await json('PUT', '/archive?newName=old')).toEqual({ name: 'old' });
      expect(await json('GET', '/old/key-value/a')).toBe(1);
      expect(await json('DELETE', '/old')).toBe(1);
      expect(await json('GET', '')).toEqual(['shop']);
      expect((await call('GET', '/old/key-value/keys')).statusCode).toBe(404);
      expect((await call('POST', '/bad:name')).statusCode).toBe(400);
    });

    it('key-value: set, batch and single reads, cursor-paged keys with a filter, delete', async () => {
      const names = Array.from({ length: 25 }, (_, i) => `item-${String(i).padStart(2, '0')}`);
      for (const [i, k] of names.entries()) await json('PUT', `/shop/key-value/${k}`, { value: { n: i, tag: 'x' } });
      await json('PUT', '/shop/key-value/other', { value: 'text' });

      expect(await json('POST', '/shop/key-value', ['item-03', 'nope', 'other'])).toEqual({
        'item-03': { n: 3, tag: 'x' },
        other: 'text',
      });
      expect(await json('GET', '/shop/key-value/other')).toBe('text');
      expect((await call('GET', '/shop/key-value/nope')).statusCode).toBe(404);

      const seen = new Set<string>();
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await json(
          'GET',
          `/shop/key-value/keys?pageSize=10&filterPattern=item-*${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        // SQL pages hold at most pageSize keys; a Redis SCAN round may add a few more.
        expect(page.keys.length).toBeLessThanOrEqual(20);
        page.keys.forEach((k: string) => seen.add(k));
        cursor = page.cursorId;
        pages++;
      } while (cursor !== '0' && pages < 100);
      expect([...seen].sort()).toEqual(names);
      expect(pages).toBeGreaterThan(1);
      const one = await json('GET', '/shop/key-value/keys?filterPattern=item-1?');
      expect(one.keys.sort()).toEqual(names.slice(10, 20));
      expect(one.cursorId).toBe('0');

      expect(await json('DELETE', '/shop/key-value', ['item-00', 'item-01', 'never'])).toBe(2);
      expect((await json('GET', '/shop/key-value/keys?filterPattern=item-0*')).keys.sort()).toEqual(names.slice(2, 10));
      expect((await call('GET', '/shop/key-value/keys?cursor=not-a-cursor')).statusCode).toBe(400);
    });

    it('list: append, read, set by index, delete by value, replace', async () => {
      expect(await json('PUT', '/shop/list/queue/add-last', ['a', 'b', 'a', { c: 1 }])).toBe(4);
      expect(await json('PUT', '/shop/list/queue/add', { value: ['d'] })).toBe(5);
      expect(await json('GET', '/shop/list/queue')).toEqual(['a', 'b', 'a', { c: 1 }, 'd']);
      expect(await json('PUT', '/shop/list/queue/1', { value: 'B' })).toEqual({ success: true });
      expect(await json('PUT', '/shop/list/queue/-1', { value: 'D' })).toEqual({ success: true });
      expect((await call('PUT', '/shop/list/queue/9', { value: 'x' })).statusCode).toBe(400);
      expect((await call('PUT', '/shop/list/none/0', { value: 'x' })).statusCode).toBe(404);
      expect(await json('PUT', '/shop/list/queue/delete-value', { value: 'a' })).toBe(2);
      expect(await json('GET', '/shop/list/queue')).toEqual(['B', { c: 1 }, 'D']);
      expect(await json('DELETE', '/shop/list/queue/values', [{ c: 1 }])).toBe(1);
      expect(await json('PUT', '/shop/list/queue', { value: [3, 2, 1] })).toEqual({ success: true });
      expect(await json('GET', '/shop/list/queue')).toEqual([3, 2, 1]);
      // A collection emptied is gone.
      expect(await json('DELETE', '/shop/list/queue/values', [1, 2, 3])).toBe(3);
      expect((await call('GET', '/shop/list/queue')).statusCode).toBe(404);
    });

    it('set: add counts new members, remove by value', async () => {
      expect(await json('PUT', '/shop/set/tags/add', ['red', 'blue', 'red'])).toBe(2);
      expect(await json('PUT', '/shop/set/tags/add', { value: ['blue', 'green'] })).toBe(1);
      expect((await json('GET', '/shop/set/tags')).sort()).toEqual(['blue', 'green', 'red']);
      expect(await json('DELETE', '/shop/set/tags/values', ['red'])).toBe(1);
      expect(await json('DELETE', '/shop/set/tags/values', ['nope'])).toBe(0);
      expect((await json('GET', '/shop/set/tags')).sort()).toEqual(['blue', 'green']);
      await json('PUT', '/shop/set/tags', { value: ['one'] });
      expect(await json('GET', '/shop/set/tags')).toEqual(['one']);
    });

    it('map: replace, add fields, remove fields', async () => {
      await json('PUT', '/shop/map/user', { value: { name: 'Ada', age: 36 } });
      expect(await json('PUT', '/shop/map/user/add', { value: { age: 37, city: 'London' } })).toBe(1);
      expect(await json('GET', '/shop/map/user')).toEqual({ age: 37, city: 'London', name: 'Ada' });
      expect(await json('DELETE', '/shop/map/user/values', ['city', 'zip'])).toBe(1);
      expect(await json('GET', '/shop/map/user')).toEqual({ age: 37, name: 'Ada' });
      expect((await call('PUT', '/shop/map/user', { value: [1] })).statusCode).toBe(400);
    });

    it('sorted-set: add [[score, member]], read by rank with scores, remove', async () => {
      expect(
        await json('PUT', '/shop/sorted-set/board/add', {
          value: [
            [30, 'carol'],
            [10, 'alice'],
            [20, 'bob'],
          ],
        }),
      ).toBe(3);
      expect(
        await json('PUT', '/shop/sorted-set/board/add', {
          value: [
            [5, 'bob'],
            [40, 'dave'],
          ],
        }),
      ).toBe(1);
      const range = '/shop/sorted-set/board/get-range-by-rank?startRank=0&stopRank=99&withScores=true';
      expect(await json('GET', range)).toEqual([
        [5, 'bob'],
        [10, 'alice'],
        [30, 'carol'],
        [40, 'dave'],
      ]);
      expect(await json('GET', '/shop/sorted-set/board/get-range-by-rank?startRank=1&stopRank=-2')).toEqual([
        'alice',
        'carol',
      ]);
      expect(await json('GET', '/shop/sorted-set/board')).toEqual([
        [5, 'bob'],
        [10, 'alice'],
        [30, 'carol'],
        [40, 'dave'],
      ]);
      expect(await json('DELETE', '/shop/sorted-set/board/values', ['bob'])).toBe(1);
      expect(await json('GET', range)).toEqual([
        [10, 'alice'],
        [30, 'carol'],
        [40, 'dave'],
      ]);
      await json('PUT', '/shop/sorted-set/board', { value: [[1.5, { id: 1 }]] });
      expect(await json('GET', range)).toEqual([[1.5, { id: 1 }]]);
      expect((await call('PUT', '/shop/sorted-set/board/add', { value: [['high', 'x']] })).statusCode).toBe(400);
      expect((await call('PUT', '/shop/sorted-set/board/add', { value: [[1, 'x', 'y']] })).statusCode).toBe(400);
      expect(
        await json('GET', '/shop/sorted-set/none/get-range-by-rank?startRank=0&stopRank=99&withScores=true'),
      ).toEqual([]);
    });

    it('expiry: ttl, expire-at, clear, reads hide expired keys; seconds since last operation', async () => {
      await json('PUT', '/shop/key-value/temp', { value: 1 });
      expect(await json('GET', '/shop/key-value/temp/get-expiration-ttl')).toBe(-1);
      expect(await json('GET', '/shop/key-value/missing/get-expiration-ttl')).toBe(-2);
      expect(await json('PUT', '/shop/key-value/temp/expire?ttl=100')).toEqual({ success: true });
      expect(await json('GET', '/shop/key-value/temp/get-expiration-ttl')).toBeGreaterThanOrEqual(99);
      // Setting the value again keeps the expiry.
      await json('PUT', '/shop/key-value/temp', { value: 2 });
      expect(await json('GET', '/shop/key-value/temp/get-expiration-ttl')).toBeGreaterThanOrEqual(99);
      expect(await json('PUT', '/shop/key-value/temp/clear-expiration')).toEqual({ success: true });
      expect(await json('GET', '/shop/key-value/temp/get-expiration-ttl')).toBe(-1);
      const inAnHour = Math.floor(Date.now() / 1000) + 3600;
      await json('PUT', `/shop/key-value/temp/expire-at?unixTime=${inAnHour}`);
      expect(await json('GET', '/shop/key-value/temp/get-expiration-ttl')).toBeGreaterThan(3500);
      expect((await call('PUT', '/shop/key-value/missing/expire?ttl=5')).statusCode).toBe(404);
      expect((await call('PUT', '/shop/key-value/temp/expire-at?unixTime=1000')).statusCode).toBe(400);

      // The list paths of the same operations (the router's static `list` branch).
      await json('PUT', '/shop/list/short/add-last', ['x']);
      await json('PUT', '/shop/list/short/expire?ttl=50');
      expect(await json('GET', '/shop/list/short/get-expiration-ttl')).toBeGreaterThan(40);
      await json('PUT', '/shop/list/short/clear-expiration');
      expect(await json('GET', '/shop/list/short/get-expiration-ttl')).toBe(-1);

      // Expiry in epoch milliseconds, a moment away.
      await json('PUT', '/shop/set/flash/add', ['a']);
      await json('PUT', `/shop/set/flash/expire-at?unixTime=${Date.now() + 1000}`);
      await json('PUT', '/shop/list/short/expire-at?unixTime=' + (Date.now() + 1000));
      expect(await json('GET', '/shop/set/flash/seconds-since-last-operation')).toBeLessThanOrEqual(1);
      await sleep(2100);
      expect((await call('GET', '/shop/set/flash')).statusCode).toBe(404);
      expect((await call('GET', '/shop/list/short')).statusCode).toBe(404);
      expect(await json('GET', '/shop/set/flash/get-expiration-ttl')).toBe(-2);
      expect((await json('GET', '/shop/set/keys')).keys).not.toContain('flash');
      expect(await json('GET', '/shop/key-value/temp/seconds-since-last-operation')).toBeGreaterThanOrEqual(1);
      expect((await call('GET', '/shop/key-value/missing/seconds-since-last-operation')).statusCode).toBe(404);
      // An expired key starts afresh on its next write.
      expect(await json('PUT', '/shop/set/flash/add', ['b'])).toBe(1);
      expect(await json('GET', '/shop/set/flash')).toEqual(['b']);
      expect(await json('GET', '/shop/set/flash/get-expiration-ttl')).toBe(-1);
    });

    it('routes with a store type reach the right handler for every type', async () => {
      await json('PUT', '/shop/sorted-set/rank/add', [[1, 'a']]);
      expect(await json('GET', '/shop/sorted-set/rank/get-expiration-ttl')).toBe(-1);
      await json('PUT', '/shop/set/s/add', ['x']);
      await json('PUT', '/shop/set/s/expire?ttl=30');
      expect(await json('GET', '/shop/set/s/get-expiration-ttl')).toBeGreaterThan(20);
      await json('PUT', '/shop/map/m', { value: { a: 1 } });
      expect((await json('GET', '/shop/map/keys')).keys).toContain('m');
    });

    it('keeps concurrent writes to one key whole', async () => {
      const appends = await Promise.all(
        Array.from({ length: 20 }, (_, i) => json('PUT', '/shop/list/busy/add-last', [i])),
      );
      expect([...appends].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await json('GET', '/shop/list/busy')).sort((a: number, b: number) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i),
      );
      const adds = await Promise.all(Array.from({ length: 20 }, (_, i) => json('PUT', '/shop/set/busy/add', [i % 5])));
      expect(adds.reduce((a: number, b: number) => a + b, 0)).toBe(5);
    });

    it('purges expired keys for good on the SQL backend', async () => {
      await json('PUT', '/shop/key-value/purge-me', { value: 1 });
      await json('PUT', `/shop/key-value/purge-me/expire-at?unixTime=${Date.now() + 1000}`);
      await sleep(1100);
      const purged = await server.app.basalt.hives.purgeExpired(appId);
      if (backend.redis) expect(purged).toBe(0);
      else expect(purged).toBeGreaterThanOrEqual(1);
      expect(await json('GET', '/shop/key-value/purge-me/get-expiration-ttl')).toBe(-2);
    });

    it('refuses bad input with clear 4xx', async () => {
      expect((await call('GET', '/shop/tree/keys')).statusCode).toBe(400);
      expect((await call('PUT', `/shop/key-value/${'k'.repeat(256)}`, { value: 1 })).statusCode).toBe(400);
      expect((await call('PUT', '/shop/key-value/kv/add', ['x'])).statusCode).toBe(400);
      expect((await call('PUT', '/shop/list/l/add-last', [])).statusCode).toBe(400);
      expect((await call('PUT', '/shop/list/l/abc', { value: 1 })).statusCode).toBe(400);
      expect((await call('PUT', '/shop/key-value/kv', {})).statusCode).toBe(400);
      const big = await call('PUT', '/shop/set/s/add', ['x'.repeat(2000)]);
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
      expect((await call('GET', '/nothing/key-value/keys')).statusCode).toBe(404);
      expect((await call('PUT', '/shop/key-value/kv', { value: 1 })).statusCode).toBe(200);
      const anonymous = await server.call('GET', h());
      expect(anonymous.statusCode).toBe(401);
    });
  });
}
