import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { ResponseCache, responseCache } from './cache.js';
import { TEST_HOST, fakeFetch, recordingClient } from '../test-support/fake-fetch.test-helpers.js';

describe('ResponseCache', () => {
  it('drops expired entries on read', () => {
    const cache = new ResponseCache();
    cache.set('u', 1, 100, [], 1000);
    expect(cache.get('u', 1099)).toEqual({ value: 1 });
    expect(cache.get('u', 1100)).toBeUndefined();
    expect(cache.size(1100)).toBe(0);
  });

  it('flushes by exact tag and by RegExp on either side', () => {
    const cache = new ResponseCache();
    cache.set('a', 1, 1000, ['TABLE_DATA-1']);
    cache.set('b', 2, 1000, ['TABLE_DATA-2']);
    cache.set('c', 3, 1000, [/^BL_CHAIN-/]);
    cache.set('d', 4, 1000, ['FOLDER-x-/']);
    cache.flushTags(['TABLE_DATA-1']);
    expect([cache.get('a'), cache.get('b')?.value]).toEqual([undefined, 2]);
    cache.flushTags([/^TABLE_DATA-/g]);
    expect(cache.get('b')).toBeUndefined();
    cache.flushTags(['BL_CHAIN-app1']);
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('d')?.value).toBe(4);
  });
});

describe('cached requests', () => {
  it('serves a cached GET by full URL until its TTL ends; other queries miss', async () => {
    const { client, calls, replyJson } = recordingClient();
    replyJson({ n: 1 });
    replyJson({ n: 2 });
    replyJson({ n: 3 });
    const first = await client.request.get('/list', { query: { a: 1 }, cache: 5000, cacheTags: ['T'] });
    const second = await client.request.get('/list', { query: { a: 1 }, cache: 5000, cacheTags: ['T'] });
    const other = await client.request.get('/list', { query: { a: 2 }, cache: 5000 });
    expect([first, second, other]).toEqual([{ n: 1 }, { n: 1 }, { n: 2 }]);
    expect(calls.map((c) => c.url)).toEqual([`${TEST_HOST}/list?a=1`, `${TEST_HOST}/list?a=2`]);
    // a request that does not ask for the cache neither reads nor writes it
    expect(await client.request.get('/list', { query: { a: 1 } })).toEqual({ n: 3 });
  });

  it('flushes matching tags after a successful non-GET, not after a failed one', async () => {
    const { client, calls, reply, replyJson } = recordingClient();
    replyJson([1]);
    await client.request.get('/rows', { cache: true, cacheTags: ['TABLE_DATA-t'] });
    reply({ status: 400, body: { message: 'no' } });
    await expect(client.request.post('/rows', { x: 1 }, { cacheTags: ['TABLE_DATA-t'] })).rejects.toThrow('no');
    expect(await client.request.get('/rows', { cache: true, cacheTags: ['TABLE_DATA-t'] })).toEqual([1]);
    replyJson({ ok: true });
    await client.request.post('/rows', { x: 1 }, { cacheTags: ['TABLE_DATA-t'] });
    replyJson([1, 2]);
    expect(await client.request.get('/rows', { cache: true, cacheTags: ['TABLE_DATA-t'] })).toEqual([1, 2]);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'POST', 'GET']);
  });

  it('flushes before sending with resetCache', async () => {
    const { client, cache, replyJson } = recordingClient();
    cache.set(`${TEST_HOST}/x`, { status: 200, statusText: '', headers: {}, body: 'old' }, 10_000, ['X']);
    replyJson('new');
    expect(await client.request.get('/x', { cache: true, cacheTags: ['X'], resetCache: true })).toBe('new');
  });

  it('is shared by every client of the process by default', async () => {
    const a = fakeFetch();
    const b = fakeFetch();
    a.replyJson({ from: 'a' });
    const url = `http://shared-cache-${Date.now()}.test`;
    const one = createClient(url, undefined, { fetch: a.fetch });
    const two = createClient(url, undefined, { fetch: b.fetch });
    expect(await one.request.get('/s', { cache: 1000 })).toEqual({ from: 'a' });
    expect(await two.request.get('/s', { cache: 1000 })).toEqual({ from: 'a' });
    expect(b.calls).toHaveLength(0);
    responseCache.clear();
  });
});

describe('count cache', () => {
  it('derives a GET count: /count appended, paging and sorting stripped, cached 30 s', async () => {
    const { client, calls, replyJson } = recordingClient();
    const list = client.request.routeSpec(
      { name: 'files.list', method: 'GET', path: '/:appId/console/files/view/' },
      ['A'],
      {
        query: {
          pattern: '*',
          offset: 10,
          pagesize: 20,
          pageSize: 20,
          sortBy: 'name',
          sortDirection: 'asc',
          sub: true,
        },
        cacheTags: ['FOLDER-A-/'],
      },
    );
    replyJson(7);
    expect(await client.request.count(list)).toBe(7);
    expect(await client.request.count(list)).toBe(7);
    expect(calls).toEqual([
      {
        url: `${TEST_HOST}/A/console/files/view/count?pattern=*&sub=true`,
        method: 'GET',
        headers: { 'auth-key': 'test-key' },
        body: undefined,
      },
    ]);
    expect(client.request.countSpec(list).cache).toBe(30_000);
  });

  it('derives a POST count from the body and answers getWithData as {data, totalRows}', async () => {
    const { client, calls, replyJson } = recordingClient();
    const list = {
      method: 'POST' as const,
      path: '/A/console/data/T/find',
      body: { where: 'x > 1', offset: 0, pageSize: 15, sortBy: 'x' },
    };
    replyJson([{ objectId: '1' }]);
    replyJson({ count: 1 });
    expect(await client.request.getWithData(list)).toEqual({ data: [{ objectId: '1' }], totalRows: 1 });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', `${TEST_HOST}/A/console/data/T/find`, '{"where":"x > 1","offset":0,"pageSize":15,"sortBy":"x"}'],
      ['POST', `${TEST_HOST}/A/console/data/T/find/count`, '{"where":"x > 1"}'],
    ]);
  });
});
