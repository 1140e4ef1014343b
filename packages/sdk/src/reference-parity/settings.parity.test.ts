import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const r = ok({ foo: 'bar' });
const s = (api: any) => api.settings;

const keys = (...list: Array<[string, string]>) =>
  ok({ apiKeys: list.map(([deviceType, apiKey]) => ({ deviceType, apiKey })) });

/**
 * The settings sections built so far: mobile (push credentials), API keys, logging and the landing
 * page. The reference's other settings cases (custom domains …) wait for their routes.
 */
describeParity('settings (mobile, API keys, logging, landing page)', [
  [
    'getAppSettings orders the keys and maps the system ones',
    (api) => s(api).getAppSettings(A),
    [keys(['JS', 'js-key-123'], ['REST', 'rest-key-456'], ['CUSTOM', 'custom-key-789'])],
  ],
  [
    'getAppSettings puts system keys first, in their order',
    (api) => s(api).getAppSettings(A),
    [
      keys(
        ['CUSTOM1', 'c1'],
        ['IOS', 'ios'],
        ['CUSTOM2', 'c2'],
        ['ANDROID', 'android'],
        ['WP', 'wp'],
        ['REST', 'rest'],
        ['JS', 'js'],
      ),
    ],
  ],
  [
    'getAppSettings with custom keys first',
    (api) => s(api).getAppSettings(A),
    [keys(['CUSTOM1', 'c1'], ['ANDROID', 'android'], ['REST', 'rest'], ['BL', 'bl'])],
  ],
  ['getAppSettings without keys', (api) => s(api).getAppSettings(A), [ok({ apiKeys: [] })]],
  [
    'getAppSettings with some system keys missing',
    (api) => s(api).getAppSettings(A),
    [keys(['AS', 'as'], ['BL', 'bl'], ['CUSTOM', 'custom'])],
  ],
  ['getAppSettings refused', (api) => s(api).getAppSettings(A), [fail('App settings not found', 404)]],
  ['regenerateAPIKey', (api) => s(api).regenerateAPIKey(A, 'key-123'), [r]],
  ['getAPIKey', (api) => s(api).getAPIKey(A, 'key-456'), [r]],
  ['createAPIKey', (api) => s(api).createAPIKey(A, { deviceType: 'CUSTOM', name: 'My Custom Key' }), [r]],
  ['updateAPIKey', (api) => s(api).updateAPIKey(A, 'key-789', { name: 'Updated Key Name' }), [r]],
  ['deleteAPIKey', (api) => s(api).deleteAPIKey(A, 'key-000'), [r]],
  ['getMobileSettings', (api) => s(api).getMobileSettings(A), [r]],
  ['getMobileSettings refused', (api) => s(api).getMobileSettings(A), [fail('Service unavailable', 503)]],
  [
    'createAndroidMobileSettings',
    (api) => s(api).createAndroidMobileSettings(A, { packageName: 'com.example.app', keyStore: 'keystore-data' }),
    [r],
  ],
  [
    'createAndroidMobileSettings refused',
    (api) => s(api).createAndroidMobileSettings(A, { packageName: 'invalid-package' }),
    [fail('Invalid Android settings', 400)],
  ],
  [
    'updateAndroidMobileSettings puts them at the id',
    (api) => s(api).updateAndroidMobileSettings(A, { packageName: 'com.example.updated' }, 'setting-123'),
    [r],
  ],
  [
    'updateAndroidMobileSettings refused',
    (api) => s(api).updateAndroidMobileSettings(A, { packageName: 'com.example.nonexistent' }, 'nonexistent-id'),
    [fail('Settings not found', 404)],
  ],
  ['deleteAndroidMobileSettings', (api) => s(api).deleteAndroidMobileSettings(A, 'setting-123'), [r]],
  [
    'deleteAndroidMobileSettings refused',
    (api) => s(api).deleteAndroidMobileSettings(A, 'protected-setting'),
    [fail('Cannot delete settings', 403)],
  ],
  [
    'createAppleMobileSettings of a device type',
    (api) => s(api).createAppleMobileSettings(A, { bundleId: 'com.example.ios', certificate: 'cert-data' }, 'ios'),
    [r],
  ],
  [
    'createAppleMobileSettings refused',
    (api) => s(api).createAppleMobileSettings(A, { bundleId: 'com.example.invalid' }, 'ios'),
    [fail('Invalid Apple certificate', 400)],
  ],
  [
    'updateAppleMobileSettings',
    (api) => s(api).updateAppleMobileSettings(A, { bundleId: 'com.example.updated' }, 'setting-456', 'ios'),
    [r],
  ],
  [
    'updateAppleMobileSettings refused',
    (api) => s(api).updateAppleMobileSettings(A, { bundleId: 'com.example.notfound' }, 'nonexistent-id', 'ios'),
    [fail('Apple settings not found', 404)],
  ],
  ['deleteAppleMobileCertificate', (api) => s(api).deleteAppleMobileCertificate(A, 'cert-789', 'ios'), [r]],
  [
    'deleteAppleMobileCertificate refused',
    (api) => s(api).deleteAppleMobileCertificate(A, 'nonexistent-cert', 'ios'),
    [fail('Certificate not found', 404)],
  ],
  ['getAppLogging', (api) => s(api).getAppLogging(A), [r]],
  [
    'setAppLoggingConfig',
    (api) => s(api).setAppLoggingConfig(A, { loggers: [{ name: 'Global logger', level: 'WARN' }] }),
    [r],
  ],
  ['setAppLogging', (api) => s(api).setAppLogging(A, { loggers: [{ name: 'shop', level: 'DEBUG' }] }), [r]],
  [
    'setAppLoggingIntegration',
    (api) => s(api).setAppLoggingIntegration(A, { enabled: true, url: 'https://logs.example/in' }),
    [r],
  ],
  [
    'setAppLoggingIntegration refused',
    (api) => s(api).setAppLoggingIntegration(A, { enabled: true, url: 'ftp://x' }),
    [fail('Invalid url', 400)],
  ],
  ['clearLoggers', (api) => s(api).clearLoggers(A), [r]],
  ['getLandingPageData', (api) => s(api).getLandingPageData(A), [r]],
  ['getLandingPageTemplates', (api) => s(api).getLandingPageTemplates(A), [r]],
  ['saveLandingPageData', (api) => s(api).saveLandingPageData(A, { title: 'Hello', template: 'classic' }), [r]],
  ['publishLandingPageData', (api) => s(api).publishLandingPageData(A, { title: 'Hello' }), [r]],
  [
    'publishLandingPageData refused',
    (api) => s(api).publishLandingPageData(A, { primaryColor: 'red' }),
    [fail("'primaryColor' is a colour like #3b5bdb", 400)],
  ],
  [
    'uploadLandingPageFile',
    (api) => s(api).uploadLandingPageFile(A, 'image bytes', 'hero', 'photo.png'),
    [ok({ path: 'web/landing/hero/photo.png', url: 'landing/hero/photo.png' })],
  ],
  [
    'setAppLoggingConfig refused',
    (api) => s(api).setAppLoggingConfig(A, { loggers: [{ name: 'x', level: 'LOUD' }] }),
    [fail('Invalid level', 400)],
  ],
]);
