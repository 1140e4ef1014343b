import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';

/**
 * `Databases.appSnapshot`: one moment's view of an app store for a backup. Writes made while the
 * snapshot is open are not in it, every read inside sees the same moment, and writers are not held
 * up meanwhile.
 */
describeEachDb('app store snapshot', (server) => {
  let f: AppFixture;
  let table: string;
  let n: string;

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Snap', [{ name: 'n', dataType: 'INT' }]);
    const meta = (await server().app.basalt.data.schema(f.appId)).table('Snap')!;
    table = meta.sqlName;
    n = meta.columns.find((c) => c.name === 'n')!.sqlName;
    await server().app.basalt.data.records.bulkCreate(
      f.appId,
      'Snap',
      Array.from({ length: 50 }, (_, i) => ({ n: i })),
    );
  });

  it('reads one moment while writes go on, and the writes are in the store afterwards', async () => {
    const ctx = server().app.basalt;
    const records = ctx.data.records;
    const seen = await ctx.dbs.appSnapshot(f.appId, async (db) => {
      const first = await db.selectFrom(table).select('objectId').execute();
      // A write committed while the snapshot is open, through the normal write path.
      await records.create(f.appId, 'Snap', { n: 1000 });
      await records.bulkCreate(f.appId, 'Snap', [{ n: 1001 }, { n: 1002 }]);
      const second = await db.selectFrom(table).select('objectId').execute();
      const top = await db
        .selectFrom(table)
        .select((eb) => eb.fn.max(n).as('m'))
        .executeTakeFirstOrThrow();
      return { first: first.length, second: second.length, top: Number(top.m) };
    });
    expect(seen).toEqual({ first: 50, second: 50, top: 49 });
    const live = await ctx.dbs.app(f.appId).selectFrom(table).select('objectId').execute();
    expect(live.length).toBe(53);
  });

  it('is read only', async () => {
    await expect(server().app.basalt.dbs.appSnapshot(f.appId, (db) => db.deleteFrom(table).execute())).rejects.toThrow(
      /read.?only/i,
    );
    const live = await server().app.basalt.dbs.app(f.appId).selectFrom(table).select('objectId').execute();
    expect(live.length).toBeGreaterThanOrEqual(50);
  });
});
