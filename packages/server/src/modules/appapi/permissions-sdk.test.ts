import { beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

/** The SDK has `UserService.getCurrentUserToken()` at run time; its type declarations leave it out. */
type Sdk = typeof Backendless & { UserService: { getCurrentUserToken(): string | null } };
type Rec = Record<string, unknown>;

async function rejection(p: Promise<unknown>): Promise<Error & { code?: number; status?: number }> {
  try {
    await p;
  } catch (err) {
    return err as Error & { code?: number };
  }
  throw new Error('expected the call to be refused');
}

/**
 * The published `backendless` SDK's permission writes (`Data.Permissions…`, `Files.Permissions…`)
 * against Basalt over real HTTP: who may write them, and that the engine applies them.
 */
describeEachDb('backendless SDK permission writes', (server) => {
  let f: AppFixture;
  let origin: string;
  const sdk = (apiKey = f.keys.JS): Sdk =>
    Backendless.initApp({ serverURL: origin, appId: f.appId, apiKey, standalone: true } as never) as unknown as Sdk;
  let alice: Sdk;
  let bob: Sdk;
  let bobId: string;
  let note: Rec;

  const titles = async (who: Sdk) => ((await who.Data.of('Doc').find({} as never)) as Rec[]).map((r) => r.title);

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Doc', [{ name: 'title', dataType: 'STRING' }]);
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    const address = server().app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    for (const email of ['alice@example.com', 'bob@example.com']) await f.user(email, 'sdk pass 1');
    alice = sdk();
    await alice.UserService.login('alice@example.com', 'sdk pass 1', false);
    bob = sdk();
    bobId = String(((await bob.UserService.login('bob@example.com', 'sdk pass 1', false)) as unknown as Rec).objectId);
    note = (await alice.Data.of('Doc').save({ title: 'diary' })) as Rec;
    await alice.Data.of('Doc').save({ title: 'shopping' });
  });

  it('the owner denies another user Find on a record, and that user no longer sees it', async () => {
    expect(await titles(bob)).toEqual(expect.arrayContaining(['diary', 'shopping']));
    expect(await alice.Data.Permissions.FIND.denyForUser(bobId, note as never)).toBe(true);
    expect(await titles(bob)).toEqual(['shopping']);
    expect(await titles(alice)).toEqual(expect.arrayContaining(['diary', 'shopping']));
    // The console lists the SDK's entry among the record's ACL.
    const acl = (await f.console('GET', `/security/data/Doc/objectAcl/${note.objectId}/users`)).json();
    expect(acl.data.find((r: { id: string }) => r.id === bobId).permissions).toEqual([
      { operation: 'Find', access: 'DENY' },
    ]);
  });

  it('refuses a user who does not own the record, so a DENY cannot be lifted by its target', async () => {
    const err = await rejection(bob.Data.Permissions.FIND.grantForUser(bobId, note as never));
    expect(err.status).toBe(403);
    expect(err.code).toBe(1011);
    expect(await titles(bob)).toEqual(['shopping']);
    // Anonymous callers own nothing either.
    const anon = await rejection(sdk().Data.Permissions.REMOVE.grantForAllUsers(note as never));
    expect(anon.status).toBe(403);
  });

  it('role entries and "*": the owner denies Update to all roles, server code grants it back to bob', async () => {
    expect(await alice.Data.Permissions.UPDATE.denyForAllRoles(note as never)).toBe(true);
    const refused = await rejection(bob.Data.of('Doc').save({ ...note, title: 'changed' }));
    expect(refused.status).toBe(403);
    const serverCode = sdk(f.keys.BL);
    expect(await serverCode.Data.Permissions.UPDATE.grantForUser(bobId, note as never)).toBe(true);
    expect(((await bob.Data.of('Doc').save({ ...note, title: 'changed' })) as Rec).title).toBe('changed');
  });

  it('refuses a bad permission name or an unknown role with 400 naming the field', async () => {
    const res = await f.api('PUT', `/data/Doc/permissions/GRANT/${note.objectId}`, {
      key: f.keys.BL,
      body: { permission: 'CREATE', user: bobId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('permission');
    const role = await rejection(sdk(f.keys.BL).Data.Permissions.FIND.grantForRole('NoSuchRole', note as never));
    expect(role.status).toBe(400);
    expect(
      (
        await f.api('PUT', `/data/Doc/permissions/MAYBE/${note.objectId}`, {
          key: f.keys.BL,
          body: { permission: 'FIND', user: bobId },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('server code sets file permissions by path; clients may not', async () => {
    const put = await server().call('PUT', `/${f.appId}/${f.keys.JS}/files/binary/docs/a.txt`, {
      payload: Buffer.from('hello').toString('base64'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await f.api('GET', '/files/docs/a.txt')).statusCode).toBe(200);

    const client = await rejection(bob.Files.Permissions.READ.denyForRole('NotAuthenticatedUser', 'docs/a.txt'));
    expect(client.status).toBe(403);
    const serverCode = sdk(f.keys.BL);
    expect(await serverCode.Files.Permissions.READ.denyForRole('NotAuthenticatedUser', 'docs/a.txt')).toBe(true);
    expect((await f.api('GET', '/files/docs/a.txt')).statusCode).toBe(403);
    const bobToken = bob.UserService.getCurrentUserToken() as string;
    expect((await f.api('GET', '/files/docs/a.txt', { token: bobToken })).statusCode).toBe(200);

    // A rule for all users, set on the folder, covers the file for every logged-in user.
    expect(await serverCode.Files.Permissions.READ.denyForAllUsers('docs')).toBe(true);
    expect((await f.api('GET', '/files/docs/a.txt', { token: bobToken })).statusCode).toBe(403);
    const roles = (await f.console('GET', '/security/roles/files/docs%2Fa.txt')).json();
    expect(roles.data.find((r: { name: string }) => r.name === 'NotAuthenticatedUser').permissions).toEqual([
      { operation: 'Read', access: 'DENY' },
    ]);
  });
});
