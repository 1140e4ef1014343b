import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';
import { groupCommits } from '../../db/group-commit.js';

/**
 * The app API's record path remembers compiled queries, the HIPAA switch and the caller's roles so
 * that a find or a create does not redo them. Each memory must give way to the change it depends
 * on at once: every test below warms the memory with the same request first, then changes what it
 * depends on through the console and expects the very next request to see the change.
 */
describeEachDb('App API hot path: remembered work follows changes', (server) => {
  let f: AppFixture;
  const find = (where: string) => f.api('POST', '/data/Hot/find', { body: { where, pageSize: 50 } });
  const count = (where: string) => f.api('POST', '/data/Hot/count', { body: { where } });

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Hot', [
      { name: 'label', dataType: 'STRING' },
      { name: 'size', dataType: 'INT' },
    ]);
    for (const [label, size] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const) {
      expect((await f.api('POST', '/data/Hot', { body: { label, size } })).statusCode).toBe(200);
    }
  });

  it('a renamed column: the same where text no longer compiles, the new name does', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await find('size > 1'))
          .json()
          .map((r: { label: string }) => r.label)
          .sort(),
      ).toEqual(['b', 'c']);
    expect((await count('size > 1')).json()).toBe(2);

    expect(
      (await f.console('PUT', '/data/tables/Hot/columns/size', { name: 'weight', dataType: 'INT' })).statusCode,
    ).toBe(200);
    const stale = await find('size > 1');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toContain('size');
    expect((await count('size > 1')).statusCode).toBe(400);
    const renamed = (await find('weight > 1')).json();
    expect(renamed.map((r: { label: string; weight: number }) => [r.label, r.weight]).sort()).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
    expect(renamed.every((r: Record<string, unknown>) => !('size' in r))).toBe(true);
  });

  it('a column added later shows up in the answers of an already-used query', async () => {
    const before = (await find("label = 'a'")).json();
    expect(before).toHaveLength(1);
    expect('color' in before[0]).toBe(false);
    expect(
      (await f.console('POST', '/data/tables/Hot/columns', { name: 'color', dataType: 'STRING' })).statusCode,
    ).toBe(200);
    const after = (await find("label = 'a'")).json();
    expect(after[0]).toHaveProperty('color', null);
  });

  it('creates after a rename or a retype write the column the schema has now', async () => {
    await f.table('Hot2', [
      { name: 'tag', dataType: 'STRING' },
      { name: 'weight', dataType: 'INT' },
    ]);
    const create = (body: Record<string, unknown>) => f.api('POST', '/data/Hot2', { body });
    for (let i = 0; i < 3; i++)
      expect((await create({ tag: `t${i}`, weight: i })).json()).toMatchObject({ tag: `t${i}`, weight: i });
    expect(
      (await f.console('PUT', '/data/tables/Hot2/columns/weight', { name: 'mass', dataType: 'INT' })).statusCode,
    ).toBe(200);
    const renamed = (await create({ tag: 'e', mass: 5 })).json();
    expect(renamed).toMatchObject({ tag: 'e', mass: 5 });
    expect(renamed).not.toHaveProperty('weight');

    // Same name, new type (dropped and added again): the insert follows the new column.
    expect((await f.console('DELETE', '/data/tables/Hot2/columns/tag')).statusCode).toBe(200);
    expect((await f.console('POST', '/data/tables/Hot2/columns', { name: 'tag', dataType: 'INT' })).statusCode).toBe(
      200,
    );
    expect((await create({ tag: 7, mass: 6 })).json()).toMatchObject({ tag: 7, mass: 6 });
    const refused = await create({ tag: 'not a number', mass: 6 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('tag');
    const rows = (await f.api('POST', '/data/Hot2/find', { body: { where: 'tag = 7' } })).json();
    expect(rows.map((r: { mass: number }) => r.mass)).toEqual([6]);

    // Records with the same (system-only) columns in two tables each land in their own table.
    const total = async (t: string) => (await f.api('GET', `/data/${t}/count`)).json() as number;
    const [hot, hot2] = [await total('Hot'), await total('Hot2')];
    for (const t of ['Hot', 'Hot2', 'Hot2'])
      expect((await f.api('POST', `/data/${t}`, { body: {} })).statusCode).toBe(200);
    expect([await total('Hot'), await total('Hot2')]).toEqual([hot + 1, hot2 + 2]);
  });

  it('a permission change applies to the next find and create with an already-compiled where', async () => {
    const { tableId } = await f.table('Hot3', [{ name: 'n', dataType: 'INT' }]);
    for (const n of [1, 2]) expect((await f.api('POST', '/data/Hot3', { body: { n } })).statusCode).toBe(200);
    const findN = () => f.api('POST', '/data/Hot3/find', { body: { where: 'n >= 1' } });
    for (let i = 0; i < 3; i++) expect((await findN()).json()).toHaveLength(2);
    const anon = await f.roleId('NotAuthenticatedUser');
    const set = (operation: string, access: string | null) =>
      f.console('PUT', `/security/data/${tableId}/roles/${anon}`, { permissions: [{ operation, access }] });

    expect((await set('Find', 'DENY')).statusCode).toBe(200);
    expect((await findN()).json()).toEqual([]);
    expect((await f.api('POST', '/data/Hot3/count', { body: { where: 'n >= 1' } })).json()).toBe(0);
    expect((await set('Create', 'DENY')).statusCode).toBe(200);
    expect((await f.api('POST', '/data/Hot3', { body: { n: 3 } })).statusCode).toBe(403);

    expect((await set('Find', null)).statusCode).toBe(200);
    expect((await set('Create', null)).statusCode).toBe(200);
    expect((await findN()).json()).toHaveLength(2);
    expect((await f.api('POST', '/data/Hot3', { body: { n: 3 } })).statusCode).toBe(200);
    expect((await findN()).json()).toHaveLength(3);
  });

  it('column rules decide the same while the rules are loading as once they are remembered', async () => {
    const { tableId } = await f.table('Hot4', [
      { name: 'secret', dataType: 'STRING' },
      { name: 'open', dataType: 'STRING' },
    ]);
    const anon = await f.roleId('NotAuthenticatedUser');
    for (const operation of ['Find', 'Update']) {
      expect(
        (
          await f.console('PUT', `/security/data/${tableId}/columns/permissions/${operation}/${anon}`, {
            column: 'secret',
            access: 'DENY',
          })
        ).statusCode,
      ).toBe(200);
    }
    // The first request after the change loads the rules; the next ones decide from remembered ones.
    for (let i = 0; i < 3; i++) {
      const created = await f.api('POST', '/data/Hot4', { body: { open: `o${i}` } });
      expect(created.statusCode).toBe(200);
      expect(created.json()).not.toHaveProperty('secret');
      expect((await f.api('POST', '/data/Hot4', { body: { open: 'x', secret: 's' } })).statusCode).toBe(403);
      const rows = (await f.api('POST', '/data/Hot4/find', { body: { where: "open like 'o%'" } })).json();
      expect(rows).toHaveLength(i + 1);
      for (const r of rows) expect(r).not.toHaveProperty('secret');
      expect((await f.api('POST', '/data/Hot4/find', { body: { where: "secret = 's'" } })).statusCode).toBe(403);
    }
    expect(
      (
        await f.console('PUT', `/security/data/${tableId}/columns/permissions/Find/${anon}`, {
          column: 'secret',
          access: 'GRANT',
        })
      ).statusCode,
    ).toBe(200);
    expect((await f.api('POST', '/data/Hot4/find', { body: { where: "open like 'o%'" } })).json()[0]).toHaveProperty(
      'secret',
      null,
    );
  });

  it("anonymous callers of a key are one shared, frozen caller until the app's roles change", async () => {
    const security = server().app.basalt.security;
    expect((await find('weight > 0')).statusCode).toBe(200);
    const first = security.callerNow(f.appId, 'REST', null)!;
    expect(first).toBeDefined();
    expect(security.callerNow(f.appId, 'REST', null)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.roles) && first.roles.every((r) => Object.isFrozen(r))).toBe(
      true,
    );
    expect(first.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['RestUser', 'NotAuthenticatedUser']));
    // Another device type has its own caller with its own client role.
    const js = security.callerNow(f.appId, 'JS', null)!;
    expect(js).not.toBe(first);
    expect(js.roles.map((r) => r.name)).toContain('JSUser');
    expect(js.roles.map((r) => r.name)).not.toContain('RestUser');
    // A role change makes the app's roles be read again, and with them a new caller.
    await security.roles.create(f.appId, 'HotPathExtra');
    expect((await find('weight > 0')).statusCode).toBe(200);
    const after = security.callerNow(f.appId, 'REST', null)!;
    expect(after).not.toBe(first);
    expect(after.roles.map((r) => r.id)).toEqual(first.roles.map((r) => r.id));
  });

  it('panic mode applies to the next request after requests that found it off, and lifts the same way', async () => {
    for (let i = 0; i < 3; i++) expect((await find('weight > 0')).statusCode).toBe(200);
    expect((await f.console('PUT', '/panic/enable', { message: 'Down for repairs' })).json()).toMatchObject({
      enabled: true,
    });
    const refused = await find('weight > 0');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: 'Down for repairs' });
    expect((await f.api('POST', '/data/Hot', { body: { weight: 1 } })).statusCode).toBe(503);
    expect((await f.console('PUT', '/panic/disable', {})).json()).toMatchObject({ enabled: false });
    expect((await find('weight > 0')).statusCode).toBe(200);
  });

  it('HIPAA switched on: the next read is audited; switched off: the next is not', async () => {
    const readsLogged = async () => {
      const res = await f.console('GET', '/security/audit-logs?action=appapi.read&pageSize=100');
      expect(res.statusCode).toBe(200);
      return res.json().totalRows as number;
    };
    const settle = () => new Promise((r) => setTimeout(r, 150));
    for (let i = 0; i < 3; i++) await find("label = 'b'");
    await settle();
    expect(await readsLogged()).toBe(0);

    expect((await f.console('PUT', '/compliance/hipaa/enable')).statusCode).toBe(200);
    await find("label = 'b'");
    await settle();
    expect(await readsLogged()).toBe(1);

    expect((await f.console('PUT', '/compliance/hipaa/disable')).statusCode).toBe(200);
    await find("label = 'b'");
    await count("label = 'b'");
    await settle();
    expect(await readsLogged()).toBe(1);
  });

  it('creates arriving together are committed together, each answered as if alone', async () => {
    await f.table('Hot5', [{ name: 'n', dataType: 'INT' }]);
    expect(
      (await f.console('POST', '/data/tables/Hot5/columns', { name: 'code', dataType: 'STRING', unique: true }))
        .statusCode,
    ).toBe(200);
    // Warm the key, roles and schema so that the creates below reach their insert in one turn.
    expect((await f.api('POST', '/data/Hot5', { body: { n: 0, code: 'c0' } })).statusCode).toBe(200);
    const before = groupCommits.count;
    // Clashes only with a stored value: which of two new equal values would win is a race on
    // PostgreSQL (separate connections); db/group-commit.test.ts covers a clash inside a group.
    const codes = ['c1', 'c2', 'c3', 'c0', 'c4', 'c5', 'c0', 'c6'];
    const answers = await Promise.all(
      codes.map((code, n) => f.api('POST', '/data/Hot5', { body: { n: n + 1, code } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 409, 200, 200, 409, 200]);
    for (const [i, a] of answers.entries())
      if (a.statusCode === 200) expect(a.json()).toMatchObject({ n: i + 1, code: codes[i], ___class: 'Hot5' });
    expect(answers[3].json().message).toContain('code');
    const ids = answers.filter((a) => a.statusCode === 200).map((a) => a.json().objectId);
    expect(new Set(ids).size).toBe(6);
    const stored = (await f.api('POST', '/data/Hot5/find', { body: { sortBy: ['n'], pageSize: 50 } })).json();
    expect(stored.map((r: { n: number; code: string }) => `${r.n}:${r.code}`)).toEqual([
      '0:c0',
      '1:c1',
      '2:c2',
      '3:c3',
      '5:c4',
      '6:c5',
      '8:c6',
    ]);
    // On SQLite they shared one commit (db/group-commit.ts); PostgreSQL commits each on its own.
    if (server().kind === 'sqlite') expect(groupCommits.count).toBeGreaterThan(before);
    else expect(groupCommits.count).toBe(before);
  });

  it('updates arriving together are committed together, each answered as if alone', async () => {
    await f.table('Hot6', [{ name: 'n', dataType: 'INT' }]);
    expect(
      (await f.console('POST', '/data/tables/Hot6/columns', { name: 'code', dataType: 'STRING', unique: true }))
        .statusCode,
    ).toBe(200);
    const ids: string[] = [];
    for (const code of ['a', 'b', 'c', 'd'])
      ids.push((await f.api('POST', '/data/Hot6', { body: { n: 0, code } })).json().objectId);
    const before = groupCommits.count;
    const [a, clash, c, gone] = await Promise.all([
      f.api('PUT', `/data/Hot6/${ids[0]}`, { body: { n: 1 } }),
      f.api('PUT', `/data/Hot6/${ids[1]}`, { body: { code: 'a' } }),
      f.api('PUT', `/data/Hot6/${ids[2]}`, { body: { n: 3, code: 'cc' } }),
      f.api('PUT', `/data/Hot6/${ids[3]}`, { body: { n: 4 } }).then(async (first) => {
        expect(first.statusCode).toBe(200);
        expect((await f.api('DELETE', `/data/Hot6/${ids[3]}`)).statusCode).toBe(200);
        return f.api('PUT', `/data/Hot6/${ids[3]}`, { body: { n: 5 } });
      }),
    ]);
    expect(a.json()).toMatchObject({ objectId: ids[0], n: 1, code: 'a' });
    expect(a.json().updated).toBeGreaterThanOrEqual(a.json().created);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('code');
    expect(c.json()).toMatchObject({ objectId: ids[2], n: 3, code: 'cc' });
    expect(gone.statusCode).toBe(404);
    const stored = (await f.api('POST', '/data/Hot6/find', { body: { sortBy: ['code'] } })).json();
    expect(stored.map((r: { n: number; code: string }) => `${r.n}:${r.code}`)).toEqual(['1:a', '0:b', '3:cc']);
    if (server().kind === 'sqlite') expect(groupCommits.count).toBeGreaterThan(before);
    else expect(groupCommits.count).toBe(before);
  });

  it('deletes arriving together are committed together; each answers, and only the named records go', async () => {
    await f.table('Hot7', [{ name: 'n', dataType: 'INT' }]);
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) ids.push((await f.api('POST', '/data/Hot7', { body: { n } })).json().objectId);
    const before = groupCommits.count;
    const answers = await Promise.all([ids[0], ids[2], ids[4]].map((id) => f.api('DELETE', `/data/Hot7/${id}`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    for (const a of answers) expect(typeof a.json().deletionTime).toBe('number');
    const left = (await f.api('POST', '/data/Hot7/find', { body: { sortBy: ['n'] } })).json();
    expect(left.map((r: { objectId: string }) => r.objectId)).toEqual([ids[1], ids[3]]);
    expect((await f.api('DELETE', `/data/Hot7/${ids[0]}`)).statusCode).toBe(404);
    if (server().kind === 'sqlite') expect(groupCommits.count).toBeGreaterThan(before);
    else expect(groupCommits.count).toBe(before);
  });
});
