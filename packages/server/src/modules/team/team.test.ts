import { expect, it } from 'vitest';
import { DevOperations } from '@basalt/shared';
import { createTestApp, describeEachDb, registerDeveloper, type TestServer } from '../../test-helpers.js';

/** The confirmation code of the newest mail to `email`. */
function codeFrom(server: TestServer, email: string): string {
  const mail = [...server.app.basalt.mailer.recent].reverse().find((m) => m.to === email);
  const code =
    /Confirmation code: (\S+)/.exec(mail?.text ?? '')?.[1] ?? /confirmation code: (\S+)/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

describeEachDb('developer team', (server) => {
  it('adds an existing developer at once and lists owner, members and pending invitations', async () => {
    const owner = await registerDeveloper(server());
    const mate = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);

    const invited = await server().call('POST', `/${appId}/console/devteam`, {
      authKey: owner.authKey,
      body: { email: mate.email.toUpperCase() },
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ id: mate.id, status: 'ACTIVE', owner: false });

    const stranger = `new${Date.now()}@example.com`;
    const pending = await server().call('POST', `/${appId}/console/devteam`, {
      authKey: owner.authKey,
      body: { email: stranger },
    });
    expect(pending.json()).toMatchObject({ email: stranger, status: 'PENDING' });

    const list = await server().call('GET', `/${appId}/console/devteam`, { authKey: mate.authKey });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().map((m: { email: string; owner: boolean; status: string }) => [m.email, m.owner, m.status]),
    ).toEqual([
      [owner.email, true, 'ACTIVE'],
      [mate.email, false, 'ACTIVE'],
      [stranger, false, 'PENDING'],
    ]);

    const again = await server().call('POST', `/${appId}/console/devteam`, {
      authKey: owner.authKey,
      body: { email: mate.email },
    });
    expect(again.statusCode).toBe(409);
    const self = await server().call('POST', `/${appId}/console/devteam`, {
      authKey: owner.authKey,
      body: { email: owner.email },
    });
    expect(self.statusCode).toBe(409);
    const badEmail = await server().call('POST', `/${appId}/console/devteam`, {
      authKey: owner.authKey,
      body: { email: 'not-an-email' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['email']);
  });

  it('lets a new developer join with the mailed code; the code works once and only for its app', async () => {
    const owner = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    const otherApp = await createTestApp(server(), owner.authKey);
    const email = `join${Date.now()}@example.com`;
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email } });
    const code = codeFrom(server(), email);

    const wrongApp = await server().call('POST', `/${otherApp}/console/activatedev?confirmation-code=${code}`, {
      body: { password: 'a good password', name: 'New' },
    });
    expect(wrongApp.statusCode).toBe(400);
    const wrongCode = await server().call('POST', `/${appId}/console/activatedev?confirmation-code=nope`, {
      body: { password: 'a good password' },
    });
    expect(wrongCode.statusCode).toBe(400);
    const shortPassword = await server().call('POST', `/${appId}/console/activatedev?confirmation-code=${code}`, {
      body: { password: 'short' },
    });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['password']);

    const joined = await server().call('POST', `/${appId}/console/activatedev?confirmation-code=${code}`, {
      body: { password: 'a good password', name: 'New' },
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ email, emailConfirmed: true });
    const authKey = String(joined.headers['auth-key']);
    expect(authKey.length).toBeGreaterThan(20);

    const mine = await server().call('GET', `/${appId}/console/my-permissions`, { authKey });
    expect(mine.statusCode).toBe(200);
    const list = await server().call('GET', `/${appId}/console/devteam`, { authKey: owner.authKey });
    expect(list.json().find((m: { email: string }) => m.email === email)).toMatchObject({ status: 'ACTIVE' });

    const reused = await server().call('POST', `/${appId}/console/activatedev?confirmation-code=${code}`, {
      body: { password: 'a good password' },
    });
    expect(reused.statusCode).toBe(400);
  });

  it('an invitee who created an account meanwhile joins by signing in with its password', async () => {
    const owner = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    const email = `later${Date.now()}@example.com`;
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email } });
    const code = codeFrom(server(), email);
    const dev = await registerDeveloper(server(), email, 'their own password');

    const wrong = await server().call('POST', `/${appId}/console/activatedev?confirmation-code=${code}`, {
      body: { password: 'not their password' },
    });
    expect(wrong.statusCode).toBe(401);
    const joined = await server().call('POST', `/${appId}/console/activatedev?confirmation-code=${code}`, {
      body: { password: 'their own password' },
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().id).toBe(dev.id);
    expect((await server().call('GET', `/${appId}/console/devteam`, { authKey: dev.authKey })).statusCode).toBe(200);
  });

  it('only the owner manages the team', async () => {
    const owner = await registerDeveloper(server());
    const mate = await registerDeveloper(server());
    const third = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email: mate.email } });

    const asMember = [
      await server().call('POST', `/${appId}/console/devteam`, { authKey: mate.authKey, body: { email: third.email } }),
      await server().call('PUT', `/${appId}/console/devteam/${mate.id}/permissions`, {
        authKey: mate.authKey,
        body: [{ operation: 40, access: 'GRANT' }],
      }),
      await server().call('PUT', `/${appId}/console/devteam/${mate.id}/permission/groups`, {
        authKey: mate.authKey,
        body: [{ group: 'data', access: 'GRANT' }],
      }),
      await server().call('DELETE', `/${appId}/console/devteam/${mate.id}`, { authKey: mate.authKey }),
      await server().call('PUT', `/${appId}/console/devteam/owner`, {
        authKey: mate.authKey,
        body: { developerId: mate.id },
      }),
    ];
    expect(asMember.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    // A developer outside the team does not even learn that the app exists.
    const outsider = await server().call('GET', `/${appId}/console/devteam`, { authKey: third.authKey });
    expect(outsider.statusCode).toBe(404);
  });

  it('a member denied tables (40) cannot create a table but may still read; groups and my-permissions follow', async () => {
    const owner = await registerDeveloper(server());
    const mate = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email: mate.email } });

    const set = await server().call('PUT', `/${appId}/console/devteam/${mate.id}/permissions`, {
      authKey: owner.authKey,
      body: [{ operation: DevOperations.TABLES, access: 'DENY' }],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().permissions).toContainEqual({ operation: 40, access: 'DENY' });

    const create = await server().call('POST', `/${appId}/console/data/tables`, {
      authKey: mate.authKey,
      body: { name: 'Person' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toContain('(40)');
    const read = await server().call('GET', `/${appId}/console/data/tables`, { authKey: mate.authKey });
    expect(read.statusCode).toBe(200);
    const ownerCreate = await server().call('POST', `/${appId}/console/data/tables`, {
      authKey: owner.authKey,
      body: { name: 'Person' },
    });
    expect(ownerCreate.statusCode).toBe(200);

    const mine = await server().call('GET', `/${appId}/console/my-permissions`, { authKey: mate.authKey });
    expect(mine.json()).toContainEqual({ operation: 40, access: 'DENY' });
    expect(mine.json()).toContainEqual({ operation: 42, access: 'GRANT' });
    const one = await server().call('GET', `/${appId}/console/security/tables`, { authKey: mate.authKey });
    expect(one.json()).toMatchObject({ operation: 40, access: 'DENY' });
    const unknownOp = await server().call('GET', `/${appId}/console/security/9999`, { authKey: mate.authKey });
    expect(unknownOp.statusCode).toBe(404);

    const badOp = await server().call('PUT', `/${appId}/console/devteam/${mate.id}/permissions`, {
      authKey: owner.authKey,
      body: [{ operation: 2, access: 'DENY' }],
    });
    expect(badOp.statusCode).toBe(400);
    expect(badOp.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['0.operation']);

    // Groups set every operation of their section: DENY files, then GRANT data back.
    const groups = await server().call('PUT', `/${appId}/console/devteam/${mate.id}/permission/groups`, {
      authKey: owner.authKey,
      body: [
        { group: 'files', access: 'DENY' },
        { group: 'data', access: 'GRANT' },
      ],
    });
    expect(groups.statusCode).toBe(200);
    expect(groups.json().groups).toEqual([
      { group: 'files', access: 'DENY' },
      { group: 'data', access: 'GRANT' },
    ]);
    const dataGroup = await server().call('GET', `/${appId}/console/security/data`, { authKey: mate.authKey });
    expect(dataGroup.json().every((p: { access: string }) => p.access === 'GRANT')).toBe(true);
    const filesGroup = await server().call('GET', `/${appId}/console/security/files`, { authKey: mate.authKey });
    expect(filesGroup.json().map((p: { operation: number; access: string }) => [p.operation, p.access])).toEqual([
      [57, 'DENY'],
      [59, 'DENY'],
      [60, 'DENY'],
    ]);
    const nowAllowed = await server().call('POST', `/${appId}/console/data/tables`, {
      authKey: mate.authKey,
      body: { name: 'Pet' },
    });
    expect(nowAllowed.statusCode).toBe(200);
    const unknownGroup = await server().call('PUT', `/${appId}/console/devteam/${mate.id}/permission/groups`, {
      authKey: owner.authKey,
      body: [{ group: 'nope', access: 'DENY' }],
    });
    expect(unknownGroup.statusCode).toBe(400);
  });

  it('removes members and withdraws invitations; a removed member loses the app', async () => {
    const owner = await registerDeveloper(server());
    const mate = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email: mate.email } });
    const pending = await server().call('POST', `/${appId}/console/devteam`, {
      authKey: owner.authKey,
      body: { email: `gone${Date.now()}@example.com` },
    });
    const code = codeFrom(server(), pending.json().email);

    expect(
      (await server().call('DELETE', `/${appId}/console/devteam/${pending.json().id}`, { authKey: owner.authKey }))
        .statusCode,
    ).toBe(200);
    const withdrawn = await server().call('POST', `/${appId}/console/activatedev?confirmation-code=${code}`, {
      body: { password: 'a good password' },
    });
    expect(withdrawn.statusCode).toBe(400);

    expect(
      (await server().call('DELETE', `/${appId}/console/devteam/${mate.id}`, { authKey: owner.authKey })).statusCode,
    ).toBe(200);
    expect((await server().call('GET', `/${appId}/console/devteam`, { authKey: mate.authKey })).statusCode).toBe(404);
    expect(
      (await server().call('DELETE', `/${appId}/console/devteam/${mate.id}`, { authKey: owner.authKey })).statusCode,
    ).toBe(404);
    expect(
      (await server().call('DELETE', `/${appId}/console/devteam/${owner.id}`, { authKey: owner.authKey })).statusCode,
    ).toBe(400);
  });

  it('stores the limit notification settings', async () => {
    const owner = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    const res = await server().call('PUT', `/${appId}/console/notifications/limits`, {
      authKey: owner.authKey,
      body: { apiCalls: 80, email: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ apiCalls: 80, email: true });
  });
});
