import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDbKinds, type TestServer, listenForClients } from '../test-helpers.js';

// The published reference client, unchanged, on the settings group's API key routes: the answer
// shape its getAppSettings reorders, the key rows it sends, and what the app API makes of them.
const require = createRequire(import.meta.url);
const ConsoleSDK = require('backendless-console-sdk');
const createClient: (serverUrl: string, authKey?: string, options?: object) => any = ConsoleSDK.createClient;

const DEVICE_ORDER = ['ANDROID', 'IOS', 'JS', 'REST', 'WP', 'AS', 'BL'];

for (const kind of testDbKinds()) {
  describe(`published backendless-console-sdk@3.0.0: API keys through the settings routes [${kind}]`, () => {
    let server: TestServer;
    let url: string;
    let client: any;
    let appId: string;
    let authKey: string;

    /** The app API as a client app sees it: status and body of `GET users/userroles` with a key. */
    const rolesWith = async (key: string) => {
      const res = await fetch(`${url}/${appId}/${key}/users/userroles`);
      return { status: res.status, body: await res.json() };
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      url = await listenForClients(server);
      client = createClient(url);
      const email = `refkeys${Date.now()}@example.com`;
      await client.user.register({ email, password: 'reference password 1' });
      authKey = (await client.user.login(email, 'reference password 1')).authKey;
      appId = (await client.apps.createApp({ appName: 'RefKeys' })).id;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('getAppSettings answers the keys in device order with apiKeysMap', async () => {
      const settings = await client.settings.getAppSettings(appId);
      expect(settings.apiKeys.map((k: { deviceType: string }) => k.deviceType)).toEqual(DEVICE_ORDER);
      expect(Object.keys(settings.apiKeysMap).sort()).toEqual([...DEVICE_ORDER].sort());
      for (const k of settings.apiKeys) expect(settings.apiKeysMap[k.deviceType]).toBe(k.apiKey);
      // Each key answers the app API with its client role.
      expect((await rolesWith(settings.apiKeysMap.JS)).body).toEqual(['JSUser', 'NotAuthenticatedUser']);
    });

    it('creates a custom key with a role: the app API gives its calls that role, and it is listed after the system keys', async () => {
      const role = await client.security.createRole(appId, 'Partner');
      const key = await client.settings.createAPIKey(appId, {
        deviceType: 'CUSTOM',
        name: 'Partner portal',
        roleName: 'Partner',
      });
      expect(key).toMatchObject({
        name: 'Partner portal',
        deviceType: 'CUSTOM',
        roleName: 'Partner',
        roleId: role.id,
        system: false,
      });
      expect(await client.settings.getAPIKey(appId, key.id)).toEqual(key);

      expect(await rolesWith(key.apiKey)).toEqual({ status: 200, body: ['Partner', 'NotAuthenticatedUser'] });
      // The role decides data access: Find denied to Partner hides the rows from this key only.
      await client.tables.create(appId, { name: 'Orders' });
      const rest = (await client.settings.getAppSettings(appId)).apiKeysMap.REST;
      expect(
        (
          await fetch(`${url}/${appId}/${rest}/data/Orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
      ).toBe(200);
      const tableId = (await client.tables.get(appId)).tables.find(
        (t: { name: string }) => t.name === 'Orders',
      ).tableId;
      const deny = await fetch(`${url}/${appId}/console/security/data/${tableId}/roles/${role.id}`, {
        method: 'PUT',
        headers: { 'auth-key': authKey, 'content-type': 'application/json' },
        body: JSON.stringify({ permissions: [{ operation: 'Find', access: 'DENY' }] }),
      });
      expect(deny.status).toBe(200);
      expect(await (await fetch(`${url}/${appId}/${key.apiKey}/data/Orders`)).json()).toEqual([]);
      expect(await (await fetch(`${url}/${appId}/${rest}/data/Orders`)).json()).toHaveLength(1);

      const settings = await client.settings.getAppSettings(appId);
      expect(settings.apiKeys.map((k: { deviceType: string }) => k.deviceType)).toEqual([...DEVICE_ORDER, 'CUSTOM']);
      expect(settings.apiKeys.at(-1).id).toBe(key.id);
      expect(settings.apiKeysMap.CUSTOM).toBeUndefined();

      const renamed = await client.settings.updateAPIKey(appId, key.id, { name: 'Partners' });
      expect(renamed).toMatchObject({ name: 'Partners', roleName: 'Partner', apiKey: key.apiKey });
    });

    it('regenerates a key: the new one works and the old one is refused (401, 8002) at once', async () => {
      const { apiKeys } = await client.settings.getAppSettings(appId);
      for (const target of [apiKeys.find((k: { deviceType: string }) => k.deviceType === 'REST'), apiKeys.at(-1)]) {
        // The old value is in the server's key memory (just used) when it is regenerated.
        expect((await rolesWith(target.apiKey)).status).toBe(200);
        const fresh = await client.settings.regenerateAPIKey(appId, target.id);
        expect(fresh).toMatchObject({ id: target.id, deviceType: target.deviceType });
        expect(fresh.apiKey).not.toBe(target.apiKey);
        expect(await rolesWith(target.apiKey)).toMatchObject({ status: 401, body: { code: 8002 } });
        expect((await rolesWith(fresh.apiKey)).status).toBe(200);
      }
    });

    it('deletes a custom key (refused at once), refuses a system key with 400 and an unknown id with 404', async () => {
      const custom = (await client.settings.getAppSettings(appId)).apiKeys.at(-1);
      expect(custom.deviceType).toBe('CUSTOM');
      expect((await rolesWith(custom.apiKey)).status).toBe(200);
      await client.settings.deleteAPIKey(appId, custom.id);
      expect(await rolesWith(custom.apiKey)).toMatchObject({ status: 401, body: { code: 8002 } });

      const { apiKeys } = await client.settings.getAppSettings(appId);
      expect(apiKeys.map((k: { deviceType: string }) => k.deviceType)).toEqual(DEVICE_ORDER);
      const android = apiKeys[0];
      await expect(client.settings.deleteAPIKey(appId, android.id)).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('The ANDROID key is a system key and cannot be deleted'),
      });
      expect((await rolesWith(android.apiKey)).status).toBe(200);
      await expect(client.settings.deleteAPIKey(appId, 'no-such-key')).rejects.toMatchObject({
        status: 404,
        message: "API key 'no-such-key' does not exist",
      });
      await expect(client.settings.getAPIKey(appId, custom.id)).rejects.toMatchObject({ status: 404 });
      await expect(client.settings.regenerateAPIKey(appId, 'no-such-key')).rejects.toMatchObject({ status: 404 });
    });

    it('answers warning(appId) with the warnings list it reads, and a developer signature', async () => {
      // The app holds an Orders record by now, and HIPAA compliance is off.
      const before = await client.warning(appId);
      expect(before.warnings).toEqual([expect.stringMatching(/stores records but HIPAA compliance is off/)]);
      expect(before.details.map((d: { code: string }) => d.code)).toEqual(['HIPAA_OFF_WITH_DATA']);
      await client.security.activatePanicMode(appId, {});
      const answer = await client.warning(appId);
      expect(answer.warnings).toHaveLength(2);
      expect(answer.warnings[0]).toMatch(/Panic mode is on/);
      await client.security.deactivatePanicMode(appId, {});

      const signature = await client.devTeam.generateDeveloperSignature();
      expect(typeof signature).toBe('string');
      expect(signature.split('.')).toHaveLength(3);
    });
  });
}
