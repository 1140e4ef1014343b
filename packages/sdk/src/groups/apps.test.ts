import { describe, expect, it } from 'vitest';
import type { BasaltClient } from '../client.js';
import {
  TEST_HOST as H,
  jsonHeaders,
  recordingClient,
  type RecordedCall,
} from '../test-support/fake-fetch.test-helpers.js';

const KEY = { 'auth-key': 'test-key' };
const JSON_KEY = jsonHeaders();

type Case = [string, (c: BasaltClient) => Promise<unknown>, RecordedCall];

const cases: Case[] = [
  [
    'createApp',
    (c) => c.apps.createApp({ appName: 'Shop' }, { zone: 'EU' }),
    { url: `${H}/console/applications?zone=EU`, method: 'POST', headers: JSON_KEY, body: '{"appName":"Shop"}' },
  ],
  [
    'createApp(no query)',
    (c) => c.apps.createApp({ appName: 'Shop' }),
    { url: `${H}/console/applications`, method: 'POST', headers: JSON_KEY, body: '{"appName":"Shop"}' },
  ],
  [
    'createAppFromZIP',
    (c) => c.apps.createAppFromZIP({ name: 'Z' }),
    { url: `${H}/console/applications/from-zip`, method: 'POST', headers: JSON_KEY, body: '{"name":"Z"}' },
  ],
  [
    'createAppFromZipUrl',
    (c) => c.apps.createAppFromZipUrl({ url: 'http://x/a.zip' }),
    {
      url: `${H}/console/applications/from-zip-url`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"url":"http://x/a.zip"}',
    },
  ],
  [
    'getApps',
    (c) => c.apps.getApps('US'),
    { url: `${H}/console/applications?zone=US`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'getApps(no zone)',
    (c) => c.apps.getApps(),
    { url: `${H}/console/applications`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'resetApp',
    (c) => c.apps.resetApp('A', { data: true }),
    { url: `${H}/A/console/appreset`, method: 'POST', headers: JSON_KEY, body: '{"data":true}' },
  ],
  [
    'renameApp',
    (c) => c.apps.renameApp('A', 'New'),
    { url: `${H}/A/console/application`, method: 'PUT', headers: JSON_KEY, body: '{"appName":"New"}' },
  ],
  [
    'deleteApp',
    (c) => c.apps.deleteApp('A'),
    { url: `${H}/A/console/application`, method: 'DELETE', headers: KEY, body: undefined },
  ],
  [
    'cloneApp',
    (c) => c.apps.cloneApp('A', { appName: 'Copy' }),
    { url: `${H}/A/console/cloneApp`, method: 'POST', headers: JSON_KEY, body: '{"appName":"Copy"}' },
  ],
  [
    'generateAppZIP',
    (c) => c.apps.generateAppZIP('A'),
    { url: `${H}/A/console/application/transfer`, method: 'POST', headers: KEY, body: undefined },
  ],
  [
    'getCloningAppStatus',
    (c) => c.apps.getCloningAppStatus('A', 'P1'),
    { url: `${H}/A/console/cloneApp/P1`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'loadAppsMenuItems',
    (c) => c.apps.loadAppsMenuItems(),
    { url: `${H}/console/applications/menu-items`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'loadAppFavorites',
    (c) => c.apps.loadAppFavorites('A', 'D'),
    { url: `${H}/console/applications/app-favorites?appId=A&devId=D`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'loadAppsInfo',
    (c) => c.apps.loadAppsInfo(['A', 'B']),
    { url: `${H}/console/apps-info?appsIds=A&appsIds=B`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'updateAppInfo',
    (c) => c.apps.updateAppInfo('A', { info: 'about' }),
    { url: `${H}/A/console/app-info`, method: 'POST', headers: JSON_KEY, body: '{"info":"about"}' },
  ],
  [
    'getAppInfo',
    (c) => c.apps.getAppInfo('A'),
    { url: `${H}/A/console/app-info`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'updateAppLogo',
    (c) => c.apps.updateAppLogo('A', { logo: 'data:image/png;base64,AA==' }),
    {
      url: `${H}/A/console/app-info/logos`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"logo":"data:image/png;base64,AA=="}',
    },
  ],
  [
    'getAppLogo',
    (c) => c.apps.getAppLogo('A'),
    { url: `${H}/A/console/app-info/logos`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'generateSubdomains',
    (c) => c.apps.generateSubdomains('EU'),
    {
      url: `${H}/console/applications/suggested-generated-domains?zone=EU`,
      method: 'GET',
      headers: KEY,
      body: undefined,
    },
  ],
  [
    'getAppDevOptions',
    (c) => c.apps.getAppDevOptions('A'),
    { url: `${H}/A/console/developer/options`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'updateAppDevOptions',
    (c) => c.apps.updateAppDevOptions('A', { dark: true }),
    { url: `${H}/A/console/developer/options`, method: 'PUT', headers: JSON_KEY, body: '{"dark":true}' },
  ],
];

describe('apps group: request shapes', () => {
  it.each(cases)('%s', async (_name, call, expected) => {
    const { client, calls } = recordingClient();
    await call(client);
    expect(calls).toEqual([expected]);
  });

  it('covers every method of the group', () => {
    const { client } = recordingClient();
    const covered = new Set(cases.map(([name]) => name.replace(/\(.*$/, '')));
    expect(Object.keys(client.apps).filter((m) => !covered.has(m))).toEqual([]);
  });

  it('rejects a failed call with the server message, code, status and body', async () => {
    const { client, reply } = recordingClient();
    const body = { code: 'CONFLICT', message: "You already have an application named 'Shop'" };
    reply({ status: 409, body });
    await expect(client.apps.createApp({ appName: 'Shop' })).rejects.toMatchObject({
      message: body.message,
      code: 'CONFLICT',
      status: 409,
      body,
    });
  });
});
