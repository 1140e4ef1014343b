import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const HOUR = { name: 'HOUR', value: 3_600_000 };
const from = 1_700_000_000_000 - (1_700_000_000_000 % 3_600_000);
const to = from + 3 * 3_600_000;
const calls = [
  { timestamp: 1, apiKeyName: 'REST', serviceName: 'data', methodName: 'find', successCallCount: 30, errorCount: 0 },
];

describeParity('analytics', [
  ['getAppStats of a month', (api) => api.analytics.getAppStats(A, 'month'), [ok({ apiCalls: 3 })]],
  ['getAppStats of half a year', (api) => api.analytics.getAppStats(A, 'sixmo'), [ok({ apiCalls: 3 })]],
  ['getAppStats of the last day (sent as MONTH)', (api) => api.analytics.getAppStats(A, 'lastDay'), [ok({})]],
  ['getAppStats of an unknown period (sent as MONTH)', (api) => api.analytics.getAppStats(A, 'decade'), [ok({})]],
  ['getAppStats refused', (api) => api.analytics.getAppStats(A, 'year'), [fail()]],
  [
    'performance keyed by milliseconds with gaps',
    (api) => api.analytics.performance(A, { aggInterval: HOUR, from, to }),
    [ok({ [from / 1000]: { count: 2, p50: 1, p90: 2, p99: 3 }, [from / 1000 + 7200]: { count: 1 } })],
  ],
  [
    'concurrentRequests keyed by milliseconds',
    (api) => api.analytics.concurrentRequests(A, { aggInterval: HOUR, from, to }),
    [ok({ [from / 1000 + 3600]: 4 })],
  ],
  [
    'concurrentRequests refused',
    (api) => api.analytics.concurrentRequests(A, { aggInterval: HOUR, from, to }),
    [fail()],
  ],
  [
    'apiCalls of a month by client type with services and methods',
    (api) =>
      api.analytics.apiCalls(A, {
        clientTypes: ['REST', 'JS'],
        columns: { services: true, methods: true },
        period: 'month',
      }),
    [ok(calls)],
  ],
  ['apiCalls with no segments nor columns', (api) => api.analytics.apiCalls(A, { period: 'YEAR' }), [ok([])]],
  [
    'apiCalls of a custom range',
    (api) => api.analytics.apiCalls(A, { period: 'custom', from: 1000, to: 2000, clientTypes: ['REST'] }),
    [ok(calls)],
  ],
  ['apiCalls refused', (api) => api.analytics.apiCalls(A, { period: 'month' }), [fail('Bad period', 400)]],
  [
    'messages by client and messaging type',
    (api) =>
      api.analytics.messages(A, { clientTypes: ['JS'], messagingTypes: ['PUSH', 'PUBLISH'], period: 'half_year' }),
    [ok([{ timestamp: 1, apiKeyName: 'JS', messagingType: 'PUSH', count: 2 }])],
  ],
  ['messages of a custom range', (api) => api.analytics.messages(A, { period: 'CUSTOM', from: 5, to: 10 }), [ok([])]],
  [
    'users of a month',
    (api) => api.analytics.users(A, { period: 'month' }),
    [ok([{ timestamp: 1, activeUsers: 1, newUsers: 1, registeredUsers: 1, returningUsers: 0 }])],
  ],
  ['users of a custom range', (api) => api.analytics.users(A, { period: 'custom', from: 1, to: 2 }), [ok([])]],
  ['users refused', (api) => api.analytics.users(A, { period: 'month' }), [fail()]],
  ['workers with a query', (api) => api.analytics.workers(A, { period: 'MONTH' }), [ok([])]],
  ['workers without a query', (api) => api.analytics.workers(A), [ok([])]],
]);

describeParity('activityManager', [
  ['send an event', (api) => api.activityManager.send(A, { type: 'PAGE_VIEW', page: 'data' }), [ok({ success: true })]],
  ['send refused', (api) => api.activityManager.send(A, { type: 'X' }), [fail()]],
]);
