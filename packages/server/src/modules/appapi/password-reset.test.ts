import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

/** App users' self-service password reset: restore mail, the link's page, one use, one hour. */
describeEachDb('app users password reset', (server) => {
  let f: AppFixture;

  const mailsTo = (to: string) => server().app.basalt.mailer.recent.filter((m) => m.to === to);
  /** The mail goes out after the answer: wait for it, then take the link's path. */
  async function linkFor(to: string, count: number): Promise<string> {
    for (let i = 0; i < 100 && mailsTo(to).length < count; i++) await new Promise((r) => setTimeout(r, 20));
    const mails = mailsTo(to);
    expect(mails.length).toBe(count);
    const url = /(https?:\/\/\S+\/password-reset\?token=[A-Za-z0-9_-]+)/.exec(mails[count - 1].text)?.[1];
    expect(url).toBeDefined();
    expect(url!.startsWith(server().config.publicUrl)).toBe(true);
    return url!.slice(server().config.publicUrl.length);
  }
  const restore = (identity: string) => f.api('GET', `/users/restorepassword/${encodeURIComponent(identity)}`);
  const submit = (path: string, fields: Record<string, string>) =>
    server().app.inject({
      method: 'POST',
      url: path.split('?')[0],
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('token')!;
  const login = (email: string, password: string) =>
    f.api('POST', '/users/login', { body: { login: email, password } });

  beforeAll(async () => {
    f = await appFixture(server());
  });

  it('mails a link whose page sets a new password once, ends old sessions, and lets the new password in', async () => {
    const u = await f.user('reset-me@example.com', 'old password 1');
    // Used before the reset, so the server remembers the session (decision 0042) when it ends.
    for (let i = 0; i < 2; i++)
      expect((await f.api('GET', '/users/userroles', { token: u.token })).statusCode).toBe(200);
    const res = await restore(u.email);
    expect(res.statusCode, res.body).toBe(200);
    const path = await linkFor(u.email, 1);

    const form = await server().app.inject({ method: 'GET', url: path });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.headers['x-frame-options']).toBe('DENY');
    expect(form.body).toContain('name="token"');
    expect(form.body).toContain(`value="${tokenOf(path)}"`);

    // A refused password keeps the link usable.
    const differ = await submit(path, { token: tokenOf(path), password: 'new password 2', confirm: 'other' });
    expect(differ.statusCode).toBe(400);
    expect(differ.body).toContain('The two passwords differ');

    const done = await submit(path, { token: tokenOf(path), password: 'new password 2', confirm: 'new password 2' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('Password changed');

    // The session opened with the old password is gone.
    expect((await f.api('GET', '/users/userroles', { token: u.token })).statusCode).toBe(401);
    expect((await login(u.email, 'old password 1')).statusCode).toBe(401);
    const fresh = await login(u.email, 'new password 2');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).not.toHaveProperty('password');

    // Used once: a second submit and the page itself refuse it.
    const again = await submit(path, { token: tokenOf(path), password: 'third pass 3', confirm: 'third pass 3' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('not valid');
    expect((await server().app.inject({ method: 'GET', url: path })).statusCode).toBe(400);
    expect((await login(u.email, 'new password 2')).statusCode).toBe(200);
  });

  it('answers an unknown identity the same way and mails nothing', async () => {
    const known = await f.user('known@example.com');
    const a = await restore(known.email);
    const b = await restore('nobody@example.com');
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    await linkFor(known.email, 1);
    expect(mailsTo('nobody@example.com')).toEqual([]);
  });

  it('a new request replaces the old link', async () => {
    const u = await f.user('twice@example.com', 'first pass 1');
    await restore(u.email);
    const first = await linkFor(u.email, 1);
    await restore(u.email);
    const second = await linkFor(u.email, 2);
    expect(tokenOf(first)).not.toBe(tokenOf(second));
    expect((await submit(first, { token: tokenOf(first), password: 'x pass 1', confirm: 'x pass 1' })).statusCode).toBe(
      400,
    );
    expect(
      (await submit(second, { token: tokenOf(second), password: 'y pass 2', confirm: 'y pass 2' })).statusCode,
    ).toBe(200);
    expect((await login(u.email, 'y pass 2')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const u = await f.user('late@example.com', 'late pass 1');
    await restore(u.email);
    const path = await linkFor(u.email, 1);
    const db = server().app.basalt.dbs.system as unknown as import('kysely').Kysely<{
      app_user_password_resets: { app_id: string; expires: number };
    }>;
    await db
      .updateTable('app_user_password_resets')
      .set({ expires: Date.now() - 1 })
      .where('app_id', '=', f.appId)
      .execute();
    expect((await server().app.inject({ method: 'GET', url: path })).statusCode).toBe(400);
    expect((await submit(path, { token: tokenOf(path), password: 'z pass 1', confirm: 'z pass 1' })).statusCode).toBe(
      400,
    );
    expect((await login(u.email, 'late pass 1')).statusCode).toBe(200);
  });

  it('limits restore requests per identity, registered or not', async () => {
    for (let i = 0; i < 3; i++) expect((await restore('flood@example.com')).statusCode).toBe(200);
    const limited = await restore('flood@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(3036);
  });

  it('refuses a made-up token', async () => {
    const res = await submit(`/app-users/${f.appId}/password-reset`, {
      token: 'A'.repeat(43),
      password: 'p pass 1',
      confirm: 'p pass 1',
    });
    expect(res.statusCode).toBe(400);
    expect(
      (
        await server().app.inject({
          method: 'GET',
          url: `/app-users/${f.appId}/password-reset?token=${'B'.repeat(43)}`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('limits restore requests per client address, whatever the identity (runs last: it uses up the address)', async () => {
    let status = 200;
    for (let i = 0; i < 25 && status === 200; i++) status = (await restore(`spray${i}@example.com`)).statusCode;
    expect(status).toBe(429);
  });
});
