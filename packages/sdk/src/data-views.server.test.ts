/** The SDK's `dataViews` group against the real server, on both databases. */
import { beforeAll, expect, it } from 'vitest';
import { describeAgainstServer } from './server-session.test-helpers.js';

describeAgainstServer('SDK data views against the server', (session) => {
  beforeAll(async () => {
    const { client, appId } = session();
    const order = await client.tables.create(appId, { name: 'Order' });
    for (const [name, dataType] of [
      ['customer', 'STRING'],
      ['status', 'STRING'],
      ['total', 'DOUBLE'],
    ])
      await client.tables.createColumn(appId, order, { name, dataType });
    const rows = Array.from({ length: 12 }, (_, i) => ({
      customer: `c${i % 3}`,
      status: ['new', 'sent', 'done'][i % 3],
      total: i * 10,
    }));
    await client.tables.bulkCreateRecords(appId, 'Order', rows);
  });

  it('creates, lists, renames, updates and deletes views', async () => {
    const { client, appId } = session();
    const view = await client.dataViews.createView(appId, {
      name: 'Big',
      tableName: 'Order',
      columns: ['customer', 'total'],
      where: 'total >= 50',
      sortBy: 'total desc',
      groupBy: ['status'],
    });
    expect(view).toMatchObject({ name: 'Big', tableName: 'Order', columns: ['customer', 'total'] });
    const tmp = await client.dataViews.createView(appId, { name: 'Tmp', tableName: 'Order' });
    expect((await client.dataViews.getViews(appId)).map((v) => v.name).sort()).toEqual(['Big', 'Tmp']);
    expect(await client.dataViews.renameView(appId, tmp.viewId, 'Tmp2')).toMatchObject({ name: 'Tmp2' });
    expect(
      await client.dataViews.updateView(appId, { viewId: tmp.viewId, name: 'Tmp2', where: "status = 'new'" }),
    ).toMatchObject({ where: "status = 'new'" });
    await client.dataViews.deleteView(appId, tmp.viewId);
    expect((await client.dataViews.getViews(appId)).map((v) => v.name)).toEqual(['Big']);
  });

  it('reads view records, counts and groups', async () => {
    const { client, appId } = session();
    const [view] = await client.dataViews.getViews(appId);
    const rows = await client.dataViews.loadRecords(appId, view, { pageSize: 3 });
    expect(rows.map((r) => r.total)).toEqual([110, 100, 90]);
    expect(await client.dataViews.getRecordsCount(appId, view)).toBe(7);
    expect(await client.dataViews.getRecordsCount(appId, view, { where: "customer = 'c0'" })).toBe(2);
    expect(await client.dataViews.getRecordsCounts(appId, [{ name: 'Big' }, 'Order'])).toEqual({ Big: 7, Order: 12 });
    expect(await client.dataViews.getViewRecords(appId, 'Big')).toHaveLength(7);

    const grouped = (await client.dataViews.loadGroupRecords(appId, view)) as {
      groups: Array<{ value: unknown; count: number }>;
    };
    expect(grouped.groups.map((g) => [g.value, g.count])).toEqual([
      ['done', 3],
      ['new', 2],
      ['sent', 2],
    ]);
    expect(await client.dataViews.getGroupRecordsCount(appId, view)).toBe(3);
    const sample = await client.dataViews.loadSampleRecords(
      appId,
      { name: 'Order', columns: [{ name: 'customer', dataType: 'STRING' }] },
      { where: 'c1', sortBy: 'total' },
    );
    expect(sample.map((r) => r.total)).toEqual([10, 40, 70, 100]);
  });
});
