import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { CompiledQuery, sql } from 'kysely';
import { dataFixture, expectError, type DataFixture } from '../data.test-helpers.js';

describeEachDb('data tables and columns', (server) => {
  let f: DataFixture;
  beforeAll(async () => {
    f = await dataFixture(server());
  });

  it('gives every app the Users system table', async () => {
    const { tables } = await f.ok('GET', '/tables');
    const users = tables.find((t: any) => t.name === 'Users');
    expect(users.system).toBe(true);
    expect(users.columns.map((c: any) => c.name)).toEqual(['objectId', 'created', 'updated', 'ownerId', 'email', 'password', 'name', 'userStatus', 'lastLogin', 'socialAccount', 'isEmailConfirmed']);
    expect(users.relations).toEqual([]);
    expect(users.geoRelations).toEqual([]);
    expect(users.columns.find((c: any) => c.name === 'email').unique).toBe(true);
  });

  it('creates, renames and deletes a table; rename keeps the rows', async () => {
    const created = await f.ok('POST', '/tables', { name: 'Person' });
    expect(created.name).toBe('Person');
    expect(created.tableId).toMatch(/^[0-9A-F-]{36}$/);
    expect(created.columns.map((c: any) => c.name)).toEqual(['objectId', 'created', 'updated', 'ownerId']);
    await f.ok('POST', '/tables/Person/columns', { name: 'title', dataType: 'STRING' });
    await f.ok('POST', '/Person', { title: 'kept' });

    const renamed = await f.ok('PUT', '/tables/Person', { name: 'People' });
    expect(renamed.name).toBe('People');
    expect(renamed.tableId).toBe(created.tableId);
    const rows = await f.ok('POST', '/People/find', {});
    expect(rows.map((r: any) => r.title)).toEqual(['kept']);
    expectError(await f.call('POST', '/Person/find', {}), 404, "'Person'");

    await f.ok('DELETE', '/tables/People');
    const { tables } = await f.ok('GET', '/tables');
    expect(tables.some((t: any) => t.name === 'People')).toBe(false);
  });

  it('creates a table together with the columns of a whole table object, or not at all', async () => {
    const made = await f.ok('POST', '/tables', { name: 'WithCols', columns: [{ name: 'objectId', dataType: 'STRING_ID' }, { name: 'label', dataType: 'STRING', required: true }], relations: [{ name: 'owner', dataType: 'DATA_REF', toTableName: 'Users', relationshipType: 'ONE_TO_ONE' }] });
    expect(made.columns.map((c: any) => c.name)).toEqual(['objectId', 'created', 'updated', 'ownerId', 'label']);
    expect(made.relations.map((r: any) => r.toTableName)).toEqual(['Users']);
    expectError(await f.call('POST', '/tables', { name: 'Broken', columns: [{ name: 'ok', dataType: 'INT' }, { name: 'bad', dataType: 'NOPE' }] }), 400);
    const { tables } = await f.ok('GET', '/tables');
    expect(tables.some((t: any) => t.name === 'Broken')).toBe(false);
  });

  it('refuses bad, reserved and duplicate table names', async () => {
    expectError(await f.call('POST', '/tables', { name: '1abc' }), 400);
    expectError(await f.call('POST', '/tables', { name: 'a; drop table x' }), 400);
    expectError(await f.call('POST', '/tables', { name: 'bulk' }), 400, 'reserved');
    await f.ok('POST', '/tables', { name: 'Dup' });
    expectError(await f.call('POST', '/tables', { name: 'dup' }), 409, "'dup'");
    expectError(await f.call('DELETE', '/tables/Users'), 400, 'system table');
    expectError(await f.call('PUT', '/tables/Nope', { name: 'X' }), 404, "'Nope'");
  });

  it('adds a column of every type, lists its options and round-trips values', async () => {
    const table = await f.createTable('Everything', [
      { name: 's', dataType: 'STRING', indexed: true },
      { name: 'sid', dataType: 'STRING_ID' },
      { name: 'ext', dataType: 'EXTENDED_STRING' },
      { name: 'txt', dataType: 'TEXT' },
      { name: 'i', dataType: 'INT', defaultValue: 7 },
      { name: 'd', dataType: 'DOUBLE' },
      { name: 'b', dataType: 'BOOLEAN' },
      { name: 'dt', dataType: 'DATETIME' },
      { name: 'f', dataType: 'FILE_REF' },
    ]);
    const byName = Object.fromEntries(table.columns.map((c: any) => [c.name, c]));
    expect(byName.s).toMatchObject({ dataType: 'STRING', indexed: true, unique: false, required: false });
    expect(byName.i).toMatchObject({ dataType: 'INT', defaultValue: 7 });
    expect(byName.f.dataType).toBe('FILE_REF');

    const when = Date.UTC(1990, 3, 28, 10, 30);
    const rec = await f.ok('POST', '/Everything', { s: 'hi', sid: 'ID-1', ext: 'x'.repeat(1000), txt: 'long text', d: 2.5, b: true, dt: when, f: '/files/a.png' });
    expect(rec).toMatchObject({ s: 'hi', sid: 'ID-1', txt: 'long text', i: 7, d: 2.5, b: true, dt: when, f: '/files/a.png', ___class: 'Everything', ownerId: null });
    expect(rec.ext).toHaveLength(1000);
    expect(rec.objectId).toMatch(/^[0-9A-F-]{36}$/);
    expect(typeof rec.created).toBe('number');
    const off = await f.ok('POST', '/Everything', { b: false, dt: '1990-04-28T10:30:00Z', i: '12' });
    expect(off).toMatchObject({ b: false, dt: when, i: 12 });
  });

  it('the index of an indexed column also holds the default order, so an equality find walks it without sorting', async () => {
    await f.createTable('Indexed', [{ name: 'grade', dataType: 'INT', indexed: true }, { name: 'code', dataType: 'STRING', unique: true }]);
    await f.ok('POST', '/bulk/Indexed', Array.from({ length: 40 }, (_, i) => ({ grade: i % 2, code: `c${i}` })));
    const ctx = server().app.basalt;
    const table = (await ctx.data.schema(f.appId)).table('Indexed')!;
    const grade = table.columns.find((c) => c.name === 'grade')!.sqlName;
    const code = table.columns.find((c) => c.name === 'code')!.sqlName;
    const db = ctx.dbs.app(f.appId);
    if (ctx.dbs.kind === 'sqlite') {
      const find = db.selectFrom(table.sqlName).selectAll().where(grade, '=', 1).orderBy('created').orderBy('objectId').limit(15).compile();
      const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${find.sql}`, [...find.parameters]));
      const detail = plan.rows.map((r) => r.detail).join(' | ');
      expect(detail).toContain(`ix_${table.sqlName}_${grade}`);
      expect(detail).not.toContain('TEMP B-TREE');
    } else {
      const defs = (await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes where tablename = ${table.sqlName}`.execute(db)).rows;
      expect(defs.find((d) => d.indexname === `ix_${table.sqlName}_${grade}`)?.indexdef).toMatch(/\(\s*"?c_[0-9a-f]+"?,\s*created,\s*"objectId"\s*\)/);
      // The unique index stays on its column alone.
      expect(defs.find((d) => d.indexname === `ux_${table.sqlName}_${code}`)?.indexdef).toMatch(/\(\s*"?c_[0-9a-f]+"?\s*\)/);
    }
    const all = await f.ok('POST', '/Indexed/find', { where: 'grade = 1', sortBy: ['created', 'objectId'], pageSize: 100 });
    expect(all).toHaveLength(20);
    const page = await f.ok('POST', '/Indexed/find', { where: 'grade = 1', pageSize: 5, offset: 5 });
    expect(page.map((r: any) => r.objectId)).toEqual(all.slice(5, 10).map((r: any) => r.objectId));
  });

  it('changes column options and types with real DDL that keeps the rows', async () => {
    await f.createTable('Change', [{ name: 'n', dataType: 'INT' }, { name: 'label', dataType: 'STRING' }]);
    await f.ok('POST', '/bulk/Change', [{ n: 1, label: 'a' }, { n: 2, label: 'b' }, { n: null, label: 'c' }]);

    expectError(await f.call('PUT', '/tables/Change/columns/n', { required: true }), 400, "'n'");
    const req = await f.ok('PUT', '/tables/Change/columns/n', { required: true, defaultValue: 0 });
    expect(req).toMatchObject({ name: 'n', required: true, defaultValue: 0 });
    expectError(await f.call('POST', '/Change', { n: null }), 400, "'n'");

    const dbl = await f.ok('PUT', '/tables/Change/columns/n', { dataType: 'DOUBLE', name: 'amount' });
    expect(dbl).toMatchObject({ name: 'amount', dataType: 'DOUBLE', required: true });
    await f.ok('POST', '/Change', { amount: 1.5, label: 'd' });
    const rows = await f.ok('POST', '/Change/find', { sortBy: 'label' });
    expect(rows.map((r: any) => [r.label, r.amount])).toEqual([['a', 1], ['b', 2], ['c', 0], ['d', 1.5]]);

    expectError(await f.call('PUT', '/tables/Change/columns/label', { dataType: 'BOOLEAN' }), 400, "'label'");
    const uq = await f.ok('PUT', '/tables/Change/columns/label', { unique: true });
    expect(uq.unique).toBe(true);
    expectError(await f.call('POST', '/Change', { amount: 3, label: 'a' }), 409, "'label'");
    await f.ok('POST', '/Change', { amount: 2, label: 'e' });
    expectError(await f.call('PUT', '/tables/Change/columns/amount', { unique: true }), 409, "'amount'");

    await f.ok('DELETE', '/tables/Change/columns/label');
    const after = await f.ok('POST', '/Change/find', {});
    expect(after).toHaveLength(5);
    expect(after.map((r: any) => r.amount).sort()).toEqual([0, 1, 1.5, 2, 2]);
    expect(after.every((r: any) => !('label' in r))).toBe(true);
    expectError(await f.call('DELETE', '/tables/Change/columns/objectId'), 400, 'system column');
    expectError(await f.call('DELETE', '/tables/Change/columns/ghost'), 404, "'ghost'");
  });

  it('adds a required column to a table with rows only with a default', async () => {
    await f.createTable('Req', [{ name: 'a', dataType: 'STRING' }]);
    await f.ok('POST', '/Req', { a: 'x' });
    expectError(await f.call('POST', '/tables/Req/columns', { name: 'must', dataType: 'STRING', required: true }), 400, "'must'");
    await f.ok('POST', '/tables/Req/columns', { name: 'must', dataType: 'STRING', required: true, defaultValue: 'filled' });
    const [row] = await f.ok('POST', '/Req/find', {});
    expect(row.must).toBe('filled');
  });

  it('refuses bad column definitions', async () => {
    await f.createTable('Bad');
    expectError(await f.call('POST', '/tables/Bad/columns', { name: 'x', dataType: 'WHATEVER' }), 400);
    expectError(await f.call('POST', '/tables/Bad/columns', { name: 'created', dataType: 'STRING' }), 400, 'reserved');
    expectError(await f.call('POST', '/tables/Bad/columns', { name: 'n', dataType: 'INT', defaultValue: 'abc' }), 400, "'n'");
    await f.ok('POST', '/tables/Bad/columns', { name: 'c', dataType: 'STRING' });
    expectError(await f.call('POST', '/tables/Bad/columns', { name: 'C', dataType: 'INT' }), 409, "'c'");
  });

  it('stores the data config', async () => {
    expect(await f.ok('GET', '/config')).toEqual({ dynamicSchema: true, includeObjectIdByDefault: false });
    expect(await f.ok('PUT', '/config', { dynamicSchema: false })).toEqual({ dynamicSchema: false, includeObjectIdByDefault: false });
    await f.createTable('Strict');
    expectError(await f.call('POST', '/Strict', { surprise: 1 }), 400, "'surprise'");
    await f.ok('PUT', '/config', { dynamicSchema: true });
    const rec = await f.ok('POST', '/Strict', { surprise: 1, word: 'w' });
    expect(rec).toMatchObject({ surprise: 1, word: 'w' });
    const { tables } = await f.ok('GET', '/tables');
    const strict = tables.find((t: any) => t.name === 'Strict');
    expect(strict.columns.find((c: any) => c.name === 'surprise').dataType).toBe('INT');
  });

  it('keeps the owner-policy delay check per table; role assignment is served by the security area', async () => {
    await f.createTable('Owned');
    expect(await f.ok('GET', '/tables/Owned/acl/owner-policy-delay-check')).toEqual({ enabled: false });
    await f.ok('PUT', '/tables/Owned/acl/owner-policy-delay-check', { enabled: true });
    expect(await f.ok('GET', '/tables/Owned/acl/owner-policy-delay-check')).toEqual({ enabled: true });
    const roles = await server().call('GET', `/${f.appId}/console/security/assignedroles?users=a`, { authKey: f.authKey });
    expect(roles.statusCode).toBe(200);
    expect(roles.json()).toEqual(expect.arrayContaining([expect.objectContaining({ rolename: 'AuthenticatedUser', status: 'NONE' })]));
  });
});
