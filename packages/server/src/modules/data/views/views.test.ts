import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { dataFixture, expectError, type DataFixture } from '../data.test-helpers.js';

describeEachDb('data views', (server) => {
  let f: DataFixture;
  let viewId: string;
  beforeAll(async () => {
    f = await dataFixture(server());
    await f.createTable('Order', [
      { name: 'customer', dataType: 'STRING' },
      { name: 'status', dataType: 'STRING' },
      { name: 'total', dataType: 'DOUBLE' },
      { name: 'paid', dataType: 'BOOLEAN' },
    ]);
    const rows = [];
    for (let i = 0; i < 24; i++) rows.push({ customer: `c${i % 3}`, status: ['new', 'sent', 'done', 'lost'][i % 4], total: i * 10, paid: i % 2 === 0 });
    await f.ok('POST', '/bulk/Order', rows);
  });

  it('creates, lists, updates, renames and deletes views', async () => {
    const view = await f.ok('POST', '/table-views', { name: 'BigOrders', tableName: 'Order', columns: ['customer', 'total'], where: 'total >= 100', sortBy: 'total desc', groupBy: ['status'] });
    expect(view).toMatchObject({ name: 'BigOrders', tableName: 'Order', columns: ['customer', 'total'], where: 'total >= 100', sortBy: ['total desc'], groupBy: ['status'] });
    viewId = view.viewId;
    expect((await f.ok('GET', '/table-views')).map((v: any) => v.name)).toEqual(['BigOrders']);
    expectError(await f.call('POST', '/table-views', { name: 'Order', tableName: 'Order' }), 409, "'Order'");
    expectError(await f.call('POST', '/table-views', { name: 'V2', tableName: 'Order', columns: ['ghost'] }), 400, "'ghost'");
    expectError(await f.call('POST', '/table-views', { name: 'V3', tableName: 'Nope' }), 404, "'Nope'");

    const tmp = await f.ok('POST', '/table-views', { name: 'Tmp', tableName: 'Order' });
    const renamed = await f.ok('PUT', `/table-views/${tmp.viewId}/name`, { name: 'Tmp2' });
    expect(renamed.name).toBe('Tmp2');
    const updated = await f.ok('PUT', `/table-views/${tmp.viewId}`, { where: "status = 'new'" });
    expect(updated).toMatchObject({ name: 'Tmp2', where: "status = 'new'" });
    await f.ok('DELETE', `/table-views/${tmp.viewId}`);
    expectError(await f.call('DELETE', `/table-views/${tmp.viewId}`), 404);
  });

  it('answers view records through the table find and count routes', async () => {
    const rows = await f.ok('POST', '/BigOrders/find', { pageSize: 3 });
    expect(rows.map((r: any) => r.total)).toEqual([230, 220, 210]);
    expect(Object.keys(rows[0]).sort()).toEqual(['___class', 'customer', 'total']);
    expect(await f.ok('POST', '/BigOrders/count', {})).toBe(14);
    const narrowed = await f.ok('POST', '/BigOrders/find', { where: "customer = 'c0'" });
    expect(narrowed.map((r: any) => r.total)).toEqual([210, 180, 150, 120]);
    expect(await f.ok('POST', '/BigOrders/count', { where: "customer = 'c0'" })).toBe(4);
    expect(await f.ok('POST', '/tables-counters', { tables: [{ name: 'BigOrders' }, 'Order'] })).toEqual({ BigOrders: 14, Order: 24 });
    const first = await f.ok('GET', '/table-views/BigOrders');
    expect(first).toHaveLength(14);
  });

  it('groups view records with default page sizes of 5', async () => {
    const res = await f.ok('POST', '/data-grouping/BigOrders', {});
    expect(res.groupBy).toBe('status');
    expect(res.groups.map((g: any) => [g.value, g.count])).toEqual([['done', 4], ['lost', 4], ['new', 3], ['sent', 3]]);
    expect(res.groups[1].records.map((r: any) => r.total)).toEqual([230, 190, 150, 110]);
    const paged = await f.ok('POST', '/data-grouping/BigOrders', { groupPageSize: 2, offset: 2, recordsPageSize: 1 });
    expect(paged.groups.map((g: any) => [g.value, g.records.length])).toEqual([['new', 1], ['sent', 1]]);
    const nested = await f.ok('POST', '/data-grouping/BigOrders', { groupBy: ['status', 'paid'], groupPath: ['lost'] });
    expect(nested.groupBy).toBe('paid');
    expect(nested.groups.map((g: any) => [g.value, g.count])).toEqual([[false, 4]]);
    expect(await f.ok('POST', '/data-grouping/BigOrders/count', {})).toBe(4);
    expect(await f.ok('POST', '/data-grouping/BigOrders/count', { where: "customer = 'c1'" })).toBe(4);
    expect(await f.ok('POST', '/data-grouping/BigOrders/count', { where: "status = 'new'" })).toBe(1);
    expectError(await f.call('POST', '/data-grouping/Missing', {}), 404, "'Missing'");
  });

  it('previews a table while a view is designed', async () => {
    const rows = await f.ok('POST', '/table-pre-view/Order/find', { pageSize: 2, sortBy: 'total desc' });
    expect(rows.map((r: any) => r.total)).toEqual([230, 220]);
  });

  it('drops views with their table', async () => {
    await f.ok('DELETE', '/tables/Order');
    expect(await f.ok('GET', '/table-views')).toEqual([]);
    void viewId;
  });
});
