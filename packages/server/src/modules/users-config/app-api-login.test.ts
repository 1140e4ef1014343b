import { expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The users configuration set in the console, as the app API's registration and login apply it. */
describeEachDb('users configuration used by the app API', (server) => {
  const login = (f: AppFixture, name: string | number, password = 'secret pass 1') =>
    f.api('POST', '/users/login', { body: { login: name, password } });
  /** Whether a token still opens the user's own record (401 3064 once it has ended). */
  const works = async (f: AppFixture, user: { objectId: string }, token: string) => {
    const res = await f.api('GET', `/data/Users/${user.objectId}`, { token });
    if (res.statusCode === 401) expect(res.json().code).toBe(3064);
    else expect(res.statusCode).toBe(200);
    return res.statusCode === 200;
  };

  it('logs in by the identity column of the login settings and refuses another', async () => {
    const f = await appFixture(server());
    expect((await f.console('POST', '/userlogin', { identityColumn: 'name' })).statusCode).toBe(200);
    const reg = await f.api('POST', '/users/register', {
      body: { name: ' zoe ', email: 'zoe@example.com', password: 'secret pass 1' },
    });
    expect(reg.statusCode).toBe(200);
    expect(reg.json().name).toBe('zoe');
    const ok = await login(f, 'zoe');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ objectId: reg.json().objectId, name: 'zoe', 'user-token': expect.any(String) });
    const byEmail = await login(f, 'zoe@example.com');
    expect([byEmail.statusCode, byEmail.json().code]).toEqual([401, 3003]);

    // The identity is required, and a taken one is answered like a new user while nothing is stored.
    const missing = await f.api('POST', '/users/register', {
      body: { email: 'nameless@example.com', password: 'secret pass 1' },
    });
    expect([missing.statusCode, missing.json().code, missing.json().message]).toEqual([
      400,
      8000,
      "The user needs 'name'",
    ]);
    const twin = await f.api('POST', '/users/register', {
      body: { name: 'zoe', email: 'zoe2@example.com', password: 'other pass 2' },
    });
    expect(twin.statusCode).toBe(200);
    expect(twin.json().objectId).not.toBe(reg.json().objectId);
    expect((await login(f, 'zoe', 'other pass 2')).statusCode).toBe(401);
    expect((await login(f, 'zoe')).statusCode).toBe(200);

    // A number column works too; a setting naming no column says so.
    await f.console('POST', '/data/tables/Users/columns', { name: 'badge', dataType: 'INT' });
    await f.console('POST', '/userlogin', { identityColumn: 'badge' });
    expect(
      (
        await f.api('POST', '/users/register', {
          body: { badge: 4711, email: 'badge@example.com', password: 'secret pass 1' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(f, 4711)).statusCode).toBe(200);
    expect((await login(f, '4711')).statusCode).toBe(200);
    await f.console('POST', '/userlogin', { identityColumn: 'nickname' });
    const unknown = await login(f, 'zoe');
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 8000]);
    expect(unknown.json().message).toMatch(/'nickname'.*not a text or number column/);
  });

  it('with multiple logins off a new login ends the older tokens; a limit keeps only the newest', async () => {
    const f = await appFixture(server());
    const u = await f.user('multi@example.com');
    const second = (await login(f, 'multi@example.com')).json()['user-token'];
    expect(await works(f, u, u.token)).toBe(true);
    expect(await works(f, u, second)).toBe(true);

    await f.console('POST', '/userlogin', { multipleLogins: false });
    const third = (await login(f, 'multi@example.com')).json()['user-token'];
    expect(await works(f, u, u.token)).toBe(false);
    expect(await works(f, u, second)).toBe(false);
    expect(await works(f, u, third)).toBe(true);
    expect((await f.api('GET', `/users/isvalidusertoken/${second}`)).json()).toBe(false);

    await f.console('POST', '/userlogin', { multipleLogins: true, maxConcurrentLogins: 2 });
    const tokens = [third];
    for (let i = 0; i < 2; i++) tokens.push((await login(f, 'multi@example.com')).json()['user-token']);
    expect([await works(f, u, tokens[0]), await works(f, u, tokens[1]), await works(f, u, tokens[2])]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('refuses a token idle longer than the session timeout with 3064, while an active one lives on', async () => {
    const f = await appFixture(server());
    await f.console('POST', '/userlogin', { sessionTimeout: 2 });
    const u = await f.user('idle@example.com');
    const active = (await login(f, 'idle@example.com')).json()['user-token'];
    // Used every 500 ms for 2.5 s: never idle two seconds (slack for a slow shared machine).
    for (let i = 0; i < 5; i++) {
      await sleep(500);
      expect(await works(f, u, active)).toBe(true);
    }
    // The first token has not been used since its login.
    const idle = await f.api('POST', '/data/Users/find', { body: {}, token: u.token });
    expect([idle.statusCode, idle.json().code]).toEqual([401, 3064]);
    expect((await f.api('GET', `/users/isvalidusertoken/${u.token}`)).json()).toBe(false);
    await sleep(2200);
    expect((await f.api('GET', `/users/isvalidusertoken/${active}`)).json()).toBe(false);

    // Without a timeout, tokens do not expire by idling.
    await f.console('POST', '/userlogin', { sessionTimeout: 0 });
    const lasting = (await login(f, 'idle@example.com')).json()['user-token'];
    await sleep(1100);
    expect(await works(f, u, lasting)).toBe(true);
  });

  it('"log out all users" ends every token issued before it; new logins work', async () => {
    const f = await appFixture(server());
    const a = await f.user('a@example.com');
    const b = await f.user('b@example.com');
    expect((await f.console('POST', '/userlogin/logout/all')).statusCode).toBe(200);
    expect(await works(f, a, a.token)).toBe(false);
    expect((await f.api('GET', '/info', { token: b.token })).json().code).toBe(3064);
    expect((await f.api('GET', `/users/isvalidusertoken/${b.token}`)).json()).toBe(false);
    const again = (await login(f, 'a@example.com')).json()['user-token'];
    expect(await works(f, a, again)).toBe(true);
  });

  it('honours the registration settings: closed, required properties, default role', async () => {
    const f = await appFixture(server());
    expect((await f.console('PUT', '/userregistration', { enabled: false })).statusCode).toBe(200);
    const closed = await f.api('POST', '/users/register', {
      body: { email: 'late@example.com', password: 'secret pass 1' },
    });
    expect([closed.statusCode, closed.json().code]).toEqual([403, 3009]);
    expect(closed.json().message).toMatch(/Registration of new users is disabled/);
    expect((await login(f, 'late@example.com')).statusCode).toBe(401);
    // Registration closed does not stop existing users or guests.
    expect((await f.api('POST', '/users/register/guest')).statusCode).toBe(200);

    await f.console('PUT', '/userregistration', { enabled: true, defaultRole: 'Customer' });
    expect((await f.console('PUT', '/security/roles/Customer')).statusCode).toBe(200);
    await f.console('POST', '/data/tables/Users/columns', { name: 'phone', dataType: 'STRING' });
    await f.console('PUT', '/userproperties/phone', { required: true, visibleOnRegistration: true });
    const noPhone = await f.api('POST', '/users/register', {
      body: { email: 'late@example.com', password: 'secret pass 1' },
    });
    expect([noPhone.statusCode, noPhone.json().code, noPhone.json().message]).toEqual([
      400,
      8000,
      "The user needs 'phone'",
    ]);
    const reg = await f.api('POST', '/users/register', {
      body: { email: 'late@example.com', password: 'secret pass 1', phone: '555' },
    });
    expect(reg.statusCode).toBe(200);
    const token = (await login(f, 'late@example.com')).json()['user-token'];
    expect((await f.api('GET', '/users/userroles', { token })).json()).toEqual(
      expect.arrayContaining(['Customer', 'AuthenticatedUser']),
    );
  });

  it('locks a login after the failed attempts of the lock setting', async () => {
    const f = await appFixture(server());
    await f.user('locked@example.com');
    await f.console('POST', '/userlogin', { failedLoginsLock: { enabled: true, attempts: 2 } });
    expect((await login(f, 'locked@example.com', 'guess 1')).statusCode).toBe(401);
    expect((await login(f, 'locked@example.com', 'guess 2')).statusCode).toBe(401);
    const blocked = await login(f, 'locked@example.com');
    expect([blocked.statusCode, blocked.json().code]).toEqual([429, 3036]);
  });
});
