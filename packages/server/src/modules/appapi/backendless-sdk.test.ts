import { beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

/** The SDK has `UserService.getCurrentUserToken()` at run time; its type declarations leave it out. */
type Sdk = typeof Backendless & { UserService: { getCurrentUserToken(): string | null } };
type SdkError = Error & { code?: number; status?: number };

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<SdkError> {
  try {
    await p;
  } catch (err) {
    return err as SdkError;
  }
  throw new Error('expected the call to be refused');
}

/**
 * The published `backendless` SDK, unchanged, against Basalt's app API over real HTTP: it is the
 * client apps use, so its requests and its reading of our answers are the contract.
 */
describeEachDb('backendless SDK against the app API', (server) => {
  let f: AppFixture;
  let origin: string;
  const sdk = (appId = f.appId, apiKey = f.keys.JS): Sdk =>
    Backendless.initApp({ serverURL: origin, appId, apiKey, standalone: true } as never) as unknown as Sdk;

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Note', [
      { name: 'title', dataType: 'STRING' },
      { name: 'stars', dataType: 'INT' },
    ]);
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    const address = server().app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  it('registers, logs in, writes as that user and finds with a where clause', async () => {
    const app = sdk();
    const registered = (await app.UserService.register({
      email: 'sdk-user@example.com',
      password: 'sdk pass 1',
      name: 'Sdk',
    } as never)) as unknown as Record<string, unknown>;
    expect(registered).toMatchObject({ email: 'sdk-user@example.com', name: 'Sdk' });
    expect(registered.password).toBeUndefined();

    const user = (await app.UserService.login('sdk-user@example.com', 'sdk pass 1', false)) as unknown as Record<
      string,
      unknown
    >;
    expect(user.objectId).toBe(registered.objectId);
    expect(app.UserService.getCurrentUserToken()).toBe(user['user-token']);
    expect(await app.UserService.isValidLogin()).toBe(true);
    expect(await app.UserService.getUserRoles()).toEqual(expect.arrayContaining(['AuthenticatedUser', 'JSUser']));

    const saved = (await app.Data.of('Note').save({ title: 'first', stars: 3 })) as Record<string, unknown>;
    expect(saved).toMatchObject({ title: 'first', stars: 3, ownerId: user.objectId });
    await app.Data.of('Note').save({ title: 'second', stars: 5 });
    await app.Data.of('Note').save({ ...saved, stars: 4 });
    const found = (await app.Data.of('Note').find({ where: 'stars > 3', sortBy: ['stars desc'] } as never)) as Array<
      Record<string, unknown>
    >;
    expect(found.map((n) => [n.title, n.stars])).toEqual([
      ['second', 5],
      ['first', 4],
    ]);
    expect(await app.Data.of('Note').getObjectCount('stars >= 4')).toBe(2);
    const one = (await app.Data.of('Note').findById(String(saved.objectId))) as Record<string, unknown>;
    expect(one.title).toBe('first');
    expect(await app.Counters.incrementAndGet('visits')).toBe(1);
    expect(await app.Counters.addAndGet('visits', 5)).toBe(6);

    const token = app.UserService.getCurrentUserToken() as string;
    await app.UserService.logout();
    const reused = await server().call('GET', `/${f.appId}/${f.keys.JS}/users/isvalidusertoken/${token}`);
    expect(reused.json()).toBe(false);
    const stale = await server().call('POST', `/${f.appId}/${f.keys.JS}/data/Note/find`, {
      body: {},
      headers: { 'user-token': token },
    });
    expect(stale.json()).toMatchObject({ code: 3064 });
  });

  it('rejects anonymous writes once the developer denies them, and accepts logged-in ones', async () => {
    const roles = (await f.console('GET', '/security/roles')).json() as Array<{ roleId: string; rolename: string }>;
    const anonRole = roles.find((r) => r.rolename === 'NotAuthenticatedUser')!.roleId;
    const table = await f.console('GET', '/data/tables');
    const noteId = table.json().tables.find((t: { name: string }) => t.name === 'Note').tableId;
    expect(
      (
        await f.console('PUT', `/security/data/${noteId}/roles/${anonRole}`, {
          permissions: [{ operation: 'Create', access: 'DENY' }],
        })
      ).statusCode,
    ).toBe(200);

    const anonymous = sdk();
    const err = await rejection(anonymous.Data.of('Note').save({ title: 'anonymous' }));
    expect(err.status).toBe(403);
    expect(err.code).toBe(1011);
    expect(err.message).toMatch(/Permission denied/);

    const app = sdk();
    await app.UserService.register({ email: 'writer@example.com', password: 'writer pass' } as never);
    await app.UserService.login('writer@example.com', 'writer pass');
    expect(await app.Data.of('Note').save({ title: 'by a user' })).toMatchObject({ title: 'by a user' });
  });

  it('refuses a user token of another app', async () => {
    const app = sdk();
    await app.UserService.register({ email: 'crossing@example.com', password: 'cross pass' } as never);
    await app.UserService.login('crossing@example.com', 'cross pass');
    const token = app.UserService.getCurrentUserToken() as string;
    const other = await appFixture(server());
    const foreign = sdk(other.appId, other.keys.JS);
    foreign.UserService.setCurrentUser({ objectId: 'someone', 'user-token': token });
    const err = await rejection(foreign.Data.of('Users').find());
    expect(err.status).toBe(401);
    expect(err.code).toBe(3064);
  });

  it('limits brute-force logins with 429 and tells nothing about which emails exist', async () => {
    const app = sdk();
    await app.UserService.register({ email: 'victim@example.com', password: 'the real one' } as never);
    const wrong = await rejection(app.UserService.login('victim@example.com', 'guess'));
    const unknown = await rejection(app.UserService.login('nobody-here@example.com', 'guess'));
    expect([wrong.status, wrong.code, wrong.message]).toEqual([unknown.status, unknown.code, unknown.message]);
    await expect(app.UserService.restorePassword('victim@example.com')).resolves.toBeDefined();
    await expect(app.UserService.restorePassword('nobody-here@example.com')).resolves.toBeDefined();
    const again = (await app.UserService.register({
      email: 'victim@example.com',
      password: 'other',
    } as never)) as unknown as Record<string, unknown>;
    expect(again.email).toBe('victim@example.com');

    for (let i = 0; i < 4; i++) await rejection(app.UserService.login('victim@example.com', `guess${i}`));
    const blocked = await rejection(app.UserService.login('victim@example.com', 'the real one'));
    expect(blocked.status).toBe(429);
    expect(blocked.message).toMatch(/Too many failed login attempts/);
  });

  it('panic mode makes every call fail with 503, then the app works again', async () => {
    const app = sdk();
    // Let initApp's own info call finish before the switch.
    await app.Data.of('Note').find();
    expect((await f.console('PUT', '/panic/enable', {})).statusCode).toBe(200);
    const err = await rejection(app.Data.of('Note').find());
    expect(err.status).toBe(503);
    expect(err.message).toMatch(/panic mode/);
    expect((await f.console('PUT', '/panic/disable', {})).statusCode).toBe(200);
    expect(Array.isArray(await app.Data.of('Note').find())).toBe(true);
  });
});
