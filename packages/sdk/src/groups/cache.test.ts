import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, KEY, JSON_KEY, bare, describeShapes, get } from './shape-cases.test-helpers.js';

const C = `${H}/A/console/cache`;

describeShapes('cache', [
  [
    'get',
    (c) => c.cache.get('A', { pageSize: 15, offset: 30 }),
    [get(`${C}?pagesize=15&offset=30`), get(`${C}/count`)],
  ],
  ['get(lower-case key, no params)', (c) => c.cache.get('A'), [get(C), get(`${C}/count`)]],
  ['count', (c) => c.cache.count('A'), get(`${C}/count`)],
  [
    'update',
    (c) => c.cache.update('A', { key: 'k 1', value: { a: 1 }, expireAt: 1700000000000 }),
    { url: `${C}/k%201?expireAt=1700000000000`, method: 'PUT', headers: JSON_KEY, body: '{"a":1}' },
  ],
  [
    'update(objectId, string, no expiry)',
    (c) => c.cache.update('A', { objectId: 'k', value: 'text' }),
    { url: `${C}/k`, method: 'PUT', headers: { ...KEY, 'Content-Type': 'application/json' }, body: '"text"' },
  ],
  ['remove', (c) => c.cache.remove('A', 'a/b'), bare('DELETE', `${C}/a%2Fb`)],
]);

describe('cache group: answers', () => {
  it('get turns the key map into rows with text values and answers the total', async () => {
    const { client, replyJson } = recordingClient();
    replyJson({
      a: { value: 'x', expireAt: null },
      b: { value: { n: 1 }, expireAt: 5 },
      c: { value: 3, expireAt: null },
    });
    replyJson(7);
    expect(await client.cache.get('A')).toEqual({
      totalRows: 7,
      data: [
        { objectId: 'a', key: 'a', value: 'x', expireAt: null },
        { objectId: 'b', key: 'b', value: '{"n":1}', expireAt: 5 },
        { objectId: 'c', key: 'c', value: '3', expireAt: null },
      ],
    });
  });

  it('update without a key rejects with the route-builder error and sends nothing', async () => {
    const { client, calls } = recordingClient();
    await expect(client.cache.update('A', { value: 1 })).rejects.toThrow('Invalid path params in route [cache.update]');
    expect(calls).toEqual([]);
  });
});
