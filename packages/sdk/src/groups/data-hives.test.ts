import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const V = `${H}/A/console/hive`;

describeShapes('dataHives', [
  ['getHiveNames', (c) => c.dataHives.getHiveNames('A'), get(V)],
  ['createHive', (c) => c.dataHives.createHive('A', 'shop'), bare('POST', `${V}/shop`)],
  ['renameHive', (c) => c.dataHives.renameHive('A', 'shop', 'store'), bare('PUT', `${V}/shop?newName=store`)],
  ['deleteHive', (c) => c.dataHives.deleteHive('A', 'shop'), bare('DELETE', `${V}/shop`)],
  [
    'loadHiveStoreKeys',
    (c) => c.dataHives.loadHiveStoreKeys('A', 'shop', 'map', { pageSize: 50, cursor: '12' }),
    get(`${V}/shop/map/keys?pageSize=50&cursor=12`),
  ],
  [
    'loadHiveStoreKeys(no paging)',
    (c) => c.dataHives.loadHiveStoreKeys('A', 'shop', 'list'),
    get(`${V}/shop/list/keys`),
  ],
  [
    'loadHiveStoreValues(key-value)',
    (c) => c.dataHives.loadHiveStoreValues('A', 'shop', 'key-value', ['a', 'b']),
    json('POST', `${V}/shop/key-value`, ['a', 'b']),
  ],
  [
    'loadHiveStoreValues(sorted-set)',
    (c) => c.dataHives.loadHiveStoreValues('A', 'shop', 'sorted-set', ['top', 'x y']),
    [
      get(`${V}/shop/sorted-set/top/get-range-by-rank?startRank=0&stopRank=99&withScores=true`),
      get(`${V}/shop/sorted-set/x%20y/get-range-by-rank?startRank=0&stopRank=99&withScores=true`),
    ],
  ],
  [
    'loadHiveStoreValues(list)',
    (c) => c.dataHives.loadHiveStoreValues('A', 'shop', 'list', ['l1', 'a/b']),
    [get(`${V}/shop/list/l1`), get(`${V}/shop/list/a%2Fb`)],
  ],
  [
    'setHiveStoreValue',
    (c) => c.dataHives.setHiveStoreValue('A', 'shop', 'key-value', 'k', { value: 'v' }),
    json('PUT', `${V}/shop/key-value/k`, { value: 'v' }),
  ],
  [
    'addHiveStoreValue',
    (c) =>
      c.dataHives.addHiveStoreValue('A', 'shop', 'sorted-set', 'top', {
        value: [
          [1, 'a'],
          [2, 'b'],
        ],
      }),
    json('PUT', `${V}/shop/sorted-set/top/add`, {
      value: [
        [1, 'a'],
        [2, 'b'],
      ],
    }),
  ],
  [
    'removeHiveStoreRecords',
    (c) => c.dataHives.removeHiveStoreRecords('A', 'shop', 'set', ['s1', 's2']),
    json('DELETE', `${V}/shop/set`, ['s1', 's2']),
  ],
  [
    'removeHiveStoreValue',
    (c) => c.dataHives.removeHiveStoreValue('A', 'shop', 'map', 'm', ['f1']),
    json('DELETE', `${V}/shop/map/m/values`, ['f1']),
  ],
  [
    'setKeyExpiration',
    (c) => c.dataHives.setKeyExpiration('A', 'shop', 'list', 'l', { ttl: 60, unixTime: 1 }),
    bare('PUT', `${V}/shop/list/l/expire?ttl=60`),
  ],
  [
    'setKeyExpiration(unixTime)',
    (c) => c.dataHives.setKeyExpiration('A', 'shop', 'list', 'l', { unixTime: 1700000000 }),
    bare('PUT', `${V}/shop/list/l/expire-at?unixTime=1700000000`),
  ],
  [
    'getKeyExpirationTTL',
    (c) => c.dataHives.getKeyExpirationTTL('A', 'shop', 'set', 's'),
    get(`${V}/shop/set/s/get-expiration-ttl`),
  ],
  [
    'clearKeyExpiration',
    (c) => c.dataHives.clearKeyExpiration('A', 'shop', 'set', 's'),
    bare('PUT', `${V}/shop/set/s/clear-expiration`),
  ],
  [
    'getKeySecondsSinceLastOperation',
    (c) => c.dataHives.getKeySecondsSinceLastOperation('A', 'shop', 'map', 'm'),
    get(`${V}/shop/map/m/seconds-since-last-operation`),
  ],
  [
    'addHiveListStoreItems',
    (c) => c.dataHives.addHiveListStoreItems('A', 'shop', 'l', [1, 'two']),
    json('PUT', `${V}/shop/list/l/add-last`, [1, 'two']),
  ],
  [
    'removeHiveListStoreItemByValue',
    (c) => c.dataHives.removeHiveListStoreItemByValue('A', 'shop', 'l', 'two'),
    json('PUT', `${V}/shop/list/l/delete-value`, { value: 'two' }),
  ],
  [
    'updateHiveListStoreItemByIndex',
    (c) => c.dataHives.updateHiveListStoreItemByIndex('A', 'shop', 'l', 0, 'zero'),
    json('PUT', `${V}/shop/list/l/0`, { value: 'zero' }),
  ],
  [
    'addHiveSetStoreItems',
    (c) => c.dataHives.addHiveSetStoreItems('A', 'shop', 's', ['a', 'b']),
    json('PUT', `${V}/shop/set/s/add`, ['a', 'b']),
  ],
  [
    'removeHiveSetStoreItemByValue',
    (c) => c.dataHives.removeHiveSetStoreItemByValue('A', 'shop', 's', 'a'),
    json('DELETE', `${V}/shop/set/s/values`, ['a']),
  ],
]);

describe('dataHives group: answers', () => {
  it('loadHiveStoreValues answers one request per key, each with its own answer', async () => {
    const { client, replyJson } = recordingClient();
    replyJson(['x']);
    replyJson({ f: 1 });
    const requests = client.dataHives.loadHiveStoreValues('A', 'shop', 'map', ['m1', 'm2']);
    expect(requests).toHaveLength(2);
    expect(await Promise.all(requests)).toEqual([['x'], { f: 1 }]);
  });

  it('loadHiveStoreValues of no keys sends nothing for per-key stores', () => {
    const { client, calls } = recordingClient();
    expect(client.dataHives.loadHiveStoreValues('A', 'shop', 'set', [])).toEqual([]);
    expect(calls).toEqual([]);
  });
});
