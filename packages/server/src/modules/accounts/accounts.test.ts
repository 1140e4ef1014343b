import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevOperations } from '@basalt/shared';
import {
  createTestApp,
  describeEachDb,
  listAppStores,
  registerDeveloper,
  startTestServer,
  testDbKinds,
  type TestServer,
} from '../../test-helpers.js';

let n = 0;
const uniqueEmail = (tag: string) => `${tag}${Date.now()}${n++}@example.com`;

function login(server: TestServer, email: string, password: string) {
  return server.call('POST', '/console/home/login', { body: { login: email, password } });
}

function form(server: TestServer, url: string, text: string) {
  return server.call('POST', url, {
    payload: text,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
  });
}

/** The token of the newest mail to `to` whose link goes to `page`. */
function tokenFromMail(server: TestServer, to: string, page: string): string {
  const mail = [...server.app.basalt.mailer.recent]
    .reverse()
    .find((m) => m.to === to && m.text.includes(`/${page}?token=`));
  if (!mail) throw new Error(`no ${page} mail to ${to}`);
  return new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
}

describeEachDb('developer accounts', (server) => {
  it('refuses a registration with a missing or malformed field, naming the field, and writes nothing', async () => {
    const email = uniqueEmail('bad');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'long enough pw', name: 'A' }, 'email'],
      [{ email: 'not-an-email', password: 'long enough pw' }, 'email'],
      [{ email, password: 'short' }, 'password'],
      [{ email, name: 'A' }, 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await server().call('POST', '/console/devreg', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().message).toContain(`'${field}'`);
      expect(res.json().details.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
    const row = await server()
      .app.basalt.dbs.system.selectFrom('developers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('registers a developer and refuses the same email again (any case) with 409', async () => {
    const email = uniqueEmail('dup');
    const first = await server().call('POST', '/console/devreg', {
      body: { email, password: 'long enough pw', name: 'Ada' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email, name: 'Ada', emailConfirmed: false });
    expect(first.json().authKey).toBeUndefined();
    const again = await server().call('POST', '/console/devreg', {
      body: { email: email.toUpperCase(), password: 'other password', name: 'Eve' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', details: { fields: [{ field: 'email' }] } });
  });

  it('settles two simultaneous registrations of one email: one account, one 409', async () => {
    const email = uniqueEmail('race');
    const register = () => server().call('POST', '/console/devreg', { body: { email, password: 'long enough pw' } });
    const codes = (await Promise.all([register(), register()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const rows = await server()
      .app.basalt.dbs.system.selectFrom('developers')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('signs in with the key in the auth-key header and the dev-auth-key cookie; the key is random and stored only hashed', async () => {
    const dev = await registerDeveloper(server());
    const res = await login(server(), dev.email, dev.password);
    expect(res.statusCode).toBe(200);
    const key = String(res.headers['auth-key']);
    expect(res.json()).toMatchObject({ email: dev.email, authKey: key });
    expect(Buffer.from(key, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const cookie = res.cookies.find((c) => c.name === 'dev-auth-key');
    expect(cookie?.value).toBe(key);
    expect(cookie?.httpOnly).toBe(true);
    expect(key).not.toBe(dev.authKey);

    const rows = await server()
      .app.basalt.dbs.system.selectFrom('dev_sessions')
      .selectAll()
      .where('developer_id', '=', dev.id)
      .execute();
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(dev.authKey);
    expect(rows.map((r) => r.key_hash)).toContain(crypto.createHash('sha256').update(key).digest('hex'));

    // The cookie alone authenticates reads (a browser after reload recovers its key) ...
    const viaCookie = await server().call('GET', '/console/home/myaccount', {
      headers: { cookie: `dev-auth-key=${key}` },
    });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.json().authKey).toBe(key);
    // ... but never a change: those need the header, which a cross-site form cannot send.
    const cookieWrite = await server().call('POST', '/console/applications', {
      body: { appName: 'ViaCookie' },
      headers: { cookie: `dev-auth-key=${key}` },
    });
    expect(cookieWrite.statusCode).toBe(401);
  });

  it('answers 401 with one message for a wrong password and for an unknown login', async () => {
    const dev = await registerDeveloper(server());
    const wrong = await login(server(), dev.email, 'not the password');
    const unknown = await login(server(), uniqueEmail('nobody'), 'whatever pw');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.headers['auth-key']).toBeUndefined();
  });

  it('answers 401 for console calls without a valid auth key', async () => {
    for (const headers of [{}, { 'auth-key': 'made-up-key' }] as Array<Record<string, string>>) {
      const res = await server().call('GET', '/console/home/myaccount', { headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    // Authentication comes before body validation: no 400 leaks to a caller without a key.
    const res = await server().call('POST', '/console/applications', { body: { appName: '!!' } });
    expect(res.statusCode).toBe(401);
  });

  it('reads and updates my account (with the trailing slash the reference client uses), answering authKey and email', async () => {
    const dev = await registerDeveloper(server());
    const other = await registerDeveloper(server());
    const get = await server().call('GET', '/console/home/myaccount', { authKey: dev.authKey });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toMatchObject({ id: dev.id, email: dev.email, authKey: dev.authKey, twoFactorEnabled: false });

    const put = await server().call('PUT', '/console/home/myaccount/', {
      authKey: dev.authKey,
      body: { name: 'Grace Hopper', authKey: 'ignored', id: 'ignored' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: dev.id, name: 'Grace Hopper', email: dev.email, authKey: dev.authKey });

    const clash = await server().call('PUT', '/console/home/myaccount', {
      authKey: dev.authKey,
      body: { email: other.email },
    });
    expect(clash.statusCode).toBe(409);
    const bad = await server().call('PUT', '/console/home/myaccount', {
      authKey: dev.authKey,
      body: { email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['email']);
  });

  it('logs out: the key stops working at once and the cookie is cleared', async () => {
    const dev = await registerDeveloper(server());
    const res = await server().call('DELETE', '/console/home/logout', { authKey: dev.authKey });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'dev-auth-key');
    expect(cleared?.value).toBe('');
    const after = await server().call('GET', '/console/home/myaccount', { authKey: dev.authKey });
    expect(after.statusCode).toBe(401);
  });

  it('changes the password: a wrong current password is refused, other sessions end, this one stays', async () => {
    const dev = await registerDeveloper(server());
    const second = String((await login(server(), dev.email, dev.password)).headers['auth-key']);

    const wrong = await server().call('POST', '/console/passwordchange', {
      authKey: dev.authKey,
      body: { id: dev.id, password: 'brand new secret', currentPassword: 'not it at all' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['currentPassword']);
    expect((await server().call('GET', '/console/home/myaccount', { authKey: second })).statusCode).toBe(200);

    const ok = await server().call('POST', '/console/passwordchange', {
      authKey: dev.authKey,
      body: { id: dev.id, password: 'brand new secret', currentPassword: dev.password },
    });
    expect(ok.statusCode).toBe(200);
    expect((await server().call('GET', '/console/home/myaccount', { authKey: second })).statusCode).toBe(401);
    expect((await server().call('GET', '/console/home/myaccount', { authKey: dev.authKey })).statusCode).toBe(200);
    expect((await login(server(), dev.email, dev.password)).statusCode).toBe(401);
    expect((await login(server(), dev.email, 'brand new secret')).statusCode).toBe(200);

    const tooShort = await server().call('POST', '/console/passwordchange', {
      authKey: dev.authKey,
      body: { password: 'short' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['password']);
  });

  it('restores a password from a form body: same answer for known and unknown emails, the mailed token resets it once', async () => {
    const dev = await registerDeveloper(server());
    const mailsBefore = server().app.basalt.mailer.recent.length;
    const known = await form(
      server(),
      '/console/restorepassword',
      `email=${encodeURIComponent(dev.email.toUpperCase())}`,
    );
    const unknown = await form(
      server(),
      '/console/restorepassword',
      `email=${encodeURIComponent(uniqueEmail('ghost'))}`,
    );
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(server().app.basalt.mailer.recent.length).toBe(mailsBefore + 1);

    const token = tokenFromMail(server(), dev.email, 'reset-password');
    const reset = await server().call('POST', '/console/restorepassword/confirm', {
      body: { token, password: 'restored password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await server().call('GET', '/console/home/myaccount', { authKey: dev.authKey })).statusCode).toBe(401);
    expect((await login(server(), dev.email, 'restored password')).statusCode).toBe(200);
    const reused = await server().call('POST', '/console/restorepassword/confirm', {
      body: { token, password: 'another password' },
    });
    expect(reused.statusCode).toBe(400);

    const missing = await form(server(), '/console/restorepassword', 'name=x');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['email']);
  });

  it('resends the confirmation mail and confirms the email with its token', async () => {
    const dev = await registerDeveloper(server());
    const res = await server().call('GET', `/console/resend?email=${encodeURIComponent(dev.email)}`);
    expect(res.statusCode).toBe(200);
    const unknown = await server().call('GET', `/console/resend?email=${encodeURIComponent(uniqueEmail('ghost'))}`);
    expect(unknown.json()).toEqual(res.json());
    expect((await server().call('GET', '/console/resend')).statusCode).toBe(400);

    const token = tokenFromMail(server(), dev.email, 'confirm-email');
    expect(
      (await server().call('POST', '/console/confirm-email', { body: { token: 'x'.repeat(43) } })).statusCode,
    ).toBe(400);
    const confirm = await server().call('POST', '/console/confirm-email', { body: { token } });
    expect(confirm.statusCode).toBe(200);
    const me = await server().call('GET', '/console/home/myaccount', { authKey: dev.authKey });
    expect(me.json().emailConfirmed).toBe(true);
  });

  it('answers my permissions in my app, and 404 in an app that is not mine', async () => {
    const dev = await registerDeveloper(server());
    const stranger = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const mine = await server().call('GET', `/${appId}/console/my-permissions`, { authKey: dev.authKey });
    expect(mine.statusCode).toBe(200);
    const list = mine.json() as Array<{ operation: number; access: string }>;
    expect(list).toContainEqual({ operation: DevOperations.DELETE_APP, access: 'GRANT' });
    expect(list.every((p) => p.access === 'GRANT')).toBe(true);
    expect(
      (await server().call('GET', `/${appId}/console/my-permissions`, { authKey: stranger.authKey })).statusCode,
    ).toBe(404);
  });

  it('deletes the account with its apps and their data stores', async () => {
    const dev = await registerDeveloper(server());
    const before = await listAppStores(server());
    const appIds = [await createTestApp(server(), dev.authKey), await createTestApp(server(), dev.authKey)];
    expect((await listAppStores(server())).length).toBe(before.length + 2);

    const res = await server().call('DELETE', '/console/developer-suicide', { authKey: dev.authKey });
    expect(res.statusCode).toBe(200);
    expect((await server().call('GET', '/console/home/myaccount', { authKey: dev.authKey })).statusCode).toBe(401);
    expect((await login(server(), dev.email, dev.password)).statusCode).toBe(401);
    expect((await listAppStores(server())).sort()).toEqual([...before].sort());
    const rows = await server()
      .app.basalt.dbs.system.selectFrom('apps')
      .select('id')
      .where('id', 'in', appIds)
      .execute();
    expect(rows).toEqual([]);
  });

  it('rate-limits repeated failed sign-ins with 429 and a message, even for the right password', async () => {
    const dev = await registerDeveloper(server());
    const max = server().config.loginMaxFailures;
    for (let i = 0; i < max; i++) expect((await login(server(), dev.email, `wrong ${i}`)).statusCode).toBe(401);
    const blocked = await login(server(), dev.email, dev.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    // Another account from the same address is not locked out by this one.
    const other = await registerDeveloper(server());
    expect((await login(server(), other.email, other.password)).statusCode).toBe(200);
  });
});

describe('idle developer sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(testDbKinds()[0], { sessionIdleMs: 300 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('ends a session unused for longer than the idle limit', async () => {
    const dev = await registerDeveloper(server);
    await new Promise((r) => setTimeout(r, 400));
    const res = await server.call('GET', '/console/home/myaccount', { authKey: dev.authKey });
    expect(res.statusCode).toBe(401);
    const rows = await server.app.basalt.dbs.system
      .selectFrom('dev_sessions')
      .select('key_hash')
      .where('developer_id', '=', dev.id)
      .execute();
    expect(rows).toEqual([]);
    const again = await login(server, dev.email, dev.password);
    expect(
      (await server.call('GET', '/console/home/myaccount', { authKey: String(again.headers['auth-key']) })).statusCode,
    ).toBe(200);
  });
});
