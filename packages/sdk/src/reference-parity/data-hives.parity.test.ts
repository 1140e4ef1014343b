import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const r = ok({ foo: 'bar' });
const h = (api: any) => api.dataHives;

describeParity('dataHives', [
  ['getHiveNames', (api) => h(api).getHiveNames(A), [r]],
  ['getHiveNames refused: unauthorized', (api) => h(api).getHiveNames(A), [fail('Unauthorized', 401)]],
  ['getHiveNames refused: unavailable', (api) => h(api).getHiveNames(A), [fail('Service unavailable', 503)]],
  ['createHive', (api) => h(api).createHive(A, 'user-sessions'), [r]],
  ['createHive with dashes and digits', (api) => h(api).createHive(A, 'cache-store-2024'), [r]],
  ['createHive refused: exists', (api) => h(api).createHive(A, 'existing-hive'), [fail('Hive already exists', 409)]],
  [
    'createHive refused: empty name',
    (api) => h(api).createHive(A, ''),
    [fail('Invalid hive name', 400)],
    'Basalt refuses an empty hive name before sending (the route-builder error); the reference posts to …/hive/',
  ],
  ['renameHive', (api) => h(api).renameHive(A, 'old-hive-name', 'new-hive-name'), [r]],
  ['renameHive with underscores', (api) => h(api).renameHive(A, 'session_cache_v1', 'session_cache_v2'), [r]],
  [
    'renameHive refused: not found',
    (api) => h(api).renameHive(A, 'nonexistent-hive', 'new-name'),
    [fail('Hive not found', 404)],
  ],
  [
    'renameHive refused: name taken',
    (api) => h(api).renameHive(A, 'source-hive', 'existing-target-hive'),
    [fail('New hive name already exists', 409)],
  ],
  ['deleteHive', (api) => h(api).deleteHive(A, 'temp-hive'), [r]],
  ['deleteHive with underscores', (api) => h(api).deleteHive(A, 'cache_store_2024_temp'), [r]],
  ['deleteHive refused: not found', (api) => h(api).deleteHive(A, 'nonexistent-hive'), [fail('Hive not found', 404)]],
  [
    'deleteHive refused: forbidden',
    (api) => h(api).deleteHive(A, 'system-hive'),
    [fail('Cannot delete system hive', 403)],
  ],
  [
    'loadHiveStoreKeys with a cursor',
    (api) => h(api).loadHiveStoreKeys(A, 'user-cache', 'key-value', { pageSize: 50, cursor: 'abc123' }),
    [r],
  ],
  [
    'loadHiveStoreKeys of a list store',
    (api) => h(api).loadHiveStoreKeys(A, 'task-queue', 'list', { pageSize: 100 }),
    [r],
  ],
  [
    'loadHiveStoreKeys of a set store',
    (api) => h(api).loadHiveStoreKeys(A, 'user-roles', 'set', { cursor: 'xyz789' }),
    [r],
  ],
  [
    'loadHiveStoreKeys refused',
    (api) => h(api).loadHiveStoreKeys(A, 'nonexistent-hive', 'key-value', { pageSize: 10 }),
    [fail('Hive not found', 404)],
  ],
  [
    'loadHiveStoreValues of key-value keys: one request',
    (api) =>
      Promise.all(h(api).loadHiveStoreValues(A, 'user-cache', 'key-value', ['user:123', 'user:456', 'user:789'])),
    [r],
  ],
  [
    'loadHiveStoreValues of sorted-set keys: one request per key',
    (api) => Promise.all(h(api).loadHiveStoreValues(A, 'leaderboard', 'sorted-set', ['scores:game1', 'scores:game2'])),
    [r, r],
  ],
  [
    'loadHiveStoreValues of list keys',
    (api) => Promise.all(h(api).loadHiveStoreValues(A, 'task-queue', 'list', ['pending:high', 'pending:normal'])),
    [r, r],
  ],
  [
    'loadHiveStoreValues of set keys',
    (api) => Promise.all(h(api).loadHiveStoreValues(A, 'user-roles', 'set', ['admins', 'users'])),
    [r, r],
  ],
  [
    'loadHiveStoreValues of map keys',
    (api) => Promise.all(h(api).loadHiveStoreValues(A, 'config-store', 'map', ['app:settings', 'user:preferences'])),
    [r, r],
  ],
  [
    'setHiveStoreValue',
    (api) =>
      h(api).setHiveStoreValue(A, 'user-cache', 'key-value', 'user:123', {
        name: 'John Doe',
        email: 'john@example.com',
      }),
    [r],
  ],
  [
    'setHiveStoreValue of a list',
    (api) => h(api).setHiveStoreValue(A, 'task-queue', 'list', 'pending:high', ['task1', 'task2', 'task3']),
    [r],
  ],
  [
    'setHiveStoreValue of a set',
    (api) => h(api).setHiveStoreValue(A, 'user-roles', 'set', 'admins', ['admin1', 'admin2', 'admin3']),
    [r],
  ],
  [
    'addHiveStoreValue',
    (api) => h(api).addHiveStoreValue(A, 'user-cache', 'key-value', 'user:456', { score: 100, level: 5 }),
    [r],
  ],
  [
    'addHiveStoreValue to a list',
    (api) => h(api).addHiveStoreValue(A, 'task-queue', 'list', 'pending:normal', ['new-task-1', 'new-task-2']),
    [r],
  ],
  [
    'addHiveStoreValue to a sorted set',
    (api) =>
      h(api).addHiveStoreValue(A, 'leaderboard', 'sorted-set', 'scores:game1', [
        { member: 'player1', score: 95 },
        { member: 'player2', score: 87 },
      ]),
    [r],
  ],
  [
    'removeHiveStoreRecords',
    (api) => h(api).removeHiveStoreRecords(A, 'temp-cache', 'key-value', ['temp:1', 'temp:2', 'temp:3']),
    [r],
  ],
  [
    'removeHiveStoreRecords of a list store',
    (api) => h(api).removeHiveStoreRecords(A, 'task-queue', 'list', ['completed:batch1', 'completed:batch2']),
    [r],
  ],
  [
    'removeHiveStoreRecords of one key',
    (api) => h(api).removeHiveStoreRecords(A, 'user-sessions', 'key-value', ['session:expired:abc123']),
    [r],
  ],
  [
    'removeHiveStoreValue',
    (api) => h(api).removeHiveStoreValue(A, 'user-roles', 'set', 'moderators', ['user123', 'user456']),
    [r],
  ],
  [
    'removeHiveStoreValue of one value',
    (api) => h(api).removeHiveStoreValue(A, 'blacklist', 'set', 'banned-users', ['spammer123']),
    [r],
  ],
  [
    'removeHiveStoreValue of a list',
    (api) => h(api).removeHiveStoreValue(A, 'task-queue', 'list', 'failed-tasks', ['task-789', 'task-101']),
    [r],
  ],
  [
    'setKeyExpiration by TTL',
    (api) => h(api).setKeyExpiration(A, 'session-cache', 'key-value', 'session:user123', { ttl: 3600 }),
    [r],
  ],
  [
    'setKeyExpiration by unix time',
    (api) => h(api).setKeyExpiration(A, 'temp-data', 'key-value', 'temp:data123', { unixTime: 1672531200 }),
    [r],
  ],
  [
    'setKeyExpiration prefers the TTL',
    (api) =>
      h(api).setKeyExpiration(A, 'cache-store', 'key-value', 'cache:item456', { ttl: 7200, unixTime: 1672531200 }),
    [r],
  ],
  ['getKeyExpirationTTL', (api) => h(api).getKeyExpirationTTL(A, 'session-cache', 'key-value', 'session:user456'), [r]],
  ['getKeyExpirationTTL of a list', (api) => h(api).getKeyExpirationTTL(A, 'task-queue', 'list', 'urgent-tasks'), [r]],
  [
    'clearKeyExpiration',
    (api) => h(api).clearKeyExpiration(A, 'persistent-cache', 'key-value', 'config:app-settings'),
    [r],
  ],
  ['clearKeyExpiration of a set', (api) => h(api).clearKeyExpiration(A, 'user-roles', 'set', 'permanent-admins'), [r]],
  [
    'getKeySecondsSinceLastOperation',
    (api) => h(api).getKeySecondsSinceLastOperation(A, 'activity-tracker', 'key-value', 'user:last-seen:123'),
    [r],
  ],
  [
    'getKeySecondsSinceLastOperation of a sorted set',
    (api) => h(api).getKeySecondsSinceLastOperation(A, 'leaderboard', 'sorted-set', 'daily-scores'),
    [r],
  ],
  [
    'addHiveListStoreItems',
    (api) => h(api).addHiveListStoreItems(A, 'task-queue', 'pending-tasks', ['task1', 'task2', 'task3']),
    [r],
  ],
  [
    'addHiveListStoreItems of objects',
    (api) =>
      h(api).addHiveListStoreItems(A, 'notification-queue', 'user:notifications:123', [
        { type: 'email', content: 'Welcome' },
        { type: 'push', content: 'New message' },
      ]),
    [r],
  ],
  [
    'removeHiveListStoreItemByValue',
    (api) => h(api).removeHiveListStoreItemByValue(A, 'task-queue', 'pending-tasks', 'completed-task'),
    [r],
  ],
  [
    'removeHiveListStoreItemByValue of an object',
    (api) =>
      h(api).removeHiveListStoreItemByValue(A, 'notification-queue', 'user:notifications:456', {
        type: 'alert',
        content: 'Dismissed',
        timestamp: 1672531400,
      }),
    [r],
  ],
  [
    'updateHiveListStoreItemByIndex',
    (api) => h(api).updateHiveListStoreItemByIndex(A, 'task-queue', 'active-tasks', 2, 'updated-task'),
    [r],
  ],
  [
    'updateHiveListStoreItemByIndex with an object',
    (api) =>
      h(api).updateHiveListStoreItemByIndex(A, 'workflow-steps', 'process:abc123', 0, {
        step: 'approval',
        status: 'pending',
        assignee: 'manager@example.com',
      }),
    [r],
  ],
  [
    'addHiveSetStoreItems',
    (api) => h(api).addHiveSetStoreItems(A, 'user-roles', 'admins', ['admin1', 'admin2', 'admin3']),
    [r],
  ],
  [
    'addHiveSetStoreItems of several',
    (api) => h(api).addHiveSetStoreItems(A, 'tags', 'popular-tags', ['javascript', 'react', 'nodejs', 'express']),
    [r],
  ],
  [
    'removeHiveSetStoreItemByValue',
    (api) => h(api).removeHiveSetStoreItemByValue(A, 'user-roles', 'moderators', 'former-moderator'),
    [r],
  ],
  [
    'removeHiveSetStoreItemByValue of an address',
    (api) => h(api).removeHiveSetStoreItemByValue(A, 'blacklist', 'banned-ips', '192.168.1.100'),
    [r],
  ],
]);
