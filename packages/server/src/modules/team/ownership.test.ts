import { expect, it } from 'vitest';
import { createTestApp, describeEachDb, registerDeveloper, type TestServer } from '../../test-helpers.js';

function codeFrom(server: TestServer, email: string): string {
  const mail = [...server.app.basalt.mailer.recent].reverse().find((m) => m.to === email);
  const code = /confirmation code: (\S+)/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

describeEachDb('ownership transfer', (server) => {
  async function teamOfTwo() {
    const owner = await registerDeveloper(server());
    const mate = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email: mate.email } });
    return { owner, mate, appId };
  }

  it('proposes, lists sent and received, and hands the app over on confirmation with the mailed code', async () => {
    const { owner, mate, appId } = await teamOfTwo();
    const none = await server().call(
      'GET',
      `/${appId}/console/devteam/application-owner-change/pending-sent-proposal`,
      { authKey: owner.authKey },
    );
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const proposed = await server().call('PUT', `/${appId}/console/devteam/owner`, {
      authKey: owner.authKey,
      body: { developerId: mate.id },
    });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json()).toMatchObject({ appId, fromDeveloper: { id: owner.id }, toDeveloper: { id: mate.id } });

    const sent = await server().call(
      'GET',
      `/${appId}/console/devteam/application-owner-change/pending-sent-proposal`,
      { authKey: owner.authKey },
    );
    expect(sent.json().id).toBe(proposed.json().id);
    const received = await server().call('GET', '/console/devteam/application-owner-change/pending-received-proposal', {
      authKey: mate.authKey,
    });
    expect(received.json().map((p: { appId: string }) => p.appId)).toEqual([appId]);
    const notMine = await server().call('GET', '/console/devteam/application-owner-change/pending-received-proposal', {
      authKey: owner.authKey,
    });
    expect(notMine.json()).toEqual([]);

    // The owner cannot confirm their own proposal; a wrong code changes nothing.
    expect(
      (
        await server().call('PUT', `/${appId}/console/devteam/owner-confirm`, {
          authKey: owner.authKey,
          body: { confirmationCode: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    const wrong = await server().call('PUT', `/${appId}/console/devteam/owner-confirm`, {
      authKey: mate.authKey,
      body: { confirmationCode: 'wrong' },
    });
    expect(wrong.statusCode).toBe(400);

    const code = codeFrom(server(), mate.email);
    const confirmed = await server().call('PUT', `/${appId}/console/devteam/owner-confirm`, {
      authKey: mate.authKey,
      body: { confirmationCode: code },
    });
    expect(confirmed.statusCode).toBe(200);

    const team = await server().call('GET', `/${appId}/console/devteam`, { authKey: mate.authKey });
    expect(team.json().map((m: { id: string; owner: boolean }) => [m.id, m.owner])).toEqual([
      [mate.id, true],
      [owner.id, false],
    ]);
    // The former owner is now a member: team management is refused.
    const asMember = await server().call('DELETE', `/${appId}/console/devteam/${mate.id}`, { authKey: owner.authKey });
    expect(asMember.statusCode).toBe(403);
    const reused = await server().call('PUT', `/${appId}/console/devteam/owner-confirm`, {
      authKey: mate.authKey,
      body: { confirmationCode: code },
    });
    expect(reused.statusCode).toBe(404);
  });

  it('confirms from the console by proposal id, and the owner can cancel a pending proposal', async () => {
    const { owner, mate, appId } = await teamOfTwo();
    const first = await server().call('PUT', `/${appId}/console/devteam/owner`, {
      authKey: owner.authKey,
      body: { developerId: mate.id },
    });
    const cancelled = await server().call(
      'DELETE',
      `/${appId}/console/devteam/application-owner-change/pending-sent-proposal`,
      { authKey: owner.authKey },
    );
    expect(cancelled.statusCode).toBe(200);
    expect(
      (
        await server().call('PUT', `/${appId}/console/devteam/owner-confirm`, {
          authKey: mate.authKey,
          body: { id: first.json().id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await server().call('DELETE', `/${appId}/console/devteam/application-owner-change/pending-sent-proposal`, {
          authKey: owner.authKey,
        })
      ).statusCode,
    ).toBe(404);

    const second = await server().call('PUT', `/${appId}/console/devteam/owner`, {
      authKey: owner.authKey,
      body: { developerId: mate.id },
    });
    const ok = await server().call('PUT', `/${appId}/console/devteam/owner-confirm`, {
      authKey: mate.authKey,
      body: { id: second.json().id },
    });
    expect(ok.statusCode).toBe(200);
    const apps = await server().call('GET', `/${appId}/console/devteam`, { authKey: mate.authKey });
    expect(apps.json()[0]).toMatchObject({ id: mate.id, owner: true });
  });

  it('refuses proposals to non-members, to oneself, and from members', async () => {
    const { owner, mate, appId } = await teamOfTwo();
    const outsider = await registerDeveloper(server());
    const toOutsider = await server().call('PUT', `/${appId}/console/devteam/owner`, {
      authKey: owner.authKey,
      body: { developerId: outsider.id },
    });
    expect(toOutsider.statusCode).toBe(400);
    expect(toOutsider.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['developerId']);
    expect(
      (
        await server().call('PUT', `/${appId}/console/devteam/owner`, {
          authKey: owner.authKey,
          body: { developerId: owner.id },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await server().call('PUT', `/${appId}/console/devteam/owner`, {
          authKey: mate.authKey,
          body: { developerId: mate.id },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await server().call('GET', `/${appId}/console/devteam/application-owner-change/pending-sent-proposal`, {
          authKey: mate.authKey,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('drops a pending transfer when its recipient leaves the team', async () => {
    const { owner, mate, appId } = await teamOfTwo();
    await server().call('PUT', `/${appId}/console/devteam/owner`, {
      authKey: owner.authKey,
      body: { developerId: mate.id },
    });
    await server().call('DELETE', `/${appId}/console/devteam/${mate.id}`, { authKey: owner.authKey });
    const sent = await server().call(
      'GET',
      `/${appId}/console/devteam/application-owner-change/pending-sent-proposal`,
      { authKey: owner.authKey },
    );
    expect(sent.json()).toBeNull();
    const received = await server().call('GET', '/console/devteam/application-owner-change/pending-received-proposal', {
      authKey: mate.authKey,
    });
    expect(received.json()).toEqual([]);
  });
});
