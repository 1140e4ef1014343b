import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { rekeyColumnRules } from './column-rules.migration.js';
import type { SecurityKysely } from './security.migrations.js';

type U = { objectId: string; token: string; email: string };

/** Column rules follow the column (kept by id): a rename keeps them, a new column of the old name has none. */
describeEachDb('column rules survive a rename', (server) => {
  let f: AppFixture;
  let tableId: string;
  let alice: U;

  const find = async () => {
    const res = await f.api('POST', '/data/Memo/find', { body: {}, token: alice.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };

  beforeAll(async () => {
    f = await appFixture(server());
    tableId = (
      await f.table('Memo', [
        { name: 'title', dataType: 'STRING' },
        { name: 'secret', dataType: 'STRING' },
      ])
    ).tableId;
    alice = await f.user('alice@example.com');
    expect(
      (await f.api('PUT', '/data/Memo', { body: { title: 't', secret: 's' }, token: alice.token })).statusCode,
    ).toBe(200);
  });

  it('a Find DENY on a column still hides it after the column is renamed', async () => {
    const role = await f.roleId('AuthenticatedUser');
    const set = await f.console('PUT', `/security/data/${tableId}/columns/permissions/Find/${role}`, {
      column: 'secret',
      access: 'DENY',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual([{ columnId: expect.any(String), column: 'secret', operation: 'Find', access: 'DENY' }]);
    expect(await find()).not.toEqual(expect.arrayContaining([expect.objectContaining({ secret: 's' })]));

    const renamed = await f.console('PUT', '/data/tables/Memo/columns/secret', { name: 'classified' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [row] = await find();
    expect(row.title).toBe('t');
    expect(row).not.toHaveProperty('classified');
    expect(row).not.toHaveProperty('secret');
    const where = await f.api('POST', '/data/Memo/find', { body: { where: "classified = 's'" }, token: alice.token });
    expect(where.statusCode).toBe(403);
    // The console lists the rule under the column's new name.
    const cols = (await f.console('GET', `/security/data/${tableId}/columns/permissions`)).json();
    expect(cols.data.find((r: { name: string }) => r.name === 'AuthenticatedUser').permissions).toEqual([
      expect.objectContaining({ column: 'classified', operation: 'Find', access: 'DENY' }),
    ]);
  });

  it('a new column that takes the old name does not inherit the rule', async () => {
    expect(
      (await f.console('POST', '/data/tables/Memo/columns', { name: 'secret', dataType: 'STRING' })).statusCode,
    ).toBe(200);
    expect(
      (await f.api('PUT', '/data/Memo', { body: { title: 'u', secret: 'open' }, token: alice.token })).statusCode,
    ).toBe(200);
    const rows = await find();
    expect(rows.find((r) => r.title === 'u')?.secret).toBe('open');
  });

  it('re-keys rules stored by column name (the start-up migration), and drops those of vanished columns', async () => {
    const ctx = server().app.basalt;
    const db = ctx.dbs.system as unknown as SecurityKysely;
    const role = await f.roleId('AuthenticatedUser');
    const legacy = {
      app_id: f.appId,
      service: 'data',
      item: tableId,
      object_id: '',
      principal_type: 'role' as const,
      principal: role,
      operation: 'Find',
      access: 'DENY' as const,
      updated: Date.now(),
    };
    await db
      .insertInto('sec_permissions')
      .values([
        { ...legacy, column_name: 'title' },
        { ...legacy, column_name: 'gone' },
      ])
      .execute();
    ctx.security.engine.invalidate(f.appId);
    // Before the migration a name-keyed rule matches no column id: the column shows.
    expect((await find())[0]).toHaveProperty('title');
    expect(await rekeyColumnRules(ctx)).toBe(1);
    ctx.security.engine.invalidate(f.appId);
    for (const r of await find()) expect(r).not.toHaveProperty('title');
    const left = await db
      .selectFrom('sec_permissions')
      .select('column_name')
      .where('app_id', '=', f.appId)
      .where('column_name', '!=', '')
      .execute();
    expect(left.map((r) => r.column_name).every((c) => c.includes('-'))).toBe(true);
    expect(left.length).toBe(2);
    expect(await rekeyColumnRules(ctx)).toBe(0);
  });
});
