import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Backendless from 'backendless';
import { startTestServer, testDbKinds, type DbKind, type TestServer } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One suite, three backends: SQL on each database, and Redis (as the console's hive suite). */
const backends: Array<{ name: string; kind: DbKind; redis: boolean }> = [
  ...testDbKinds().map((kind) => ({ name: `sql on ${kind}`, kind, redis: false })),
  { name: 'redis', kind: 'sqlite', redis: true },
];

type Sdk = typeof Backendless;

for (const backend of backends) {
  describe(`app API hives [${backend.name}]`, () => {
    let server: TestServer;
    let f: AppFixture;
    let origin: string;
    const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
      const res = await f.api(method, path, body === undefined ? {} : { body });
      if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
      return res.json();
    };

    beforeAll(async () => {
      server = await startTestServer(backend.kind, backend.redis ? { redisUrl: REDIS_URL } : {});
      f = await appFixture(server);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(async () => {
      if (f) for (const name of await ok('GET', '/hive')) await ok('DELETE', `/hive/${name}`);
      await server?.close();
    });

    it('creates, lists, renames and deletes hives', async () => {
      expect(await ok('GET', '/hive')).toEqual([]);
      await ok('POST', '/hive/first');
      expect((await f.api('POST', '/hive/first')).statusCode).toBe(409);
      await ok('PUT', '/hive/first?newName=second');
      expect(await ok('GET', '/hive')).toEqual(['second']);
      await ok('PUT', '/hive/second/key-value', { k: 1 });
      expect(await ok('DELETE', '/hive/second')).toBe(1);
      expect((await f.api('DELETE', '/hive/second')).statusCode).toBe(404);
    });

    it('sets and reads key-value keys, with conditions and increments', async () => {
      await ok('POST', '/hive/kv');
      expect(await ok('PUT', '/hive/kv/key-value', { a: 1, b: 'text', c: { deep: [1, 2] } })).toBe(true);
      expect(await ok('POST', '/hive/kv/key-value', ['a', 'b', 'c', 'missing'])).toEqual({
        a: 1,
        b: 'text',
        c: { deep: [1, 2] },
      });
      expect((await f.api('GET', '/hive/kv/key-value/b')).body).toBe('"text"');
      expect((await f.api('GET', '/hive/kv/key-value/missing')).body).toBe('null');

      expect(await ok('PUT', '/hive/kv/key-value/n', { value: 5, condition: 'IfNotExists' })).toBe(true);
      expect(await ok('PUT', '/hive/kv/key-value/n', { value: 9, condition: 'IfNotExists' })).toBe(false);
      expect(await ok('PUT', '/hive/kv/key-value/absent', { value: 1, condition: 'IfExists' })).toBe(false);
      expect(await ok('PUT', '/hive/kv/key-value/n', { value: 6, condition: 'IfExists' })).toBe(true);
      expect(await ok('PUT', '/hive/kv/key-value/n/increment?value=2')).toBe(8);
      expect(await ok('PUT', '/hive/kv/key-value/n/decrement?value=3')).toBe(5);
      expect(await ok('PUT', '/hive/kv/key-value/fresh/increment')).toBe(1);
      const notNumber = await f.api('PUT', '/hive/kv/key-value/b/increment?value=1');
      expect(notNumber.statusCode).toBe(400);
      expect(await ok('GET', '/hive/kv/key-value/b')).toBe('text');

      // Twenty increments at once: none is lost.
      await Promise.all(Array.from({ length: 20 }, () => ok('PUT', '/hive/kv/key-value/hits/increment')));
      expect(await ok('GET', '/hive/kv/key-value/hits')).toBe(20);

      // A ttl in seconds makes the key go.
      expect(await ok('PUT', '/hive/kv/key-value/short', { value: 'soon', ttl: 1 })).toBe(true);
      expect(await ok('GET', '/hive/kv/key-value/short/get-expiration-ttl')).toBeGreaterThanOrEqual(0);
      await sleep(1_200);
      expect(await ok('GET', '/hive/kv/key-value/short')).toBeNull();
    });

    it('runs the operations every store shares: keys, exist, touch, rename, expiry, delete', async () => {
      await ok('POST', '/hive/shared');
      await ok('PUT', '/hive/shared/key-value', { one: 1, two: 2, three: 3 });
      expect(await ok('POST', '/hive/shared/key-value/action/exist', ['one', 'two', 'nope'])).toBe(2);
      await ok('PUT', '/hive/shared/key-value/action/touch', ['one']);
      expect(await ok('GET', '/hive/shared/key-value/one/seconds-since-last-operation')).toBeLessThanOrEqual(1);

      const page = await ok('GET', '/hive/shared/key-value/keys?filterPattern=t*');
      expect(page.keys.sort()).toEqual(['three', 'two']);

      await ok('PUT', '/hive/shared/key-value/one/rename?newKey=uno');
      expect(await ok('GET', '/hive/shared/key-value/uno')).toBe(1);
      const taken = await f.api('PUT', '/hive/shared/key-value/two/rename?newKey=uno');
      expect(taken.statusCode).toBe(409);
      await ok('PUT', '/hive/shared/key-value/two/rename?newKey=uno&overwrite=true');
      expect(await ok('GET', '/hive/shared/key-value/uno')).toBe(2);
      expect((await f.api('PUT', '/hive/shared/key-value/gone/rename?newKey=x')).statusCode).toBe(404);

      expect(await ok('GET', '/hive/shared/key-value/uno/get-expiration-ttl')).toBe(-1);
      await ok('PUT', '/hive/shared/key-value/uno/expire?ttl=60');
      const ttl = await ok('GET', '/hive/shared/key-value/uno/get-expiration-ttl');
      expect(ttl).toBeGreaterThan(55);
      expect(ttl).toBeLessThanOrEqual(60);
      await ok('PUT', '/hive/shared/key-value/uno/clear-expiration');
      expect(await ok('GET', '/hive/shared/key-value/uno/get-expiration-ttl')).toBe(-1);
      await ok('PUT', `/hive/shared/key-value/uno/expire-at?unixTime=${Math.floor(Date.now() / 1000) + 120}`);
      expect(await ok('GET', '/hive/shared/key-value/uno/get-expiration-ttl')).toBeGreaterThan(100);

      expect(await ok('DELETE', '/hive/shared/key-value', ['uno', 'three', 'nope'])).toBe(2);
      expect(await ok('POST', '/hive/shared/key-value/action/exist', ['uno', 'three'])).toBe(0);

      // A collection key (filled from the console) renames with its items and expiry.
      expect((await f.console('PUT', '/hive/shared/list/queue', { value: ['a', 'b', 'c'] })).statusCode).toBe(200);
      await ok('PUT', '/hive/shared/list/queue/expire?ttl=300');
      await ok('PUT', '/hive/shared/list/queue/rename?newKey=line');
      expect((await f.console('GET', '/hive/shared/list/line')).json()).toEqual(['a', 'b', 'c']);
      expect(await ok('GET', '/hive/shared/list/line/get-expiration-ttl')).toBeGreaterThan(290);
      expect(await ok('POST', '/hive/shared/list/action/exist', ['queue', 'line'])).toBe(1);
    });

    it('keeps maps: set, read by field, exists, length, keys, values, set-if-absent, atomic increments, delete fields', async () => {
      await ok('POST', '/hive/maps');
      expect(await ok('PUT', '/hive/maps/map/profile', { name: 'Ada', visits: 1 })).toBe(2);
      expect(await ok('PUT', '/hive/maps/map/profile', { name: 'Ada L.', city: 'London' })).toBe(1);
      expect(await ok('POST', '/hive/maps/map/profile', [])).toEqual({ name: 'Ada L.', visits: 1, city: 'London' });
      expect(await ok('POST', '/hive/maps/map/profile', ['name', 'nope'])).toEqual({ name: 'Ada L.' });
      expect((await f.api('GET', '/hive/maps/map/profile/get/name')).body).toBe('"Ada L."');
      expect((await f.api('GET', '/hive/maps/map/profile/get/nope')).body).toBe('null');
      expect(await ok('GET', '/hive/maps/map/profile/exists/city')).toBe(true);
      expect(await ok('GET', '/hive/maps/map/profile/exists/nope')).toBe(false);
      expect(await ok('GET', '/hive/maps/map/profile/length')).toBe(3);
      expect((await ok('GET', '/hive/maps/map/profile/keys')).sort()).toEqual(['city', 'name', 'visits']);
      expect((await ok('GET', '/hive/maps/map/profile/values')).length).toBe(3);

      expect(await ok('PUT', '/hive/maps/map/profile/set/age', { value: 36 })).toBe(true);
      expect(await ok('PUT', '/hive/maps/map/profile/set/age', { value: 37 })).toBe(false);
      expect(await ok('PUT', '/hive/maps/map/profile/set-with-overwrite/age', { value: 99, overwrite: false })).toBe(
        false,
      );
      expect(await ok('PUT', '/hive/maps/map/profile/set-with-overwrite/pet', { value: 'cat', overwrite: false })).toBe(
        true,
      );
      expect(await ok('PUT', '/hive/maps/map/profile/set-with-overwrite/age', { value: 38, overwrite: true })).toBe(
        true,
      );
      expect(await ok('GET', '/hive/maps/map/profile/get/age')).toBe(38);

      expect(await ok('PUT', '/hive/maps/map/profile/increment/visits?count=4')).toBe(5);
      expect(await ok('PUT', '/hive/maps/map/profile/decrement/visits?count=2')).toBe(3);
      expect(await ok('PUT', '/hive/maps/map/stats/increment/hits')).toBe(1);
      await Promise.all(Array.from({ length: 20 }, () => ok('PUT', '/hive/maps/map/stats/increment/hits')));
      expect(await ok('GET', '/hive/maps/map/stats/get/hits')).toBe(21);
      expect((await f.api('PUT', '/hive/maps/map/profile/increment/name')).statusCode).toBe(400);
      expect(await ok('GET', '/hive/maps/map/profile/get/name')).toBe('Ada L.');

      expect(await ok('DELETE', '/hive/maps/map/profile/by-obj-keys', ['pet', 'age', 'nope'])).toBe(2);
      expect(await ok('GET', '/hive/maps/map/profile/length')).toBe(3);
      expect(await ok('POST', '/hive/maps/map/nosuch', [])).toEqual({});
      expect((await f.api('PUT', '/hive/maps/map/profile', { body: ['not', 'an', 'object'] })).statusCode).toBe(400);
      expect((await f.api('PUT', '/hive/maps/map/profile/set/x', { body: {} })).statusCode).toBe(400);
    });

    it('keeps sets: add, members, length, contains, random, take at random, remove, algebra', async () => {
      await ok('POST', '/hive/sets');
      expect(await ok('PUT', '/hive/sets/set/a/add', [1, 2, 3, 'x'])).toBe(4);
      expect(await ok('PUT', '/hive/sets/set/a/add', [3, 4])).toBe(1);
      expect((await ok('GET', '/hive/sets/set/a')).map(String).sort()).toEqual(['1', '2', '3', '4', 'x']);
      expect(await ok('GET', '/hive/sets/set/a/length')).toBe(5);
      expect(await ok('POST', '/hive/sets/set/a/contains', [1, 'x', 9])).toEqual([true, true, false]);
      const sample = await ok('GET', '/hive/sets/set/a/random?count=2');
      expect(sample).toHaveLength(2);
      expect(await ok('GET', '/hive/sets/set/a/length')).toBe(5);
      const taken = await ok('PUT', '/hive/sets/set/a/random?count=2');
      expect(taken).toHaveLength(2);
      expect(await ok('GET', '/hive/sets/set/a/length')).toBe(3);
      expect(await ok('POST', '/hive/sets/set/a/contains', taken)).toEqual([false, false]);
      await ok('PUT', '/hive/sets/set/a/add', [1, 2, 3, 4, 'x']);
      expect(await ok('DELETE', '/hive/sets/set/a/values', ['x', 'zz'])).toBe(1);
      await ok('PUT', '/hive/sets/set/b/add', [3, 4, 5]);
      expect((await ok('POST', '/hive/sets/set/action/intersection', ['a', 'b'])).sort()).toEqual([3, 4]);
      expect((await ok('POST', '/hive/sets/set/action/difference', ['a', 'b'])).sort()).toEqual([1, 2]);
      expect((await ok('POST', '/hive/sets/set/action/union', ['a', 'b'])).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(await ok('GET', '/hive/sets/set/none')).toEqual([]);
      expect((await f.api('GET', '/hive/sets/set/a/random?count=0')).statusCode).toBe(400);
    });

    it('keeps lists: add first and last, read by index and range, insert by anchor, take from the ends, delete values', async () => {
      await ok('POST', '/hive/lists');
      expect(await ok('PUT', '/hive/lists/list/q/add-last', ['c', 'd'])).toBe(2);
      expect(await ok('PUT', '/hive/lists/list/q/add-first', ['b', 'a'])).toBe(4);
      expect(await ok('GET', '/hive/lists/list/q')).toEqual(['a', 'b', 'c', 'd']);
      expect(await ok('GET', '/hive/lists/list/q/length')).toBe(4);
      expect(await ok('GET', '/hive/lists/list/q/1')).toBe('b');
      expect(await ok('GET', '/hive/lists/list/q/-1')).toBe('d');
      expect((await f.api('GET', '/hive/lists/list/q/9')).body).toBe('null');
      expect(await ok('GET', '/hive/lists/list/q?from=1&to=2')).toEqual(['b', 'c']);
      expect(await ok('PUT', '/hive/lists/list/q/insert-before', { valueToInsert: 'b2', anchorValue: 'c' })).toBe(5);
      expect(await ok('PUT', '/hive/lists/list/q/insert-after', { valueToInsert: 'a2', anchorValue: 'a' })).toBe(6);
      expect(await ok('PUT', '/hive/lists/list/q/insert-after', { valueToInsert: 'z', anchorValue: 'nope' })).toBe(-1);
      expect(await ok('PUT', '/hive/lists/list/none/insert-after', { valueToInsert: 'z', anchorValue: 'a' })).toBe(0);
      expect(await ok('GET', '/hive/lists/list/q')).toEqual(['a', 'a2', 'b', 'b2', 'c', 'd']);
      expect(await ok('PUT', '/hive/lists/list/q/get-first-and-delete?count=2')).toEqual(['a', 'a2']);
      expect(await ok('PUT', '/hive/lists/list/q/get-last-and-delete')).toEqual(['d']);
      await ok('PUT', '/hive/lists/list/q/add-last', ['b', 'x', 'b']);
      expect(await ok('PUT', '/hive/lists/list/q/delete-value', { value: 'b', count: 2 })).toBe(2);
      expect(await ok('GET', '/hive/lists/list/q')).toEqual(['b2', 'c', 'x', 'b']);
      expect(await ok('PUT', '/hive/lists/list/q/get-first-and-delete?count=10')).toEqual(['b2', 'c', 'x', 'b']);
      expect(await ok('POST', '/hive/lists/list/action/exist', ['q'])).toBe(0);
    });

    it('keeps sorted sets: add with options, scores, ranks, ranges, increments, pops, removals by rank and score', async () => {
      await ok('POST', '/hive/ranks');
      const z = '/hive/ranks/sorted-set/board';
      expect(
        await ok('PUT', `${z}/add`, {
          items: [
            [10, 'ann'],
            [20, 'bob'],
            [30, 'cy'],
          ],
        }),
      ).toBe(3);
      expect(
        await ok('PUT', `${z}/add`, {
          items: [
            [15, 'ann'],
            [40, 'dee'],
          ],
          resultType: 'TotalChanged',
        }),
      ).toBe(2);
      expect(
        await ok('PUT', `${z}/add`, {
          items: [
            [5, 'ann'],
            [50, 'eve'],
          ],
          duplicateBehaviour: 'OnlyUpdate',
        }),
      ).toBe(0);
      expect(await ok('POST', `${z}/get-score`, { value: 'ann' })).toBe(5);
      expect((await f.api('POST', `${z}/get-score`, { body: { value: 'eve' } })).body).toBe('null');
      expect(
        await ok('PUT', `${z}/add`, {
          items: [
            [1, 'ann'],
            [25, 'bob'],
          ],
          scoreUpdateMode: 'Greater',
          resultType: 'TotalChanged',
        }),
      ).toBe(1);
      expect(
        await ok('PUT', `${z}/add`, {
          items: [
            [99, 'ann'],
            [60, 'fay'],
          ],
          duplicateBehaviour: 'AlwaysAdd',
        }),
      ).toBe(1);
      // ann 5, bob 25, cy 30, dee 40, fay 60
      expect(await ok('GET', `${z}/get-range-by-rank?startRank=0&stopRank=-1`)).toEqual([
        'ann',
        'bob',
        'cy',
        'dee',
        'fay',
      ]);
      expect(await ok('GET', `${z}/get-range-by-rank?startRank=0&stopRank=1&withScores=true&reverse=true`)).toEqual([
        [60, 'fay'],
        [40, 'dee'],
      ]);
      expect(await ok('POST', `${z}/get-rank`, { value: 'cy' })).toBe(2);
      expect(await ok('POST', `${z}/get-rank`, { value: 'cy', reverse: true })).toBe(2);
      expect(await ok('POST', `${z}/get-rank`, { value: 'bob', reverse: true })).toBe(3);
      expect(
        await ok('GET', `${z}/get-range-by-score?minScore=25&maxScore=40&minBound=Exclude&maxBound=Include`),
      ).toEqual(['cy', 'dee']);
      expect(
        await ok(
          'GET',
          `${z}/get-range-by-score?minScore=0&minBound=Include&maxBound=Infinity&offset=1&pageSize=2&withScores=true`,
        ),
      ).toEqual([
        [25, 'bob'],
        [30, 'cy'],
      ]);
      expect(await ok('GET', `${z}/count?minScore=10&maxScore=40`)).toBe(3);
      expect(await ok('GET', `${z}/length`)).toBe(5);
      expect(await ok('PUT', `${z}/increment`, { scoreValue: 7, value: 'ann' })).toBe(12);
      expect(await ok('PUT', `${z}/decrement`, { scoreValue: 2, value: 'ann' })).toBe(10);
      expect(await ok('PUT', `${z}/increment`, { scoreValue: 3, value: 'gil' })).toBe(3);
      expect((await ok('GET', `${z}/get-random?count=3&withScores=true`)).length).toBe(3);
      expect(await ok('PUT', `${z}/get-with-max-score-and-delete?count=2`)).toEqual([
        [60, 'fay'],
        [40, 'dee'],
      ]);
      expect(await ok('PUT', `${z}/get-with-min-score-and-delete`)).toEqual([[3, 'gil']]);
      // ann 10, bob 25, cy 30
      expect(await ok('DELETE', `${z}/values`, ['cy', 'nobody'])).toBe(1);
      await ok('PUT', `${z}/add`, {
        items: [
          [70, 'hal'],
          [80, 'ida'],
          [90, 'jo'],
        ],
      });
      expect(await ok('DELETE', `${z}/delete-by-rank?startRank=-2&stopRank=-1`)).toBe(2);
      expect(await ok('DELETE', `${z}/delete-by-score?minScore=20&minBound=Include&maxBound=Infinity`)).toBe(2);
      expect(await ok('GET', `${z}/get-range-by-rank?withScores=true`)).toEqual([[10, 'ann']]);
      await ok('PUT', '/hive/ranks/sorted-set/other/add', {
        items: [
          [1, 'ann'],
          [2, 'kim'],
        ],
      });
      expect((await ok('POST', '/hive/ranks/sorted-set/action/union', ['board', 'other'])).sort()).toEqual([
        'ann',
        'kim',
      ]);
    });

    it('refuses bad input, unknown hives and a wrong key, writing nothing', async () => {
      await ok('POST', '/hive/bad');
      expect(
        (await f.api('PUT', '/hive/bad/key-value/k', { body: { value: 1, condition: 'Sometimes' } })).statusCode,
      ).toBe(400);
      expect((await f.api('PUT', '/hive/bad/key-value/k', { body: { value: 1, ttl: -5 } })).statusCode).toBe(400);
      expect((await f.api('PUT', '/hive/bad/key-value/k', { body: { ttl: 5 } })).statusCode).toBe(400);
      expect((await f.api('PUT', '/hive/bad/key-value', { body: [] })).statusCode).toBe(400);
      expect((await f.api('POST', '/hive/bad/key-value/action/exist', { body: [1, 2] })).statusCode).toBe(400);
      expect((await f.api('GET', '/hive/bad/key-value/k')).body).toBe('null');
      const unknown = await f.api('GET', '/hive/nosuch/key-value/k');
      expect([unknown.statusCode, typeof unknown.json().code]).toEqual([404, 'number']);
      expect((await f.api('GET', '/hive', { key: 'NOT-A-KEY' })).statusCode).toBe(401);
      expect(
        (
          await f.api('PUT', '/hive/bad/sorted-set/k/add', {
            body: { items: [[1, 'a']], duplicateBehaviour: 'AlwaysAdd', scoreUpdateMode: 'Greater' },
          })
        ).statusCode,
      ).toBe(400);
      expect((await f.api('PUT', '/hive/bad/sorted-set/k/add', { body: { items: [['high', 'a']] } })).statusCode).toBe(
        400,
      );
      expect((await f.api('GET', '/hive/bad/sorted-set/k/get-range-by-score?minBound=Sometimes')).statusCode).toBe(400);
    });

    it('serves the published SDK’s Hive key-value store', async () => {
      const sdk = Backendless.initApp({
        serverURL: origin,
        appId: f.appId,
        apiKey: f.keys.JS,
        standalone: true,
      } as never) as unknown as Sdk;
      const hive = (sdk as unknown as { Hive(name: string): any }).Hive('sdkhive');
      await hive.create();
      expect(await hive.KeyValueStore.set({ x: 1, y: 'two' })).toBe(true);
      expect(await hive.KeyValueStore.get(['x', 'y', 'z'])).toEqual({ x: 1, y: 'two' });
      const key = hive.KeyValueStore('counter');
      expect(await key.set(10, { condition: 'IfNotExists' })).toBe(true);
      expect(await key.increment(5)).toBe(15);
      expect(await key.decrement(1)).toBe(14);
      expect(await key.get()).toBe(14);
      expect(await key.exist()).toBe(true);
      const profile = hive.MapStore('profile');
      expect(await profile.set({ a: 1, b: 2 })).toBe(2);
      expect(await profile.get()).toEqual({ a: 1, b: 2 });
      expect(await profile.getValue('b')).toBe(2);
      expect(await profile.increment('a', 10)).toBe(11);
      expect(await profile.keyExists('a')).toBe(true);
      expect(await profile.length()).toBe(2);
      const todo = hive.ListStore('todo');
      expect(await todo.addLastValues(['b', 'c'])).toBe(2);
      expect(await todo.addFirstValue('a')).toBe(3);
      expect(await todo.get()).toEqual(['a', 'b', 'c']);
      expect(await todo.get(1)).toBe('b');
      expect(await todo.insertAfter('b2', 'b')).toBe(4);
      expect(await todo.deleteFirst()).toEqual(['a']);
      expect(await todo.length()).toBe(3);
      const tags = hive.SetStore('tags');
      expect(await tags.addValues(['x', 'y', 'z'])).toBe(3);
      expect((await tags.get()).sort()).toEqual(['x', 'y', 'z']);
      expect(await tags.isValuesMembers(['x', 'w'])).toEqual([true, false]);
      expect(await tags.deleteValue('z')).toBe(1);
      expect((await hive.SetStore.union(['tags'])).sort()).toEqual(['x', 'y']);
      const board = hive.SortedSetStore('board');
      expect(
        await board.add([
          [1, 'a'],
          [3, 'c'],
          [2, 'b'],
        ]),
      ).toBe(3);
      expect(await board.getScore('c')).toBe(3);
      expect(await board.getRank('c', true)).toBe(0);
      expect(await board.getRangeByRank(0, -1)).toEqual(['a', 'b', 'c']);
      expect(await board.incrementScore('a', 10)).toBe(11);
      expect(await board.getAndDeleteMaxScore()).toEqual([[11, 'a']]);
      expect(await board.deleteValuesByRank(0, 0)).toBe(1);
      expect(await board.length()).toBe(1);
      await key.expireAfter(30);
      expect(await key.getExpiration()).toBeGreaterThan(25);
      await key.rename('tally');
      expect(await hive.KeyValueStore('tally').get()).toBe(14);
      expect(await hive.KeyValueStore.exist(['tally', 'counter'])).toBe(1);
      expect(await hive.KeyValueStore.delete(['tally'])).toBe(1);
      await hive.delete();
    });
  });
}
