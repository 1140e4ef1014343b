import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const status = {
  status: 'operational',
  version: '2024.1.5',
  services: { database: { status: 'healthy', responseTime: 45 } },
  timestamp: '2024-01-15T12:00:00Z',
};
const menu = {
  items: [
    { id: 'data', title: 'Data', icon: 'database', path: '/data', children: [{ id: 'tables', title: 'Tables' }] },
  ],
  permissions: { canEdit: true },
};

/** Two status calls: whether the second answered the very same object, and what it was. */
const twice = async (api: any, first: boolean | undefined, second: boolean | undefined) => {
  const a = await api.system.loadStatus(first);
  const b = await api.system.loadStatus(second);
  return { same: a === b, b };
};

describeParity('system', [
  ['loadStatus', (api) => api.system.loadStatus(), [ok(status)]],
  ['loadStatus answers the first answer again unless forced', (api) => twice(api, true, undefined), [ok(status)]],
  ['loadStatus(true) asks again', (api) => twice(api, true, true), [ok(status), ok({ ...status, version: '2' })]],
  [
    'loadStatus refused: unavailable',
    (api) => api.system.loadStatus(true),
    [fail('System status service unavailable', 503)],
  ],
  [
    'loadStatus refused: maintenance',
    (api) => api.system.loadStatus(true),
    [fail('System is in maintenance mode', 503)],
  ],
  [
    'loadStatus refused: unauthorized',
    (api) => api.system.loadStatus(true),
    [fail('Unauthorized to access system status', 401)],
  ],
  ['loadMainMenu', (api) => api.system.loadMainMenu(), [ok(menu)]],
  [
    'loadMainMenu with nested sections',
    (api) => api.system.loadMainMenu(),
    [ok({ ...menu, sections: [{ id: 's', items: [{ id: 'a', badge: 3 }] }] })],
  ],
  [
    'loadMainMenu with fewer items',
    (api) => api.system.loadMainMenu(),
    [ok({ items: [{ id: 'data', title: 'Data' }] })],
  ],
  ['loadMainMenu empty', (api) => api.system.loadMainMenu(), [ok({ items: [] })]],
  [
    'loadMainMenu refused: unauthorized',
    (api) => api.system.loadMainMenu(),
    [fail('Unauthorized to access main menu', 401)],
  ],
  [
    'loadMainMenu refused: unavailable',
    (api) => api.system.loadMainMenu(),
    [fail('Main menu service temporarily unavailable', 503)],
  ],
  ['loadMainMenu refused: configuration', (api) => api.system.loadMainMenu(), [fail('Menu configuration error', 500)]],
]);

describeParity('status', [
  [
    'status() is system.loadStatus() with a deprecation warning',
    (api) => api.status(),
    [ok({ status: 'active', version: '1.0.0' })],
  ],
  ['status(true) forces a new request', (api) => api.status(true), [ok({ status: 'active', version: '1.0.0' })]],
  [
    'status(false) after status(true) answers the first request, warning each time',
    async (api) => [await api.status(true), await api.status(false)],
    [ok({ status: 'active' })],
  ],
  ['status(true) refused', (api) => api.status(true), [fail('Service unavailable', 503)]],
]);

describeParity('warning', [
  ['warning(appId)', (api) => api.warning(A), [ok({ warnings: ['Warning 1', 'Warning 2'] })]],
  ['warning of another app', (api) => api.warning('another-app-123'), [ok({ warnings: [] })]],
  [
    'warning with underscores and digits in the id',
    (api) => api.warning('app-with-special-chars_123'),
    [ok({ warnings: [] })],
  ],
  ['warning without an app id', (api) => api.warning(), [ok({ warnings: [] })]],
  ['warning with a null app id', (api) => api.warning(null), [ok({ warnings: [] })]],
  ['warning with an empty app id', (api) => api.warning(''), [ok({ warnings: [] })]],
  ['warning with a numeric app id', (api) => api.warning(12345), [ok({ warnings: [] })]],
  ['warning refused: not found', (api) => api.warning(A), [fail('App not found', 404)]],
  ['warning refused: server error', (api) => api.warning(A), [fail('Internal server error', 500)]],
  ['warning refused: unauthorized', (api) => api.warning(A), [fail('Unauthorized access', 401)]],
]);
