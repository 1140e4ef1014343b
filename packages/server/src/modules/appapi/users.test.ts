import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

describeEachDb('app API: keys, users, sessions, panic mode', (server) => {
  let f: AppFixture;
  beforeAll(async () => {
    f = await appFixture(server());
  });

  it('answers app info with rtURL and loggers, and refuses a missing or wrong key with 401', async () => {
    const info = await f.api('GET', '/info');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ appId: f.appId, loggers: [] });
    expect(info.json().rtURL).toMatch(/^http:\/\/[^/]+$/);
    const wrong = await server().call('GET', `/${f.appId}/NOT-A-KEY/info`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 8002, message: expect.any(String) });
    const data = await server().call('POST', `/${f.appId}/NOT-A-KEY/data/Users/find`, { body: {} });
    expect(data.statusCode).toBe(401);
    expect(data.json().code).toBe(8002);
  });

  it('registers without logging in, logs in with a user token, and logout revokes it at once', async () => {
    const reg = await f.api('POST', '/users/register', {
      body: { email: 'Ann@Example.com', password: 'pw-123456', name: 'Ann' },
    });
    expect(reg.statusCode).toBe(200);
    const user = reg.json();
    expect(user).toMatchObject({ email: 'ann@example.com', name: 'Ann', ___class: 'Users', userStatus: 'ENABLED' });
    expect(user.password).toBeUndefined();
    expect(user['user-token']).toBeUndefined();

    const login = await f.api('POST', '/users/login', {
      body: { login: 'ann@example.com', password: 'pw-123456' },
      token: 'stale-token',
    });
    expect(login.statusCode).toBe(200);
    const token = login.json()['user-token'];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.json()).toMatchObject({ objectId: user.objectId, ___class: 'Users' });
    expect(login.json().password).toBeUndefined();

    expect((await f.api('GET', `/users/isvalidusertoken/${token}`)).json()).toBe(true);
    expect((await f.api('GET', '/users/userroles', { token })).json()).toEqual(
      expect.arrayContaining(['AuthenticatedUser', 'RestUser']),
    );
    const me = await f.api('GET', `/data/Users/${user.objectId}`, { token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ann@example.com' });

    expect((await f.api('GET', '/users/logout', { token })).statusCode).toBe(200);
    expect((await f.api('GET', `/users/isvalidusertoken/${token}`)).json()).toBe(false);
    const after = await f.api('GET', `/data/Users/${user.objectId}`, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(3064);
    expect((await f.api('GET', '/info', { token })).json().code).toBe(3064);
  });

  it('refuses a user token of another app', async () => {
    const u = await f.user();
    const other = await appFixture(server());
    const res = await other.api('POST', '/data/Users/find', { body: {}, token: u.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(3064);
    expect((await other.api('GET', `/users/isvalidusertoken/${u.token}`)).json()).toBe(false);
  });

  it('does not tell whether an email is registered (register, restore, login)', async () => {
    const taken = await f.user('taken@example.com', 'right-password');
    const again = await f.api('POST', '/users/register', {
      body: { email: 'taken@example.com', password: 'whatever1' },
    });
    const fresh = await f.api('POST', '/users/register', {
      body: { email: 'fresh@example.com', password: 'whatever1' },
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(again.json().objectId).not.toBe(taken.objectId);
    // The real account is untouched: its password still works.
    expect(
      (await f.api('POST', '/users/login', { body: { login: 'taken@example.com', password: 'right-password' } }))
        .statusCode,
    ).toBe(200);

    const r1 = await f.api('GET', `/users/restorepassword/${encodeURIComponent('taken@example.com')}`);
    const r2 = await f.api('GET', `/users/restorepassword/${encodeURIComponent('nobody@example.com')}`);
    expect([r1.statusCode, r1.body]).toEqual([r2.statusCode, r2.body]);

    const wrong = await f.api('POST', '/users/login', { body: { login: 'taken@example.com', password: 'nope' } });
    const unknown = await f.api('POST', '/users/login', { body: { login: 'ghost@example.com', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe(3003);
  });

  it('rate-limits brute force on one login with 429', async () => {
    await f.user('target@example.com', 'the-real-one');
    const tries = [];
    for (let i = 0; i < 5; i++)
      tries.push(
        (await f.api('POST', '/users/login', { body: { login: 'target@example.com', password: `guess${i}` } }))
          .statusCode,
      );
    expect(tries).toEqual([401, 401, 401, 401, 401]);
    const blocked = await f.api('POST', '/users/login', {
      body: { login: 'target@example.com', password: 'the-real-one' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 3036, message: expect.stringMatching(/try again/) });
    // Another login of the same app is not blocked.
    const other = await f.user();
    expect(other.token).toBeTruthy();
  });

  it('logs in a guest with the GuestUser role', async () => {
    const res = await f.api('POST', '/users/register/guest');
    expect(res.statusCode).toBe(200);
    const token = res.json()['user-token'];
    const roles = (await f.api('GET', '/users/userroles', { token })).json();
    expect(roles).toContain('GuestUser');
    expect(roles).not.toContain('AuthenticatedUser');
  });

  it('updates the own user and refuses another user', async () => {
    const a = await f.user();
    const b = await f.user();
    const mine = await f.api('PUT', `/users/${a.objectId}`, {
      token: a.token,
      body: { name: 'Renamed', userStatus: 'DISABLED' },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ name: 'Renamed', userStatus: 'ENABLED' });
    const theirs = await f.api('PUT', `/users/${b.objectId}`, { token: a.token, body: { name: 'Hacked' } });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().code).toBe(1011);
  });

  it('panic mode answers 503 on every app API call while the console keeps working', async () => {
    const u = await f.user();
    const on = await f.console('PUT', '/panic/enable', { message: 'Maintenance' });
    expect(on.statusCode).toBe(200);
    for (const [method, path] of [
      ['GET', '/info'],
      ['POST', '/data/Users/find'],
      ['POST', '/users/login'],
      ['GET', '/files/'],
    ] as const) {
      const res = await f.api(method, path, { token: u.token, body: method === 'POST' ? {} : undefined });
      expect(res.statusCode, path).toBe(503);
      expect(res.json()).toEqual({ code: 8010, message: 'Maintenance' });
    }
    expect((await f.console('GET', '/security/roles')).statusCode).toBe(200);
    expect((await f.console('PUT', '/panic/disable', {})).statusCode).toBe(200);
    expect((await f.api('GET', '/info')).statusCode).toBe(200);
  });

  it('answers CORS preflights for app API paths', async () => {
    const res = await server().app.inject({
      method: 'OPTIONS',
      url: `/${f.appId}/${f.keys.JS}/data/Person`,
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type,user-token',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
    expect(res.headers['access-control-allow-headers']).toBe('content-type,user-token');
    expect((await f.api('GET', '/info')).headers['access-control-allow-origin']).toBe('*');
    // Every app API route has the header, whichever module adds it, errors included; console routes do not.
    expect((await f.api('GET', '/files/')).headers['access-control-allow-origin']).toBe('*');
    const refused = await f.api('POST', '/data/NoSuchTable/find', { body: {} });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.json().code).toBe(1009);
    expect((await f.console('GET', '/security/roles')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describeEachDb('console: app users sessions', (server) => {
  {
    it('lists users with sessions, sessions per user, and logs a user out everywhere', async () => {
      const f = await appFixture(server());
      const u = await f.user();
      const second = await f.api('POST', '/users/login', { body: { login: u.email, password: 'secret pass 1' } });
      const token2 = second.json()['user-token'];
      const withSessions = (await f.console('GET', '/user/sessions/users-with-sessions')).json();
      expect(withSessions.data).toEqual([
        expect.objectContaining({ objectId: u.objectId, email: u.email, sessions: 2 }),
      ]);
      const sessions = (await f.console('GET', `/user/sessions/${u.objectId}?pageSize=1`)).json();
      expect(sessions.data).toHaveLength(1);
      expect(sessions.cursor).toBeTruthy();
      expect(JSON.stringify(sessions)).not.toContain(u.token);
      const next = (await f.console('GET', `/user/sessions/${u.objectId}?pageSize=1&cursor=${sessions.cursor}`)).json();
      expect(next.data).toHaveLength(1);
      expect(next.data[0].sessionId).not.toBe(sessions.data[0].sessionId);
      const users = (
        await f.console('GET', `/user/sessions/users?identityOrUserId=${encodeURIComponent(u.email)}`)
      ).json();
      expect(users.data[0]).toMatchObject({ objectId: u.objectId, sessions: 2 });

      const out = await server().call('PUT', `/${f.appId}/console/user/sessions/logout`, {
        authKey: f.dev.authKey,
        headers: { 'content-type': 'text/plain' },
        payload: u.objectId,
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toBe(2);
      for (const t of [u.token, token2])
        expect((await f.api('GET', `/users/isvalidusertoken/${t}`)).json()).toBe(false);
    });
  }
});
