import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { PolicyMemory, POLICY_TTL_MS } from './policy-memory.js';

describe('policy memory', () => {
  it('answers from memory within the TTL and reads again after it', async () => {
    const m = new PolicyMemory();
    let reads = 0;
    const load = async () => ++reads;
    expect(await m.remember('a', 'k', load, 1000)).toBe(1);
    expect(await m.remember('a', 'k', load, 1000 + POLICY_TTL_MS - 1)).toBe(1);
    expect(await m.remember('a', 'k', load, 1000 + POLICY_TTL_MS)).toBe(2);
  });

  it('forgetting an app drops only that app', async () => {
    const m = new PolicyMemory();
    let reads = 0;
    const load = async () => ++reads;
    await m.remember('a', 'k', load);
    await m.remember('b', 'k', load);
    m.forget('a');
    expect(await m.remember('a', 'k', load)).toBe(3);
    expect(await m.remember('b', 'k', load)).toBe(2);
  });

  it('a read that overlapped a change is not handed to requests that come after it', async () => {
    const m = new PolicyMemory();
    let release!: (v: string) => void;
    const stale = m.remember('a', 'k', () => new Promise<string>((r) => (release = r)));
    // The change commits and forgets while the old read is still running.
    m.forget('a');
    const fresh = m.remember('a', 'k', async () => 'new rules');
    release('old rules');
    expect(await stale).toBe('old rules');
    expect(await fresh).toBe('new rules');
    expect(await m.remember('a', 'k', async () => 'never read')).toBe('new rules');
  });

  it("moves an app's version on each change of that app, and every app's on clear", () => {
    const m = new PolicyMemory();
    const [a0, b0] = [m.version('a'), m.version('b')];
    m.forget('a');
    expect(m.version('a')).not.toBe(a0);
    expect(m.version('b')).toBe(b0);
    const a1 = m.version('a');
    m.clear();
    expect(m.version('a')).not.toBe(a1);
    expect(m.version('b')).not.toBe(b0);
  });

  it('a failed read is not remembered', async () => {
    const m = new PolicyMemory();
    await expect(
      m.remember('a', 'k', async () => {
        throw new Error('db down');
      }),
    ).rejects.toThrow('db down');
    expect(await m.remember('a', 'k', async () => 'read again')).toBe('read again');
  });
});

/**
 * The app API remembers API keys, roles, rules and whether a table has record ACLs. These check that
 * nothing it remembers outlives a change made through the console: each change is followed at once
 * by the app API request that must see it, right after requests that filled the memory.
 */
describeEachDb('app API memory never outlives a change', (server) => {
  let f: AppFixture;
  let ids: string[];

  const find = async (token?: string) => {
    const res = await f.api('POST', '/data/Memo/find', { body: {}, token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ objectId: string }>).map((r) => r.objectId).sort();
  };

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Memo', [{ name: 'text', dataType: 'STRING' }]);
    ids = [];
    for (const text of ['a', 'b']) {
      const res = await f.api('PUT', '/data/Memo', { body: { text } });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().objectId);
    }
    ids.sort();
  });

  it('a role DENY set through the console refuses the very next find', async () => {
    const { tableId } = await f.table('Memo2');
    await f.api('PUT', '/data/Memo2', { body: {} });
    // Fill the memory: key, roles, rules, "no record ACL" of the table.
    for (let i = 0; i < 3; i++) expect((await f.api('POST', '/data/Memo2/find', { body: {} })).json()).toHaveLength(1);
    const anon = await f.roleId('NotAuthenticatedUser');
    const deny = await f.console('PUT', `/security/data/${tableId}/roles/${anon}`, {
      permissions: [{ operation: 'Find', access: 'DENY' }],
    });
    expect(deny.statusCode, deny.body).toBe(200);
    expect((await f.api('POST', '/data/Memo2/find', { body: {} })).json()).toEqual([]);
    expect((await f.api('POST', '/data/Memo2/count', { body: {} })).json()).toBe(0);
    await f.console('PUT', `/security/data/${tableId}/roles/${anon}`, {
      permissions: [{ operation: 'Find', access: null }],
    });
    expect((await f.api('POST', '/data/Memo2/find', { body: {} })).json()).toHaveLength(1);
  });

  it('the first record ACL of a table applies to the very next find, though the table was remembered without any', async () => {
    expect(await find()).toEqual(ids);
    expect(await find()).toEqual(ids);
    const anon = await f.roleId('NotAuthenticatedUser');
    const put = await f.console('PUT', `/security/data/Memo/objectAcl/${ids[0]}/roles/${anon}`, {
      operation: 'Find',
      access: 'DENY',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await find()).toEqual([ids[1]]);
    expect((await f.api('GET', `/data/Memo/${ids[0]}`)).statusCode).toBe(403);
    await f.console('DELETE', `/security/data/Memo/objectAcl/${ids[0]}/roles/Find`);
    expect(await find()).toEqual(ids);
  });

  it("assigning a role applies its DENY to the user's very next request", async () => {
    const user = await f.user();
    const { tableId } = await f.table('Memo3');
    await f.api('PUT', '/data/Memo3', { body: {} });
    const created = await f.console('PUT', '/security/roles/Blocked');
    expect(created.statusCode, created.body).toBe(200);
    const role = created.json().roleId as string;
    await f.console('PUT', `/security/data/${tableId}/roles/${role}`, {
      permissions: [{ operation: 'Find', access: 'DENY' }],
    });
    for (let i = 0; i < 2; i++)
      expect((await f.api('POST', '/data/Memo3/find', { body: {}, token: user.token })).json()).toHaveLength(1);
    const assign = await f.console('PUT', '/security/assignedroles', {
      roles: [{ roleId: role, status: 'ALL' }],
      users: [user.objectId],
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect((await f.api('POST', '/data/Memo3/find', { body: {}, token: user.token })).json()).toEqual([]);
    await f.console('PUT', '/security/assignedroles', {
      roles: [{ roleId: role, status: 'NONE' }],
      users: [user.objectId],
    });
    expect((await f.api('POST', '/data/Memo3/find', { body: {}, token: user.token })).json()).toHaveLength(1);
  });

  it("a deleted app's API key is refused by the very next request", async () => {
    const other = await appFixture(server());
    await other.table('Gone');
    // Fill the memory with the key (and the app's rules).
    for (let i = 0; i < 3; i++) expect((await other.api('POST', '/data/Gone/find', { body: {} })).statusCode).toBe(200);
    const del = await other.console('DELETE', '/application');
    expect(del.statusCode, del.body).toBe(200);
    const refused = await other.api('POST', '/data/Gone/find', { body: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(8002);
    // Every key of the app, not only the one that was remembered.
    expect((await other.api('POST', '/data/Gone/count', { body: {}, key: other.keys.JS })).statusCode).toBe(401);
  });
});
