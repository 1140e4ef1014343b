import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { normalizeAppSettings } from './settings.js';
import { H, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';
import { SETTINGS_DOMAIN_CASES } from './settings-domains.test-helpers.js';

const S = `${H}/A/console/mobilesettings`;
const K = `${H}/A/console/apikey`;

describeShapes('settings', [
  ['getMobileSettings', (c) => c.settings.getMobileSettings('A'), get(S)],
  [
    'createAndroidMobileSettings',
    (c) => c.settings.createAndroidMobileSettings('A', { projectId: 'p' }),
    json('POST', `${S}/android`, { projectId: 'p' }),
  ],
  [
    'updateAndroidMobileSettings',
    (c) => c.settings.updateAndroidMobileSettings('A', { projectId: 'p' }, 'ID1'),
    json('PUT', `${S}/android/ID1`, { projectId: 'p' }),
  ],
  [
    'deleteAndroidMobileSettings',
    (c) => c.settings.deleteAndroidMobileSettings('A', 'ID1'),
    bare('DELETE', `${S}/android/ID1`),
  ],
  [
    'createAppleMobileSettings',
    (c) => c.settings.createAppleMobileSettings('A', { keyId: 'K' }, 'ios'),
    json('POST', `${S}/ios`, { keyId: 'K' }),
  ],
  [
    'updateAppleMobileSettings',
    (c) => c.settings.updateAppleMobileSettings('A', { keyId: 'K' }, 'ID2', 'ios'),
    json('PUT', `${S}/ios/ID2`, { keyId: 'K' }),
  ],
  [
    'deleteAppleMobileCertificate',
    (c) => c.settings.deleteAppleMobileCertificate('A', 'ID2', 'ios'),
    bare('DELETE', `${S}/ios/ID2`),
  ],
  ['getGooglePlaySettings', (c) => c.settings.getGooglePlaySettings('A'), get(`${S}/googleplay`)],
  [
    'saveGooglePlaySettings',
    (c) => c.settings.saveGooglePlaySettings('A', { clientEmail: 'e@x.io' }),
    json('PUT', `${S}/googleplay`, { clientEmail: 'e@x.io' }),
  ],
  ['deleteGooglePlaySettings', (c) => c.settings.deleteGooglePlaySettings('A'), bare('DELETE', `${S}/googleplay`)],
  [
    'getAppSettings',
    (c) => c.settings.getAppSettings('A'),
    get(`${H}/A/console/appsettings`),
    [{ body: { apiKeys: [] } }],
  ],
  ['regenerateAPIKey', (c) => c.settings.regenerateAPIKey('A', 'K1'), bare('POST', `${K}/K1/regenerate`)],
  ['getAPIKey', (c) => c.settings.getAPIKey('A', 'K1'), get(`${K}/K1`)],
  ['getDataValidators', (c) => c.settings.getDataValidators(), get(`${H}/console/datavalidators`)],
  [
    'createAPIKey',
    (c) => c.settings.createAPIKey('A', { deviceType: 'CUSTOM', name: 'Partner', roleName: 'Partner' }),
    json('POST', K, { deviceType: 'CUSTOM', name: 'Partner', roleName: 'Partner' }),
  ],
  [
    'updateAPIKey',
    (c) => c.settings.updateAPIKey('A', 'K1', { name: 'Renamed' }),
    json('PUT', `${K}/K1`, { name: 'Renamed' }),
  ],
  ['deleteAPIKey', (c) => c.settings.deleteAPIKey('A', 'K1'), bare('DELETE', `${K}/K1`)],
  ['getAppLogging', (c) => c.settings.getAppLogging('A'), get(`${H}/A/console/logging/config`)],
  [
    'setAppLoggingConfig',
    (c) => c.settings.setAppLoggingConfig('A', { loggers: [{ name: 'shop', level: 'WARN' }] }),
    json('POST', `${H}/A/console/logging/config`, { loggers: [{ name: 'shop', level: 'WARN' }] }),
  ],
  [
    'setAppLoggingIntegration',
    (c) => c.settings.setAppLoggingIntegration('A', { enabled: true, url: 'https://logs.example/in' }),
    json('POST', `${H}/A/console/logging/integration`, { enabled: true, url: 'https://logs.example/in' }),
  ],
  ['clearLoggers', (c) => c.settings.clearLoggers('A'), bare('DELETE', `${H}/A/console/logging/loggers`)],
  ['getLandingPageData', (c) => c.settings.getLandingPageData('A'), get(`${H}/A/console/landing-page`)],
  [
    'getLandingPageTemplates',
    (c) => c.settings.getLandingPageTemplates('A'),
    get(`${H}/A/console/landing-page/templates`),
  ],
  [
    'saveLandingPageData',
    (c) => c.settings.saveLandingPageData('A', { title: 'Hi' }),
    json('PUT', `${H}/A/console/landing-page`, { title: 'Hi' }),
  ],
  [
    'publishLandingPageData',
    (c) => c.settings.publishLandingPageData('A', { template: 'split' }),
    json('POST', `${H}/A/console/landing-page/publish`, { template: 'split' }),
  ],
  [
    'uploadLandingPageFile',
    (c) => c.settings.uploadLandingPageFile('A', new Blob(['png']), 'hero', 'a.png'),
    {
      url: `${H}/A/console/landing-page/file?section=hero&name=a.png`,
      method: 'POST',
      headers: expect.any(Object),
      body: expect.any(FormData),
    },
  ],
  [
    'setAppLogging',
    (c) => c.settings.setAppLogging('A', { loggers: [] }),
    json('POST', `${H}/A/console/logging/config`, { loggers: [] }),
  ],
  ...SETTINGS_DOMAIN_CASES,
]);

describe("settings.getAppSettings: the reference client's key order", () => {
  it('puts system keys in device order, custom keys after them as sent, and builds apiKeysMap', async () => {
    const { client, replyJson } = recordingClient();
    replyJson({
      appName: 'Shop',
      apiKeys: [
        { deviceType: 'CUSTOM', apiKey: 'c1' },
        { deviceType: 'BL', apiKey: 'bl' },
        { deviceType: 'IOS', apiKey: 'ios' },
        { deviceType: 'CUSTOM', apiKey: 'c2' },
        { deviceType: 'ANDROID', apiKey: 'an' },
        { deviceType: 'REST', apiKey: 'rest' },
      ],
    });
    const settings = await client.settings.getAppSettings('A');
    expect(settings.appName).toBe('Shop');
    expect(settings.apiKeys.map((k) => k.apiKey)).toEqual(['an', 'ios', 'rest', 'bl', 'c1', 'c2']);
    expect(settings.apiKeysMap).toEqual({ ANDROID: 'an', IOS: 'ios', REST: 'rest', BL: 'bl' });
  });

  it('answers an empty map for no keys, and replaces a map the server sent', () => {
    expect(normalizeAppSettings({ apiKeys: [] })).toEqual({ apiKeys: [], apiKeysMap: {} });
    expect(
      normalizeAppSettings({ apiKeys: [{ deviceType: 'JS', apiKey: 'j' }], apiKeysMap: { JS: 'stale', WP: 'gone' } })
        .apiKeysMap,
    ).toEqual({ JS: 'j' });
  });
});

describe('settings group: reference method names', () => {
  it("has every method of the reference client's settings group that Basalt serves", () => {
    const names =
      'getMobileSettings createAndroidMobileSettings updateAndroidMobileSettings deleteAndroidMobileSettings createAppleMobileSettings updateAppleMobileSettings deleteAppleMobileCertificate getAppSettings regenerateAPIKey getAPIKey createAPIKey updateAPIKey deleteAPIKey getAppLogging setAppLogging setAppLoggingConfig setAppLoggingIntegration clearLoggers getLandingPageData getLandingPageTemplates saveLandingPageData publishLandingPageData uploadLandingPageFile'.split(
        ' ',
      );
    const group = recordingClient().client.settings as unknown as Record<string, unknown>;
    expect(names.filter((n) => typeof group[n] !== 'function')).toEqual([]);
  });
});
