import { expect, it } from 'vitest';
import { DeviceTypes, type AppApiKey } from '@basalt/shared';
import { describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { logOf } from '../audit/audit.test-helpers.js';
import { resolveApiKey } from '../apps/index.js';
import { realtimeCaller } from '../security/index.js';

async function json<T = any>(p: Promise<{ statusCode: number; body: string; json(): any }>, status = 200): Promise<T> {
  const res = await p;
  if (res.statusCode !== status) throw new Error(`expected ${status}, answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

const roles = (f: AppFixture, key: string) => json<string[]>(f.api('GET', '/users/userroles', { key }));

describeEachDb('API keys through the settings routes', (server) => {
  it('answers the app settings with the system keys in device order, named and with their client roles', async () => {
    const f = await appFixture(server());
    const settings = await json(f.console('GET', '/appsettings'));
    expect(settings).toMatchObject({ appId: f.appId, appName: expect.any(String) });
    expect(settings.apiKeys.map((k: AppApiKey) => k.deviceType)).toEqual([...DeviceTypes]);
    expect(settings.apiKeysMap).toEqual(f.keys);
    const js = settings.apiKeys.find((k: AppApiKey) => k.deviceType === 'JS');
    expect(js).toMatchObject({
      name: 'JavaScript',
      apiKey: f.keys.JS,
      system: true,
      roleName: 'JSUser',
      roleId: await f.roleId('JSUser'),
    });
    expect(settings.apiKeys.find((k: AppApiKey) => k.deviceType === 'BL').roleName).toBe('ServerCodeUser');
    expect(await json(f.console('GET', `/apikey/${js.id}`))).toEqual(js);
    // The app info keeps listing the seven system keys only.
    await json(f.console('POST', '/apikey', { name: 'Extra' }));
    expect(
      (await json(f.console('GET', '/app-info'))).apiKeys.map((k: { deviceType: string }) => k.deviceType),
    ).toEqual([...DeviceTypes]);
  });

  it('creates a custom key whose calls get its role, changes the role at once, and lists custom keys after the system keys', async () => {
    const f = await appFixture(server());
    await json(f.console('PUT', '/security/roles/Partner'));
    await json(f.console('PUT', '/security/roles/Auditor'));
    const partner = await json<AppApiKey>(
      f.console('POST', '/apikey', { deviceType: 'CUSTOM', name: 'Partner portal', roleName: 'Partner' }),
    );
    expect(partner).toMatchObject({
      name: 'Partner portal',
      deviceType: 'CUSTOM',
      system: false,
      roleName: 'Partner',
      roleId: await f.roleId('Partner'),
    });
    expect(partner.apiKey).toMatch(/^[0-9A-F-]{36}$/);
    expect(Object.values(f.keys)).not.toContain(partner.apiKey);

    const plain = await json<AppApiKey>(f.console('POST', '/apikey', { name: 'No role' }));
    expect(plain.roleId).toBeNull();

    // The key's role replaces the client-type role: Partner, never RestUser.
    expect(await roles(f, partner.apiKey)).toEqual(['Partner', 'NotAuthenticatedUser']);
    expect(await roles(f, plain.apiKey)).toEqual(['NotAuthenticatedUser']);
    expect(await roles(f, f.keys.REST)).toEqual(['RestUser', 'NotAuthenticatedUser']);
    // Real time authenticates a connection by the same key lookup, so its caller gets the role too.
    const ctx = server().app.basalt;
    const found = await resolveApiKey(ctx, f.appId, partner.apiKey);
    expect((await realtimeCaller(ctx, f.appId, found!.deviceType, null))?.roles.map((r) => r.name)).toEqual([
      'Partner',
      'NotAuthenticatedUser',
    ]);

    // The role decides data access: a Find DENY for Partner hides every row from the key, the REST key still reads.
    const { tableId } = await f.table('Orders', [{ name: 'item', dataType: 'STRING' }]);
    await json(f.api('POST', '/data/Orders', { body: { item: 'tea' } }));
    await json(
      f.console('PUT', `/security/data/${tableId}/roles/${partner.roleId}`, {
        permissions: [{ operation: 'Find', access: 'DENY' }],
      }),
    );
    expect(await json(f.api('GET', '/data/Orders', { key: partner.apiKey }))).toEqual([]);
    expect(await json(f.api('GET', '/data/Orders'))).toHaveLength(1);

    // A new role applies to the very next call (the key memory is forgotten), by id or by name.
    const changed = await json<AppApiKey>(
      f.console('PUT', `/apikey/${partner.id}`, { roleId: await f.roleId('Auditor'), name: 'Auditors' }),
    );
    expect(changed).toMatchObject({ name: 'Auditors', roleName: 'Auditor' });
    expect(await roles(f, partner.apiKey)).toEqual(['Auditor', 'NotAuthenticatedUser']);
    expect(await json(f.api('GET', '/data/Orders', { key: partner.apiKey }))).toHaveLength(1);
    expect((await json<AppApiKey>(f.console('PUT', `/apikey/${partner.id}`, { role: null }))).roleId).toBeNull();
    expect(await roles(f, partner.apiKey)).toEqual(['NotAuthenticatedUser']);

    // A user signed in through a custom key keeps the key's role beside AuthenticatedUser.
    await json(f.console('PUT', `/apikey/${partner.id}`, { role: 'Partner' }));
    const user = await f.user();
    const login = await json(
      f.api('POST', '/users/login', { key: partner.apiKey, body: { login: user.email, password: 'secret pass 1' } }),
    );
    expect(await json(f.api('GET', '/users/userroles', { key: partner.apiKey, token: login['user-token'] }))).toEqual([
      'Partner',
      'AuthenticatedUser',
    ]);

    const listed = (await json(f.console('GET', '/appsettings'))).apiKeys as AppApiKey[];
    expect(listed.map((k) => k.name)).toEqual([
      'Android',
      'iOS',
      'JavaScript',
      'REST',
      'Windows Phone',
      'ActionScript',
      'Business Logic',
      'Auditors',
      'No role',
    ]);
    expect(listed.slice(7).map((k) => k.deviceType)).toEqual(['CUSTOM', 'CUSTOM']);
  });

  it('regenerates a key: the new value works and the old one is refused (401, 8002) by the next call', async () => {
    const f = await appFixture(server());
    const settings = await json(f.console('GET', '/appsettings'));
    const rest = settings.apiKeys.find((k: AppApiKey) => k.deviceType === 'REST') as AppApiKey;
    // Warm the key memory first: regeneration must empty it, not wait for it to expire.
    for (let i = 0; i < 3; i++) expect(await roles(f, rest.apiKey)).toContain('RestUser');
    const fresh = await json<AppApiKey>(f.console('POST', `/apikey/${rest.id}/regenerate`));
    expect(fresh).toMatchObject({ id: rest.id, deviceType: 'REST', system: true });
    expect(fresh.apiKey).not.toBe(rest.apiKey);
    const old = await f.api('GET', '/users/userroles', { key: rest.apiKey });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe(8002);
    expect((await f.api('POST', '/data/Person', { key: rest.apiKey, body: {} })).statusCode).toBe(401);
    expect(await roles(f, fresh.apiKey)).toContain('RestUser');
    expect((await json(f.console('GET', '/appsettings'))).apiKeysMap.REST).toBe(fresh.apiKey);

    const custom = await json<AppApiKey>(f.console('POST', '/apikey', { name: 'Rotating' }));
    await roles(f, custom.apiKey);
    const next = await json<AppApiKey>(f.console('POST', `/apikey/${custom.id}/regenerate`));
    expect((await f.api('GET', '/users/userroles', { key: custom.apiKey })).json().code).toBe(8002);
    expect((await f.api('GET', '/users/userroles', { key: next.apiKey })).statusCode).toBe(200);
  });

  it('deletes custom keys (refused at once), keeps system keys (400 naming it), and answers 404 for unknown ids', async () => {
    const f = await appFixture(server());
    const custom = await json<AppApiKey>(f.console('POST', '/apikey', { name: 'Temporary' }));
    await roles(f, custom.apiKey);
    expect(await json(f.console('DELETE', `/apikey/${custom.id}`))).toEqual({ success: true, id: custom.id });
    const refused = await f.api('GET', '/users/userroles', { key: custom.apiKey });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(8002);

    const { apiKeys } = await json(f.console('GET', '/appsettings'));
    expect(apiKeys).toHaveLength(7);
    const js = apiKeys.find((k: AppApiKey) => k.deviceType === 'JS') as AppApiKey;
    const system = await f.console('DELETE', `/apikey/${js.id}`);
    expect(system.statusCode).toBe(400);
    expect(system.json().message).toMatch(/JS key is a system key and cannot be deleted/);
    expect(await roles(f, js.apiKey)).toContain('JSUser');

    for (const [method, path] of [
      ['GET', '/apikey/NOPE'],
      ['PUT', '/apikey/NOPE'],
      ['DELETE', '/apikey/NOPE'],
      ['POST', '/apikey/NOPE/regenerate'],
      ['DELETE', `/apikey/${custom.id}`],
    ] as const) {
      const res = await f.console(method, path, method === 'PUT' ? { name: 'x' } : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // Another app's key id is unknown here.
    const other = await appFixture(server());
    const otherKey = (await json(other.console('GET', '/appsettings'))).apiKeys[0] as AppApiKey;
    expect((await f.console('POST', `/apikey/${otherKey.id}/regenerate`)).statusCode).toBe(404);
  });

  it('refuses bad keys with the field named', async () => {
    const f = await appFixture(server());
    await json(f.console('POST', '/apikey', { name: 'Partner' }));
    const cases: Array<[unknown, number, RegExp]> = [
      [{}, 400, /name/],
      [{ name: '   ' }, 400, /name/],
      [{ name: 'x'.repeat(101) }, 400, /name/],
      [{ name: 'partner' }, 409, /already exists/],
      [{ name: 'Js again', deviceType: 'JS' }, 400, /JS key was made with the app/],
      [{ name: 'Odd', deviceType: 'PHONE' }, 400, /not a key type/],
      [{ name: 'Ghost', roleName: 'Nobody' }, 400, /Role 'Nobody' does not exist/],
      [{ name: 'Sneaky', roleName: 'AuthenticatedUser' }, 400, /cannot be given by a key/],
    ];
    for (const [body, status, message] of cases) {
      const res = await f.console('POST', '/apikey', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const { apiKeys } = await json(f.console('GET', '/appsettings'));
    const rest = apiKeys.find((k: AppApiKey) => k.deviceType === 'REST');
    const rename = await f.console('PUT', `/apikey/${rest.id}`, { name: 'Mine' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toMatch(/REST key is a system key/);
  });

  it('needs API_KEYS (4) of a team member to change keys, not to read them, and writes the audit log without key values', async () => {
    const f = await appFixture(server());
    const mate = await registerDeveloper(server());
    await json(f.console('POST', '/devteam', { email: mate.email }));
    await json(f.console('PUT', `/devteam/${mate.id}/permissions`, [{ operation: 4, access: 'DENY' }]));
    const asMate = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      server().call(method, `/${f.appId}/console${path}`, { authKey: mate.authKey, ...(body ? { body } : {}) });
    expect((await asMate('GET', '/appsettings')).statusCode).toBe(200);
    const denied = await asMate('POST', '/apikey', { name: 'Mine' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().details).toMatchObject({ operation: 4 });
    expect(
      (
        await server().call('GET', `/${f.appId}/console/appsettings`, {
          authKey: (await registerDeveloper(server())).authKey,
        })
      ).statusCode,
    ).toBe(404);

    await json(f.console('PUT', '/security/roles/Partner'));
    const key = await json<AppApiKey>(f.console('POST', '/apikey', { name: 'Audited', role: 'Partner' }));
    const regenerated = await json<AppApiKey>(f.console('POST', `/apikey/${key.id}/regenerate`));
    await json(f.console('DELETE', `/apikey/${key.id}`));
    const log = await logOf(
      server(),
      f.dev,
      f.appId,
      '',
      (d) => d.filter((e) => e.action.includes('APIKey')).length >= 3,
    );
    const entries = log.data.filter((e) => e.action.includes('APIKey'));
    expect(entries.map((e) => [e.action, e.summary])).toEqual([
      ['settings.deleteAPIKey', 'Deleted API key Audited'],
      ['settings.regenerateAPIKey', 'Regenerated API key Audited'],
      ['settings.createAPIKey', 'Created API key Audited with role Partner'],
    ]);
    expect(entries.every((e) => e.target === key.id && e.actor === f.dev.email)).toBe(true);
    expect(JSON.stringify(log.data)).not.toContain(key.apiKey);
    expect(JSON.stringify(log.data)).not.toContain(regenerated.apiKey);
  });
});
