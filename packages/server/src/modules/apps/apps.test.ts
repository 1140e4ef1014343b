import { expect, it } from 'vitest';
import { createTestApp, describeEachDb, listAppStores, registerDeveloper } from '../../test-helpers.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** What a store of this app is called on disk / in PostgreSQL contains the app id without dashes. */
const storeKey = (appId: string) => appId.replace(/-/g, '').toLowerCase();

describeEachDb('applications', (server) => {
  it('lists apps as an array, empty for a new developer', async () => {
    const dev = await registerDeveloper(server());
    const res = await server().call('GET', '/console/applications', { authKey: dev.authKey });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('creates an app with its API keys in device order and its own data store', async () => {
    const dev = await registerDeveloper(server());
    const before = await listAppStores(server());
    const res = await server().call('POST', '/console/applications', {
      authKey: dev.authKey,
      body: { appName: 'Shop' },
    });
    expect(res.statusCode).toBe(200);
    const app = res.json();
    expect(app).toMatchObject({ id: expect.any(String), appName: 'Shop', ownerId: dev.id, role: 'owner', logo: null });
    expect(app.apiKeys.map((k: { deviceType: string }) => k.deviceType)).toEqual([
      'ANDROID',
      'IOS',
      'JS',
      'REST',
      'WP',
      'AS',
      'BL',
    ]);
    expect(new Set(app.apiKeys.map((k: { apiKey: string }) => k.apiKey)).size).toBe(7);

    const after = await listAppStores(server());
    const added = after.filter((s) => !before.includes(s));
    expect(added).toHaveLength(1);
    expect(added[0]).toContain(storeKey(app.id));

    const list = await server().call('GET', '/console/applications', { authKey: dev.authKey });
    expect(list.json()).toEqual([expect.objectContaining({ id: app.id, appName: 'Shop' })]);
    const info = await server().call('GET', `/${app.id}/console/app-info`, { authKey: dev.authKey });
    expect(info.json().apiKeys).toEqual(app.apiKeys);
  });

  it('refuses a duplicate name (any case) with 409 but allows it for another developer', async () => {
    const dev = await registerDeveloper(server());
    const other = await registerDeveloper(server());
    await createTestApp(server(), dev.authKey, 'Inventory');
    const stores = await listAppStores(server());
    const dup = await server().call('POST', '/console/applications', {
      authKey: dev.authKey,
      body: { appName: 'inventory' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CONFLICT', details: { fields: [{ field: 'appName' }] } });
    expect(await listAppStores(server())).toEqual(stores);
    expect(
      (await server().call('POST', '/console/applications', { authKey: other.authKey, body: { appName: 'Inventory' } }))
        .statusCode,
    ).toBe(200);
  });

  it('settles two simultaneous creates of one name: one app, one 409, no stray store', async () => {
    const dev = await registerDeveloper(server());
    const before = await listAppStores(server());
    const create = () =>
      server().call('POST', '/console/applications', { authKey: dev.authKey, body: { appName: 'Twin' } });
    const codes = (await Promise.all([create(), create(), create()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    expect((await listAppStores(server())).length).toBe(before.length + 1);
    expect((await server().call('GET', '/console/applications', { authKey: dev.authKey })).json()).toHaveLength(1);
  });

  it('refuses missing and invalid names with 400 naming appName, and creates nothing', async () => {
    const dev = await registerDeveloper(server());
    for (const body of [
      {},
      { appName: '' },
      { appName: '!bad' },
      { appName: 'a'.repeat(65) },
      { appName: 'with/slash' },
      { appName: ['x', 'y'] },
    ]) {
      const res = await server().call('POST', '/console/applications', { authKey: dev.authKey, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('appName');
    }
    expect((await server().call('GET', '/console/applications', { authKey: dev.authKey })).json()).toEqual([]);
  });

  it('renames an app; a taken or invalid name is refused', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey, 'Draft');
    await createTestApp(server(), dev.authKey, 'Taken');
    const res = await server().call('PUT', `/${appId}/console/application`, {
      authKey: dev.authKey,
      body: { appName: 'Final' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: appId, appName: 'Final' });
    // Changing only the case of its own name is not a clash.
    expect(
      (
        await server().call('PUT', `/${appId}/console/application/`, {
          authKey: dev.authKey,
          body: { appName: 'FINAL' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await server().call('PUT', `/${appId}/console/application`, {
          authKey: dev.authKey,
          body: { appName: 'taken' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await server().call('PUT', `/${appId}/console/application`, { authKey: dev.authKey, body: { appName: '' } }))
        .statusCode,
    ).toBe(400);
    const list = await server().call('GET', '/console/applications', { authKey: dev.authKey });
    expect(
      list
        .json()
        .map((a: { appName: string }) => a.appName)
        .sort(),
    ).toEqual(['FINAL', 'Taken']);
  });

  it('deletes an app (a JSON body on DELETE is fine) and removes its data store', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    expect((await listAppStores(server())).some((s) => s.includes(storeKey(appId)))).toBe(true);
    const res = await server().call('DELETE', `/${appId}/console/application`, {
      authKey: dev.authKey,
      body: { reason: 'done' },
    });
    expect(res.statusCode).toBe(200);
    expect((await listAppStores(server())).some((s) => s.includes(storeKey(appId)))).toBe(false);
    expect((await server().call('GET', `/${appId}/console/app-info`, { authKey: dev.authKey })).statusCode).toBe(404);
    expect((await server().call('GET', '/console/applications', { authKey: dev.authKey })).json()).toEqual([]);
    const keys = await server()
      .app.basalt.dbs.system.selectFrom('api_keys')
      .select('id')
      .where('app_id', '=', appId)
      .execute();
    expect(keys).toEqual([]);
  });

  it('stores app info and answers apps-info for the asked ids', async () => {
    const dev = await registerDeveloper(server());
    const a = await createTestApp(server(), dev.authKey);
    const b = await createTestApp(server(), dev.authKey);
    const res = await server().call('POST', `/${a}/console/app-info`, {
      authKey: dev.authKey,
      body: { info: 'Our storefront' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a, info: 'Our storefront' });
    expect((await server().call('GET', `/${a}/console/app-info`, { authKey: dev.authKey })).json().info).toBe(
      'Our storefront',
    );
    const many = await server().call('GET', `/console/apps-info?appsIds=${a}&appsIds=${b}`, { authKey: dev.authKey });
    expect(
      many
        .json()
        .map((x: { id: string }) => x.id)
        .sort(),
    ).toEqual([a, b].sort());
    const one = await server().call('GET', `/console/apps-info?appsIds=${b}`, { authKey: dev.authKey });
    expect(one.json().map((x: { id: string }) => x.id)).toEqual([b]);
  });

  it('stores a logo given as JSON or as raw text, and refuses a bad data URL (400) or a too big one (413)', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const url = `/${appId}/console/app-info/logos`;
    expect((await server().call('POST', url, { authKey: dev.authKey, body: { logo: PNG } })).statusCode).toBe(200);
    expect((await server().call('GET', url, { authKey: dev.authKey })).json()).toEqual({ logo: PNG });

    const bad = await server().call('POST', url, {
      authKey: dev.authKey,
      body: { logo: 'data:text/html;base64,PGgxPg==' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', details: { fields: [{ field: 'logo' }] } });
    const big = await server().call('POST', url, {
      authKey: dev.authKey,
      body: { logo: `data:image/png;base64,${'A'.repeat(800 * 1024)}` },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    expect((await server().call('GET', url, { authKey: dev.authKey })).json()).toEqual({ logo: PNG });

    const raw = await server().call('POST', url, {
      authKey: dev.authKey,
      payload: PNG.replace('image/png', 'image/gif'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(raw.statusCode).toBe(200);
    expect((await server().call('GET', url, { authKey: dev.authKey })).json().logo).toMatch(/^data:image\/gif/);
    expect((await server().call('POST', url, { authKey: dev.authKey, body: { logo: null } })).statusCode).toBe(200);
    expect((await server().call('GET', url, { authKey: dev.authKey })).json()).toEqual({ logo: null });
  });

  it('reads and replaces the developer options of an app', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const url = `/${appId}/console/developer/options`;
    expect((await server().call('GET', url, { authKey: dev.authKey })).json()).toEqual({});
    const put = await server().call('PUT', url, { authKey: dev.authKey, body: { theme: 'dark', pageSize: 50 } });
    expect(put.statusCode).toBe(200);
    expect((await server().call('GET', url, { authKey: dev.authKey })).json()).toEqual({ theme: 'dark', pageSize: 50 });
    expect((await server().call('PUT', url, { authKey: dev.authKey, body: [1, 2] })).statusCode).toBe(400);
  });

  it("answers 404 for another developer's app and changes nothing", async () => {
    const owner = await registerDeveloper(server());
    const stranger = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey, 'Private');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/${appId}/console/app-info`],
      ['PUT', `/${appId}/console/application`, { appName: 'Mine now' }],
      ['DELETE', `/${appId}/console/application`],
      ['GET', `/${appId}/console/developer/options`],
      ['POST', `/${appId}/console/app-info/logos`, { logo: PNG }],
    ];
    for (const [method, url, body] of calls) {
      const res = await server().call(method as 'GET', url, { authKey: stranger.authKey, ...(body ? { body } : {}) });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const info = await server().call('GET', `/${appId}/console/app-info`, { authKey: owner.authKey });
    expect(info.json()).toMatchObject({ appName: 'Private', logo: null });
    expect((await server().call('GET', '/console/applications', { authKey: stranger.authKey })).json()).toEqual([]);
  });

  it('answers clean 400s for clone, reset and export bodies that break the rules', async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const call = (url: string, body: unknown) =>
      server().call('POST', url, { authKey: dev.authKey, body: body as object });
    expect((await call(`/${appId}/console/cloneApp`, {})).statusCode).toBe(400);
    expect((await call(`/${appId}/console/cloneApp`, { appName: 'C', parts: ['nope'] })).statusCode).toBe(400);
    const reset = await call(`/${appId}/console/appreset`, { data: true });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('CONFIRMATION_MISMATCH');
    expect((await call(`/${appId}/console/application/transfer`, { parts: ['nope'] })).statusCode).toBe(400);
  });

  it('answers 401 to app calls without an auth key', async () => {
    expect((await server().call('GET', '/console/applications')).statusCode).toBe(401);
    expect((await server().call('POST', '/console/applications', { body: { appName: 'Anon' } })).statusCode).toBe(401);
  });
});
