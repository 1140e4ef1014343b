import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { SESSION_TTL_MS, SessionMemory, type SessionEntry } from './session-memory.js';
import { hashToken } from './sessions.service.js';

const entry = (appId: string, tokenHash: string): Omit<SessionEntry, 'until'> => ({
  appId,
  tokenHash,
  session: { sessionId: `s-${tokenHash}`, userId: 'u', deviceType: 'REST', created: 1, lastUsed: 1 },
  usedAt: 1,
  stored: 1,
});

describe('session memory', () => {
  it('hashes tokens exactly as stored sessions were hashed (sha256, hex)', () => {
    for (const token of ['abc', crypto.randomBytes(32).toString('base64url'), 'é€'])
      expect(hashToken(token)).toBe(crypto.createHash('sha256').update(token).digest('hex'));
  });

  it('keeps a session for its TTL only', () => {
    const m = new SessionMemory();
    m.keep(entry('a', 'h1'), m.version('a'), 1000);
    expect(m.get('h1', 1000 + SESSION_TTL_MS - 1)?.session.sessionId).toBe('s-h1');
    expect(m.get('h1', 1000 + SESSION_TTL_MS)).toBeUndefined();
    expect(m.size).toBe(0);
  });

  it('holds at most its cap, dropping the least recently used session', () => {
    const m = new SessionMemory(undefined, 3);
    for (const h of ['h1', 'h2', 'h3']) m.keep(entry('a', h), m.version('a'), 1000);
    m.get('h1', 1001); // h1 is used again: h2 is now the least recently used
    m.keep(entry('a', 'h4'), m.version('a'), 1002);
    expect(m.size).toBe(3);
    expect(m.get('h2', 1003)).toBeUndefined();
    for (const h of ['h1', 'h3', 'h4']) expect(m.get(h, 1003)).toBeDefined();
  });

  it("dropping an app drops only that app's sessions and login settings", async () => {
    const m = new SessionMemory();
    m.keep(entry('a', 'h1'), m.version('a'), 1000);
    m.keep(entry('b', 'h2'), m.version('b'), 1000);
    let reads = 0;
    const load = async () => ({ sessionTimeout: 0, sessionsNotBefore: ++reads }) as never;
    await m.loginSettings('a', load, 1000);
    await m.loginSettings('b', load, 1000);
    m.drop('a');
    expect(m.get('h1', 1001)).toBeUndefined();
    expect(m.get('h2', 1001)).toBeDefined();
    expect(m.loginSettingsNow('a', 1001)).toBeUndefined();
    expect(m.loginSettingsNow('b', 1001)).toBeDefined();
  });

  it('a lookup that overlapped a change of its app is not kept', () => {
    const m = new SessionMemory();
    const before = m.version('a');
    m.drop('a'); // a logout committed while the lookup was reading
    m.keep(entry('a', 'h1'), before, 1000);
    expect(m.get('h1', 1001)).toBeUndefined();
    m.keep(entry('a', 'h1'), m.version('a'), 1000);
    expect(m.get('h1', 1001)).toBeDefined();
  });

  it('login settings read across a change are not handed to later callers', async () => {
    const m = new SessionMemory();
    let release!: (v: never) => void;
    const stale = m.loginSettings('a', () => new Promise<never>((r) => (release = r)), 1000);
    m.drop('a');
    const fresh = m.loginSettings('a', async () => ({ sessionsNotBefore: 2 }) as never, 1000);
    release({ sessionsNotBefore: 1 } as never);
    expect(await stale).toEqual({ sessionsNotBefore: 1 });
    expect(await fresh).toEqual({ sessionsNotBefore: 2 });
  });
});

/**
 * A user token's session is remembered by the process that found it (decision 0042). These check
 * that the memory is used, and that nothing it holds outlives the change that ends a session: each
 * change is followed at once by a request with the token, after requests that filled the memory.
 */
describeEachDb('user sessions remembered per process', (server) => {
  let f: AppFixture;
  const sessions = () => server().app.basalt.security.sessions;
  const roles = (token: string) => f.api('GET', '/users/userroles', { token });
  /** Two requests: the first finds the session in the database, the second in memory. */
  async function remembered(token: string): Promise<void> {
    expect((await roles(token)).statusCode).toBe(200);
    expect((await roles(token)).statusCode).toBe(200);
    expect(sessions().memory.get(hashToken(token), Date.now())).toBeDefined();
  }
  const refused = async (token: string) => {
    const res = await roles(token);
    expect([res.statusCode, res.json().code]).toEqual([401, 3064]);
  };
  const system = () => server().app.basalt.dbs.system as unknown as Kysely<{ sec_user_sessions: any }>;

  beforeAll(async () => {
    f = await appFixture(server());
  });

  it('answers a remembered token without the database, and refuses it once the change is announced', async () => {
    const u = await f.user();
    await remembered(u.token);
    // Another process deletes the row: until it announces that, this process still knows the session.
    await system().deleteFrom('sec_user_sessions').where('token_hash', '=', hashToken(u.token)).execute();
    expect((await roles(u.token)).statusCode).toBe(200);
    await server().app.basalt.cluster.invalidation.changed('session', f.appId);
    await refused(u.token);
    expect(sessions().memory.get(hashToken(u.token), Date.now())).toBeUndefined();
  });

  it('a logout through the app API is refused by the next request', async () => {
    const u = await f.user();
    const other = await f.user();
    await remembered(u.token);
    await remembered(other.token);
    expect((await f.api('GET', '/users/logout', { token: u.token })).statusCode).toBe(200);
    await refused(u.token);
    // The other user's session is read again and is still valid.
    expect((await roles(other.token)).statusCode).toBe(200);
  });

  it("ending a user's sessions in the console, and disabling the user, are refused by the next request", async () => {
    const u = await f.user();
    await remembered(u.token);
    const ended = await f.console('PUT', '/user/sessions/logout', { userId: u.objectId });
    expect([ended.statusCode, ended.json()]).toEqual([200, 1]);
    await refused(u.token);

    const v = await f.user();
    await remembered(v.token);
    const disabled = await f.api('PUT', `/users/${v.objectId}/status`, {
      body: { userStatus: 'DISABLED' },
      key: f.keys.BL,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await refused(v.token);
  });

  it('"log out all users" is refused by the next request', async () => {
    const u = await f.user();
    await remembered(u.token);
    expect((await f.console('POST', '/userlogin/logout/all')).statusCode).toBe(200);
    await refused(u.token);
    const after = await f.user();
    await remembered(after.token);
  });

  it('a deleted user is refused although its session is remembered', async () => {
    const u = await f.user();
    await remembered(u.token);
    const users = (await server().app.basalt.data.schema(f.appId)).table('Users')!;
    await (server().app.basalt.dbs.app(f.appId) as unknown as Kysely<any>)
      .deleteFrom(users.sqlName)
      .where('objectId', '=', u.objectId)
      .execute();
    await refused(u.token);
  });

  it('the session timeout still ends a remembered session, and last use is written after the answer', async () => {
    const app = await appFixture(server());
    expect((await app.console('POST', '/userlogin', { sessionTimeout: 1 })).statusCode).toBe(200);
    const u = await app.user();
    const hash = hashToken(u.token);
    const rolesOf = (token: string) => app.api('GET', '/users/userroles', { token });
    expect((await rolesOf(u.token)).statusCode).toBe(200);
    const hit = sessions().memory.get(hash, Date.now());
    expect(hit).toBeDefined();

    // A use after the touch interval (a tenth of the timeout) writes last_used, after the answer.
    hit!.stored -= 500;
    const before = Date.now();
    expect((await rolesOf(u.token)).statusCode).toBe(200);
    await sessions().flushTouches();
    const row = await system()
      .selectFrom('sec_user_sessions')
      .select('last_used')
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    expect(Number(row?.last_used)).toBeGreaterThanOrEqual(before);

    // Idle longer than the timeout, here and in the database, while still remembered: refused.
    const idle = Date.now() - 1_500;
    await system().updateTable('sec_user_sessions').set({ last_used: idle }).where('token_hash', '=', hash).execute();
    const still = sessions().memory.get(hash, Date.now());
    expect(still).toBeDefined();
    still!.usedAt = idle;
    const res = await rolesOf(u.token);
    expect([res.statusCode, res.json().code]).toEqual([401, 3064]);
    // Ended for good: the row is gone.
    expect(
      await system()
        .selectFrom('sec_user_sessions')
        .select('token_hash')
        .where('token_hash', '=', hash)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
