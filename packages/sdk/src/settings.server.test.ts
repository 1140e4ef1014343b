/** The SDK's API key methods, `warning`, `devPermissions.get` and the developer signature against the real server, on both databases. */
import { expect, it } from 'vitest';
import { DeviceTypes } from '@basalt/shared';
import { describeAgainstServer } from './server-session.test-helpers.js';

describeAgainstServer('SDK settings against the server', (session) => {
  /** An app API call with a key: answers the HTTP status and the caller's role names (or the error). */
  const rolesWith = async (key: string) => {
    const { url, appId } = session();
    const res = await fetch(`${url}/${appId}/${key}/users/userroles`);
    return { status: res.status, body: await res.json() };
  };

  it('lists keys in device order, creates a custom key with a role, regenerates and deletes it', async () => {
    const { client, appId, apiKeys } = session();
    const settings = await client.settings.getAppSettings(appId);
    expect(settings.apiKeys.map((k) => k.deviceType)).toEqual([...DeviceTypes]);
    expect(settings.apiKeysMap).toEqual(apiKeys);

    await client.security.createRole(appId, 'Partner');
    const key = await client.settings.createAPIKey(appId, {
      deviceType: 'CUSTOM',
      name: 'Partner portal',
      roleName: 'Partner',
    });
    expect(key).toMatchObject({ name: 'Partner portal', deviceType: 'CUSTOM', system: false, roleName: 'Partner' });
    expect(await client.settings.getAPIKey(appId, key.id)).toEqual(key);
    expect(await rolesWith(key.apiKey)).toEqual({ status: 200, body: ['Partner', 'NotAuthenticatedUser'] });
    expect((await client.settings.getAppSettings(appId)).apiKeys.at(-1)?.id).toBe(key.id);

    const renamed = await client.settings.updateAPIKey(appId, key.id, { name: 'Partners', roleName: 'RestUser' });
    expect(renamed).toMatchObject({ name: 'Partners', roleName: 'RestUser' });
    expect((await rolesWith(key.apiKey)).body).toEqual(['RestUser', 'NotAuthenticatedUser']);

    const fresh = await client.settings.regenerateAPIKey(appId, key.id);
    expect(fresh.apiKey).not.toBe(key.apiKey);
    expect(await rolesWith(key.apiKey)).toMatchObject({ status: 401, body: { code: 8002 } });
    expect((await rolesWith(fresh.apiKey)).status).toBe(200);

    expect(await client.settings.deleteAPIKey(appId, key.id)).toEqual({ success: true, id: key.id });
    expect(await rolesWith(fresh.apiKey)).toMatchObject({ status: 401, body: { code: 8002 } });
    await expect(client.settings.getAPIKey(appId, key.id)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const js = settings.apiKeys.find((k) => k.deviceType === 'JS')!;
    await expect(client.settings.deleteAPIKey(appId, js.id)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/JS key is a system key/),
    });
  });

  it("answers warnings, the caller's developer permissions and a developer signature", async () => {
    const { client, appId } = session();
    expect(await client.warning(appId)).toEqual({ warnings: [], details: [] });
    await client.security.activatePanicMode(appId, {});
    const { warnings, details } = await client.warning(appId);
    expect(details.map((d) => d.code)).toEqual(['PANIC_MODE']);
    expect(warnings).toEqual([details[0].message]);
    await client.security.deactivatePanicMode(appId, {});

    expect(await client.devPermissions.get(appId, 4)).toEqual({ operation: 4, name: 'api keys', access: 'GRANT' });
    expect(await client.devPermissions.get(appId, 'API_KEYS')).toEqual({
      operation: 4,
      name: 'api keys',
      access: 'GRANT',
    });
    const group = await client.devPermissions.get(appId, 'appSettings');
    expect(Array.isArray(group) && group.map((g) => g.operation)).toEqual([4, 5, 6, 7, 8, 9, 11, 13, 14, 110]);
    await expect(client.devPermissions.get(appId, 'NOPE')).rejects.toMatchObject({ status: 404 });

    const signature = await client.devTeam.generateDeveloperSignature();
    expect(signature).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const me = await client.user.getAccountInfo();
    const claims = JSON.parse(Buffer.from(signature.split('.')[1], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: me.id, email: me.email, iss: 'basalt' });
    expect(claims.exp - claims.iat).toBe(3600);
  });
});
