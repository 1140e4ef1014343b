import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import { afterCommit, inAppTransaction, rootContext, transactionAppOf } from './app-transaction.js';

/**
 * The transaction view of the server context: the data services made for it write into one
 * transaction, nested transactions are savepoints, events and after-commit work wait for the commit.
 */
describeEachDb('app transactions (context view)', (server) => {
  let f: AppFixture;
  const names = async () => {
    const rows = await server()
      .app.basalt.dbs.app(f.appId)
      .selectFrom((await server().app.basalt.data.schema(f.appId)).table('Thing')!.sqlName)
      .select('objectId')
      .execute();
    return rows.length;
  };

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Thing', [{ name: 'label', dataType: 'STRING' }]);
  });

  it('writes of the view commit together, and its events and after-commit work come after the commit', async () => {
    const ctx = server().app.basalt;
    const told: string[] = [];
    const off = ctx.bus.on('record.created', (e) => {
      if (e.appId === f.appId) told.push(String(e.record.label));
    });
    try {
      const before = await names();
      const order: string[] = [];
      await inAppTransaction(ctx, f.appId, undefined, async (scoped) => {
        expect(rootContext(scoped)).toBe(ctx);
        expect(transactionAppOf(scoped)).toBe(f.appId);
        expect(transactionAppOf(ctx)).toBeUndefined();
        const records = scoped.data.records;
        await records.create(f.appId, 'Thing', { label: 'one' });
        await records.bulkCreate(f.appId, 'Thing', [{ label: 'two' }, { label: 'three' }]);
        // The view reads through the transaction: its own writes are there.
        const inside = await scoped.data.query.count(
          f.appId,
          await scoped.data.schema(f.appId),
          (await scoped.data.schema(f.appId)).table('Thing')!,
          {
            sortBy: [],
            props: [],
            excludeProps: [],
            groupBy: [],
            distinct: false,
            loadRelations: [],
            pageSize: 10,
            offset: 0,
          },
        );
        expect(inside).toBe(before + 3);
        afterCommit(scoped, () => order.push('after commit'));
        expect(told).toEqual([]);
        order.push('work done');
      });
      expect(order).toEqual(['work done', 'after commit']);
      expect(told).toEqual(['one', 'two', 'three']);
      expect(await names()).toBe(before + 3);
    } finally {
      off();
    }
  });

  it('a failure rolls every write back and drops the events; a failed nested transaction undoes only itself', async () => {
    const ctx = server().app.basalt;
    const told: string[] = [];
    const off = ctx.bus.on('record.created', (e) => {
      if (e.appId === f.appId) told.push(String(e.record.label));
    });
    try {
      const before = await names();
      await expect(
        inAppTransaction(ctx, f.appId, 'serializable', async (scoped) => {
          await scoped.data.records.create(f.appId, 'Thing', { label: 'lost' });
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect(await names()).toBe(before);
      expect(told).toEqual([]);

      await inAppTransaction(ctx, f.appId, undefined, async (scoped) => {
        const records = scoped.data.records;
        await records.create(f.appId, 'Thing', { label: 'kept' });
        await expect(
          scoped.dbs
            .app(f.appId)
            .transaction()
            .execute(async (trx) => {
              await trx
                .insertInto((await scoped.data.schema(f.appId)).table('Thing')!.sqlName)
                .values({ objectId: 'nested-1', created: 1, updated: 1 })
                .execute();
              throw new Error('inner');
            }),
        ).rejects.toThrow('inner');
        await records.create(f.appId, 'Thing', { label: 'kept too' });
      });
      expect(await names()).toBe(before + 2);
      expect(told).toEqual(['kept', 'kept too']);
      await expect(
        inAppTransaction(ctx, f.appId, undefined, async (scoped) =>
          inAppTransaction(scoped, f.appId, undefined, async () => 1),
        ),
      ).rejects.toThrow(/open already/);
    } finally {
      off();
    }
  });
});
