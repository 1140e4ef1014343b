import { expect, it } from 'vitest';
import { createTestApp, describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { getLoginSettings, getRegistrationSettings, getScopeRoleBindings, getUserProperties } from './index.js';

describeEachDb('users configuration', (server) => {
  async function app() {
    const owner = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      server().call(method, `/${appId}/console${path}`, { authKey: owner.authKey, body });
    return { owner, appId, call };
  }

  it('stores registration and login properties, validates them and hands them to the app API', async () => {
    const { appId, call } = await app();
    expect((await call('GET', '/userregistration')).json()).toEqual({
      enabled: true,
      emailConfirmationRequired: false,
      defaultRole: null,
    });
    const regs = await call('PUT', '/userregistration', { enabled: false, defaultRole: 'Customer' });
    expect(regs.json()).toEqual({ enabled: false, emailConfirmationRequired: false, defaultRole: 'Customer' });
    const badRegs = await call('PUT', '/userregistration', { enabled: 'yes' });
    expect(badRegs.statusCode).toBe(400);
    expect(badRegs.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['enabled']);

    const login = await call('POST', '/userlogin', {
      identityColumn: 'phone',
      multipleLogins: false,
      sessionTimeout: 3600,
      failedLoginsLock: { enabled: true, attempts: 3 },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      identityColumn: 'phone',
      multipleLogins: false,
      sessionTimeout: 3600,
      failedLoginsLock: { enabled: true, attempts: 3, lockMinutes: 15 },
    });
    for (const [body, field] of [
      [{ identityColumn: 'bad column' }, 'identityColumn'],
      [{ identityColumn: 'password' }, 'identityColumn'],
      [{ sessionTimeout: -1 }, 'sessionTimeout'],
      [{ multipleLogins: 1 }, 'multipleLogins'],
      [{ failedLoginsLock: { attempts: 0 } }, 'failedLoginsLock.attempts'],
    ] as const) {
      const res = await call('POST', '/userlogin', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
    expect((await call('GET', '/userlogin')).json().identityColumn).toBe('phone');

    const ctx = server().app.basalt;
    expect(await getLoginSettings(ctx, appId)).toMatchObject({
      identityColumn: 'phone',
      multipleLogins: false,
      sessionTimeout: 3600,
      sessionsNotBefore: 0,
    });
    expect((await getRegistrationSettings(ctx, appId)).enabled).toBe(false);

    const before = Date.now();
    const out = await call('POST', '/userlogin/logout/all');
    expect(out.statusCode).toBe(200);
    expect((await getLoginSettings(ctx, appId)).sessionsNotBefore).toBeGreaterThanOrEqual(before);
  });

  it('keeps user properties consistent with the identity column', async () => {
    const { appId, call } = await app();
    const initial = (await call('GET', '/userproperties')).json();
    expect(initial.map((p: { name: string; identity: boolean }) => [p.name, p.identity])).toEqual([
      ['email', true],
      ['password', false],
      ['name', false],
    ]);

    const phone = await call('PUT', '/userproperties/phone', {
      name: 'phone',
      required: true,
      visibleOnRegistration: true,
    });
    expect(phone.json()).toEqual({ name: 'phone', identity: false, required: true, visibleOnRegistration: true });
    const identity = await call('PUT', '/userproperties/phone', { identity: true });
    expect(identity.json().identity).toBe(true);
    expect((await call('GET', '/userlogin')).json().identityColumn).toBe('phone');
    const props = await getUserProperties(server().app.basalt, appId);
    expect(props.filter((p) => p.identity).map((p) => p.name)).toEqual(['phone']);

    expect((await call('PUT', '/userproperties/password', { identity: true })).statusCode).toBe(400);
    expect((await call('PUT', '/userproperties/password', { required: false })).statusCode).toBe(400);
    expect((await call('PUT', '/userproperties/phone', { identity: false })).statusCode).toBe(400);
    const mismatch = await call('PUT', '/userproperties/phone', { name: 'other' });
    expect(mismatch.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['name']);
  });

  it('manages OAuth 2 and OAuth 1 providers, from scratch and from templates', async () => {
    const { appId, call } = await app();
    const templates = (await call('GET', '/users/oauth2-templates')).json();
    expect(templates.map((t: { code: string }) => t.code)).toContain('google');
    expect((await call('GET', '/users/oauth1-templates')).json().map((t: { code: string }) => t.code)).toEqual([
      'twitter',
    ]);

    const google = await call('POST', '/users/oauth2/create-from-template', {
      templateCode: 'google',
      clientId: 'cid',
      clientSecret: 'secret',
    });
    expect(google.statusCode).toBe(200);
    expect(google.json()).toMatchObject({
      code: 'google',
      version: 2,
      clientId: 'cid',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      enabled: true,
    });
    expect(
      (await call('POST', '/users/oauth2/create-from-template', { templateCode: 'google', clientId: 'x' })).statusCode,
    ).toBe(409);
    const unknown = await call('POST', '/users/oauth2/create-from-template', {
      templateCode: 'myspace',
      clientId: 'x',
    });
    expect(unknown.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['templateCode']);

    const custom = await call('POST', '/users/oauth2', {
      code: 'corp',
      name: 'Corp SSO',
      clientId: 'c',
      authorizationUrl: 'https://sso.example.com/auth',
      tokenUrl: 'https://sso.example.com/token',
      scope: 'openid email',
    });
    expect(custom.statusCode).toBe(200);
    expect(custom.json().scope).toEqual(['openid', 'email']);
    for (const [body, field] of [
      [
        { code: 'x1', clientId: 'c', authorizationUrl: 'javascript:alert(1)', tokenUrl: 'https://t.example.com' },
        'authorizationUrl',
      ],
      [
        {
          code: 'Bad Code',
          clientId: 'c',
          authorizationUrl: 'https://a.example.com',
          tokenUrl: 'https://t.example.com',
        },
        'code',
      ],
      [{ code: 'x2', authorizationUrl: 'https://a.example.com', tokenUrl: 'https://t.example.com' }, 'clientId'],
      [
        {
          code: 'x3',
          clientId: 'c',
          authorizationUrl: 'https://a.example.com',
          tokenUrl: 'https://t.example.com',
          fieldsMapping: { email: 'not a column' },
        },
        'fieldsMapping.email',
      ],
    ] as const) {
      const res = await call('POST', '/users/oauth2', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }

    const id = custom.json().id;
    const updated = await call('PUT', `/users/oauth2/${id}`, { id, enabled: false, name: 'Corp' });
    expect(updated.json()).toMatchObject({ id, code: 'corp', enabled: false, name: 'Corp', clientId: 'c' });
    expect((await call('GET', `/users/oauth2/${id}`)).json().name).toBe('Corp');
    expect((await call('GET', '/users/oauth2')).json().map((p: { code: string }) => p.code)).toEqual([
      'google',
      'corp',
    ]);
    const cb = await call('GET', '/users/oauth2/corp/callback-url');
    expect(cb.json().callbackUrl).toBe(`${server().config.publicUrl}/${appId}/users/oauth2/corp/callback`);
    expect((await call('DELETE', `/users/oauth2/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/users/oauth2/${id}`)).statusCode).toBe(404);

    const twitter = await call('POST', '/users/oauth1/create-from-template', {
      templateCode: 'twitter',
      consumerKey: 'ck',
      consumerSecret: 'cs',
    });
    expect(twitter.json()).toMatchObject({
      version: 1,
      code: 'twitter',
      clientId: 'ck',
      clientSecret: 'cs',
      requestTokenUrl: 'https://api.twitter.com/oauth/request_token',
    });
    const t1 = await call('PUT', `/users/oauth1/${twitter.json().id}`, { scope: ['a'] });
    expect(t1.json().scope).toEqual(['a']);
    expect((await call('GET', '/users/oauth1')).json()).toHaveLength(1);
    expect((await call('DELETE', `/users/oauth1/${twitter.json().id}`)).statusCode).toBe(200);
  });

  it('stores Auth0 configuration, scope-to-role bindings and social parameters', async () => {
    const { appId, call } = await app();
    expect((await call('GET', '/security/auth0/config')).json()).toMatchObject({
      enabled: false,
      identityClaim: 'email',
    });
    const half = await call('PUT', '/security/auth0/config', { enabled: true, domain: 'acme.eu.auth0.com' });
    expect(half.statusCode).toBe(400);
    expect(half.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['clientId']);
    expect(
      (await call('PUT', '/security/auth0/config', { domain: 'not a host' }))
        .json()
        .details.fields.map((f: { field: string }) => f.field),
    ).toEqual(['domain']);
    const ok = await call('PUT', '/security/auth0/config', {
      enabled: true,
      domain: 'acme.eu.auth0.com',
      clientId: 'abc',
      audience: 'https://api.acme.com',
    });
    expect(ok.json()).toMatchObject({ enabled: true, domain: 'acme.eu.auth0.com', clientId: 'abc' });

    const b = await call('POST', '/security/auth0/scope-to-role', { scope: 'read:patients', roleName: 'Doctor' });
    expect(b.json()).toMatchObject({ scope: 'read:patients', roleName: 'Doctor' });
    expect(
      (await call('POST', '/security/auth0/scope-to-role', { scope: 'read:patients', roleName: 'Doctor' })).statusCode,
    ).toBe(409);
    expect(
      (await call('POST', '/security/auth0/scope-to-role', { scope: 'two words', roleName: 'Doctor' }))
        .json()
        .details.fields.map((f: { field: string }) => f.field),
    ).toEqual(['scope']);
    const moved = await call('PUT', `/security/auth0/scope-to-role/${b.json().id}`, { id: b.json().id, role: 'Nurse' });
    expect(moved.json()).toMatchObject({ scope: 'read:patients', roleName: 'Nurse' });
    expect(await getScopeRoleBindings(server().app.basalt, appId)).toEqual([
      { id: b.json().id, scope: 'read:patients', roleName: 'Nurse' },
    ]);
    expect((await call('DELETE', `/security/auth0/scope-to-role/${b.json().id}`)).statusCode).toBe(200);
    expect((await call('GET', '/security/auth0/scope-to-role')).json()).toEqual([]);

    const social = await call('POST', '/socialparams', { provider: 'Facebook', key: 'k', secret: 's' });
    expect(social.json()).toEqual({ provider: 'facebook', key: 'k', secret: 's', enabled: true });
    expect(
      (await call('POST', '/socialparams', { key: 'k' })).json().details.fields.map((f: { field: string }) => f.field),
    ).toEqual(['provider']);
  });

  it('changes need the users and OAuth operations; members may read', async () => {
    const { owner, appId } = await app();
    const mate = await registerDeveloper(server());
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email: mate.email } });
    await server().call('PUT', `/${appId}/console/devteam/${mate.id}/permission/groups`, {
      authKey: owner.authKey,
      body: [
        { group: 'users', access: 'DENY' },
        { group: 'appSettings', access: 'DENY' },
      ],
    });
    const as = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
      server().call(method, `/${appId}/console${path}`, { authKey: mate.authKey, body });
    expect((await as('POST', '/userlogin', { sessionTimeout: 5 })).statusCode).toBe(403);
    expect((await as('PUT', '/userregistration', { enabled: false })).statusCode).toBe(403);
    expect((await as('POST', '/users/oauth2', {})).statusCode).toBe(403);
    expect((await as('GET', '/userlogin')).statusCode).toBe(200);
    expect((await as('GET', '/users/oauth2')).statusCode).toBe(200);
  });
});
