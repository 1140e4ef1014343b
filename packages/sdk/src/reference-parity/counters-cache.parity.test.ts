import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const fooBar = { foo: 'bar' };

describeParity('counters', [
  ['get with no parameters', (api) => api.counters.get(A, {}), [ok(fooBar)]],
  ['get with a pattern', (api) => api.counters.get(A, { pattern: 'user_*' }), [ok(fooBar)]],
  ['get with paging', (api) => api.counters.get(A, { pageSize: 10, offset: 20, pattern: 'counter_*' }), [ok(fooBar)]],
  [
    'get with sorting',
    (api) => api.counters.get(A, { sortField: 'name', sortDir: 'ASC', pattern: 'test_*' }),
    [ok(fooBar)],
  ],
  [
    'get with every parameter',
    (api) => api.counters.get(A, { pageSize: 25, offset: 50, sortField: 'value', sortDir: 'DESC', pattern: 'admin_*' }),
    [ok(fooBar)],
  ],
  [
    'get with undefined parameters',
    (api) => api.counters.get(A, { pageSize: undefined, offset: undefined, sortField: undefined, sortDir: undefined }),
    [ok(fooBar)],
  ],
  ['get refused', (api) => api.counters.get(A, {}), [fail()]],
  ['listNames', (api) => api.counters.listNames(A), [ok(['counter1', 'counter2', 'counter3'])]],
  ['listNames with a pattern', (api) => api.counters.listNames(A, 'user_*'), [ok(['user_counter1', 'user_counter2'])]],
  [
    'listNames with a space in the pattern',
    (api) => api.counters.listNames(A, 'special counter*'),
    [ok(['special counter'])],
  ],
  ['listNames refused', (api) => api.counters.listNames(A, 'missing_*'), [fail('Not found', 404)]],
  [
    'listCounters of names',
    (api) => api.counters.listCounters(A, ['counter1', 'counter2']),
    [
      ok([
        { name: 'counter1', value: 10 },
        { name: 'counter2', value: 20 },
      ]),
    ],
  ],
  ['listCounters of no names', (api) => api.counters.listCounters(A, []), [ok([])]],
  [
    'listCounters of one name',
    (api) => api.counters.listCounters(A, ['single_counter']),
    [ok([{ name: 'single_counter', value: 42 }])],
  ],
  ['listCounters refused', (api) => api.counters.listCounters(A, ['invalid_counter']), [fail('Invalid request', 400)]],
  [
    'create adds objectId',
    (api) => api.counters.create(A, 'test_counter', 10),
    [ok({ name: 'test_counter', value: 10 })],
  ],
  [
    'create with reserved characters in the name',
    (api) => api.counters.create(A, 'special counter!', 0),
    [ok({ name: 'special counter!', value: 0 })],
  ],
  [
    'create with a negative value',
    (api) => api.counters.create(A, 'negative_counter', -5),
    [ok({ name: 'negative_counter', value: -5 })],
  ],
  ['create with zero', (api) => api.counters.create(A, 'zero_counter', 0), [ok({ name: 'zero_counter', value: 0 })]],
  ['create refused', (api) => api.counters.create(A, 'existing_counter', 1), [fail('Counter already exists', 409)]],
  ['update with the expected and the new value', (api) => api.counters.update(A, 'test_counter', 10, 15), [ok(fooBar)]],
  [
    'update with reserved characters in the name',
    (api) => api.counters.update(A, 'counter with spaces & symbols!', 5, 8),
    [ok(fooBar)],
  ],
  ['update with negative values', (api) => api.counters.update(A, 'negative_counter', -10, -5), [ok(fooBar)]],
  ['update with zeros', (api) => api.counters.update(A, 'zero_counter', 0, 0), [ok(fooBar)]],
  ['update refused', (api) => api.counters.update(A, 'test_counter', 10, 15), [fail('Current value mismatch', 409)]],
  ['remove', (api) => api.counters.remove(A, 'test_counter'), [ok(fooBar)]],
  [
    'remove with slashes and spaces in the name',
    (api) => api.counters.remove(A, 'counter/with/slashes & spaces!'),
    [ok(fooBar)],
  ],
  ['remove with a unicode name', (api) => api.counters.remove(A, 'カウンター_名前_🔢'), [ok(fooBar)]],
  ['remove refused', (api) => api.counters.remove(A, 'nonexistent_counter'), [fail('Counter not found', 404)]],
]);

const update = (api: any, record: object) => api.cache.update(A, record);

describeParity('cache', [
  [
    'get: the entries as rows, then the count',
    (api) => api.cache.get(A, { pageSize: 10, offset: 20 }),
    [
      ok({
        key1: { value: 'string-value', expireAt: 1640995200000 },
        key2: { value: { nested: 'object' }, expireAt: 1640995300000 },
        key3: { value: ['array', 'value'], expireAt: null },
      }),
      ok(25),
    ],
  ],
  ['get of an empty cache', (api) => api.cache.get(A, { pageSize: 5, offset: 0 }), [ok({}), ok(0)]],
  [
    'get with values of every type',
    (api) => api.cache.get(A, { pageSize: 10, offset: 0 }),
    [
      ok({
        stringKey: { value: 'already-a-string', expireAt: 1 },
        numberKey: { value: 42, expireAt: 2 },
        booleanKey: { value: true, expireAt: 3 },
        nullKey: { value: null, expireAt: 4 },
        objectKey: { value: { complex: { nested: 'object' } }, expireAt: 5 },
      }),
      ok(5),
    ],
  ],
  ['get when the listing is refused', (api) => api.cache.get(A, { pageSize: 10, offset: 0 }), [fail(), ok(42)]],
  [
    'get when the count is refused',
    (api) => api.cache.get(A, { pageSize: 10, offset: 0 }),
    [ok({ key1: { value: 'test', expireAt: 1640995200000 } }), fail()],
  ],
  ['count', (api) => api.cache.count(A), [ok(42)]],
  ['count refused', (api) => api.cache.count(A), [fail()]],
  [
    'update sends the value as JSON text',
    (api) => update(api, { key: 'test-key', value: { data: 'complex object' }, expireAt: 1640995200000 }),
    [ok({ success: true })],
  ],
  [
    'update by objectId when there is no key',
    (api) => update(api, { objectId: 'object-id-123', value: 'string value', expireAt: 1640995300000 }),
    [ok({ success: true })],
  ],
  [
    'update prefers the key over the objectId',
    (api) =>
      update(api, { key: 'preferred-key', objectId: 'object-id-123', value: 'test value', expireAt: 1640995400000 }),
    [ok({ success: true })],
  ],
  [
    'update with values of every type',
    async (api) => {
      for (const value of ['already string', 42, true, ['item1', 'item2'], { nested: { data: 'value' } }])
        await update(api, { key: `k-${typeof value}`, value, expireAt: 1640995200000 });
    },
    [ok({ success: true }), ok({ success: true }), ok({ success: true }), ok({ success: true }), ok({ success: true })],
  ],
  [
    'update without expireAt',
    (api) => update(api, { key: 'no-expire-key', value: 'test value' }),
    [ok({ success: true })],
  ],
  [
    'update sends JSON',
    (api) => update(api, { key: 'content-type-test', value: { test: 'data' }, expireAt: 1640995200000 }),
    [ok({ success: true })],
  ],
  ['update refused', (api) => update(api, { key: 'test-key', value: 'test value', expireAt: 1640995200000 }), [fail()]],
  ['remove', (api) => api.cache.remove(A, 'key-to-delete'), [ok({ success: true })]],
  [
    'remove with digits and dashes in the key',
    (api) => api.cache.remove(A, 'key-with-special-chars-123'),
    [ok({ success: true })],
  ],
  ['remove refused', (api) => api.cache.remove(A, 'non-existent-key'), [fail()]],
  [
    'get with mixed values',
    (api) => api.cache.get(A, { pageSize: 10, offset: 0 }),
    [
      ok({
        key1: { value: 'string', expireAt: 1640995200000 },
        key2: { value: { obj: 'value' }, expireAt: null },
        key3: { value: 123, expireAt: 1640995300000 },
      }),
      ok(3),
    ],
  ],
  [
    'update with a deeply nested value',
    (api) =>
      update(api, {
        key: 'complex-key',
        value: {
          level1: {
            level2: { array: [1, 2, { nested: true }], nullValue: null, boolValue: false, stringValue: 'test' },
          },
        },
        expireAt: 1,
      }),
    [ok({ success: true })],
  ],
]);
