import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const app = ok({ id: A, name: 'Test App' });
const done = ok({ success: true });
const x = (api: any) => api.apps;

describeParity('apps', [
  [
    'createApp with a query',
    (api) =>
      x(api).createApp(
        { name: 'Test App', subdomain: 'test-app', description: 'A test application' },
        { zone: 'us-west-2' },
      ),
    [app],
  ],
  ['createApp without a query', (api) => x(api).createApp({ name: 'Test App' }), [app]],
  ['createApp refused', (api) => x(api).createApp({ name: 'Duplicate App' }), [fail('App name already exists', 409)]],
  ['createAppFromZIP', (api) => x(api).createAppFromZIP({ name: 'App from ZIP', file: 'zip-content' }), [app]],
  [
    'createAppFromZIP refused',
    (api) => x(api).createAppFromZIP({ name: 'Invalid ZIP' }),
    [fail('Invalid ZIP file', 422)],
  ],
  [
    'createAppFromZipUrl',
    (api) => x(api).createAppFromZipUrl({ url: 'https://example.com/app.zip', name: 'App from URL' }),
    [app],
  ],
  [
    'createAppFromZipUrl refused',
    (api) => x(api).createAppFromZipUrl({ url: 'invalid-url' }),
    [fail('Invalid URL format', 400)],
  ],
  ['getApps of a zone', (api) => x(api).getApps('us-east-1'), [ok([{ id: 'app1' }, { id: 'app2' }])]],
  ['getApps without a zone', (api) => x(api).getApps(), [ok([])]],
  ['getApps refused', (api) => x(api).getApps('us-west-2'), [fail('Internal server error', 500)]],
  ['resetApp', (api) => x(api).resetApp(A, { data: true, files: false, cloudCode: true }), [done]],
  ['resetApp refused', (api) => x(api).resetApp(A, { data: true }), [fail('Reset operation failed', 500)]],
  ['renameApp sends {appName}', (api) => x(api).renameApp(A, 'Renamed App'), [done]],
  ['renameApp refused', (api) => x(api).renameApp(A, ''), [fail('Invalid app name', 400)]],
  ['deleteApp', (api) => x(api).deleteApp(A), [done]],
  ['deleteApp refused', (api) => x(api).deleteApp(A), [fail('App has active subscriptions', 403)]],
  [
    'cloneApp',
    (api) => x(api).cloneApp(A, { name: 'Cloned App', subdomain: 'cloned-app' }),
    [ok({ cloneId: 'new-app-123' })],
  ],
  ['cloneApp refused', (api) => x(api).cloneApp(A, { name: 'Existing App' }), [fail('Clone name already exists', 409)]],
  ['generateAppZIP', (api) => x(api).generateAppZIP(A), [ok({ downloadUrl: 'https://example.com/app.zip' })]],
  ['generateAppZIP refused', (api) => x(api).generateAppZIP(A), [fail('ZIP generation failed', 500)]],
  [
    'getCloningAppStatus',
    (api) => x(api).getCloningAppStatus(A, 'process-123'),
    [ok({ status: 'in-progress', progress: 50 })],
  ],
  [
    'getCloningAppStatus refused',
    (api) => x(api).getCloningAppStatus(A, 'invalid-process'),
    [fail('Process not found', 404)],
  ],
  ['loadAppsMenuItems', (api) => x(api).loadAppsMenuItems(), [ok([{ id: 'item1', label: 'Menu Item 1' }])]],
  ['loadAppsMenuItems refused', (api) => x(api).loadAppsMenuItems(), [fail('Menu items not available', 503)]],
  ['loadAppFavorites', (api) => x(api).loadAppFavorites(A, 'dev-456'), [ok(['table1', 'table2'])]],
  ['loadAppFavorites refused', (api) => x(api).loadAppFavorites(A, 'dev-456'), [fail('Favorites not found', 404)]],
  [
    'loadAppsInfo of several apps (one query key per id)',
    (api) => x(api).loadAppsInfo(['app1', 'app2', 'app3']),
    [ok([{ id: 'app1', info: 'info1' }])],
  ],
  ['loadAppsInfo of one app', (api) => x(api).loadAppsInfo('app1'), [ok([{ id: 'app1' }])]],
  ['loadAppsInfo refused', (api) => x(api).loadAppsInfo(['app1']), [fail('Apps info not available', 500)]],
  [
    'updateAppInfo',
    (api) =>
      x(api).updateAppInfo(A, { description: 'Updated description', category: 'Business', tags: ['tag1', 'tag2'] }),
    [done],
  ],
  ['updateAppInfo refused', (api) => x(api).updateAppInfo(A, { invalid: 'data' }), [fail('Invalid app info', 400)]],
  [
    'updateAppLogo',
    (api) => x(api).updateAppLogo(A, { logoFile: 'logo-data', fileName: 'logo.png' }),
    [ok({ logoUrl: 'https://example.com/logo.png' })],
  ],
  [
    'updateAppLogo refused',
    (api) => x(api).updateAppLogo(A, { logoFile: 'invalid-logo' }),
    [fail('Invalid logo format', 422)],
  ],
  ['generateSubdomains of a zone', (api) => x(api).generateSubdomains('eu-west-1'), [ok(['app-001', 'app-002'])]],
  ['generateSubdomains without a zone', (api) => x(api).generateSubdomains(), [ok([])]],
  ['generateSubdomains refused', (api) => x(api).generateSubdomains('invalid-zone'), [fail('Zone not available', 400)]],
  ['getAppDevOptions', (api) => x(api).getAppDevOptions(A), [ok({ debugMode: true, logLevel: 'info' })]],
  ['getAppDevOptions refused', (api) => x(api).getAppDevOptions(A), [fail('Dev options not found', 404)]],
  [
    'updateAppDevOptions',
    (api) => x(api).updateAppDevOptions(A, { debugMode: false, logLevel: 'error', maxConnections: 100 }),
    [done],
  ],
  [
    'updateAppDevOptions refused',
    (api) => x(api).updateAppDevOptions(A, { invalid: true }),
    [fail('Invalid options', 400)],
  ],
]);
