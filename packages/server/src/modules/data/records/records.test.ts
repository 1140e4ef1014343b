import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { dataFixture, expectError, type DataFixture } from '../data.test-helpers.js';

describeEachDb('data records', (server) => {
  let f: DataFixture;
  const events: string[] = [];
  beforeAll(async () => {
    f = await dataFixture(server());
    const bus = server().app.basalt.bus;
    for (const e of ['record.created', 'record.updated', 'record.deleted'] as const) bus.on(e, (p) => events.push(`${e}:${p.table}`));
    await f.createTable('Item', [
      { name: 'title', dataType: 'STRING', required: true },
      { name: 'qty', dataType: 'INT' },
      { name: 'price', dataType: 'DOUBLE' },
      { name: 'active', dataType: 'BOOLEAN', defaultValue: true },
      { name: 'sold', dataType: 'DATETIME' },
      { name: 'code', dataType: 'STRING', unique: true },
    ]);
    await f.ok('POST', '/bulk/Item', Array.from({ length: 40 }, (_, i) => ({ title: `item ${String(i).padStart(2, '0')}`, qty: i, price: i / 2, sold: Date.UTC(2020, 0, 1 + i) })));
  });

  it('finds with the default page of 15 from offset 0, and pages on', async () => {
    const first = await f.ok('POST', '/Item/find', {});
    expect(first).toHaveLength(15);
    expect(first[0].title).toBe('item 00');
    const third = await f.ok('POST', '/Item/find', { pageSize: 15, offset: 30 });
    expect(third.map((r: any) => r.qty)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39]);
    const capped = await f.ok('POST', '/Item/find', { pageSize: 1000 });
    expect(capped).toHaveLength(40);
    await f.createTable('Many', [{ name: 'n', dataType: 'INT' }]);
    await f.ok('POST', '/bulk/Many', Array.from({ length: 130 }, (_, n) => ({ n })));
    expect(await f.ok('POST', '/Many/find', { pageSize: 1000 })).toHaveLength(100);
    expect(await f.ok('POST', '/Many/find', { pageSize: 1000, where: 'n >= 0' })).toHaveLength(100);
    expectError(await f.call('POST', '/Many/find', { offset: -1 }), 400);
    expect(first[0]).toMatchObject({ active: true, ___class: 'Item', ownerId: null, sold: Date.UTC(2020, 0, 1) });
  });

  it('sorts and picks properties', async () => {
    const rows = await f.ok('POST', '/Item/find', { sortBy: 'qty desc', props: 'title,qty', pageSize: 3 });
    expect(rows).toEqual([
      { title: 'item 39', qty: 39, ___class: 'Item' },
      { title: 'item 38', qty: 38, ___class: 'Item' },
      { title: 'item 37', qty: 37, ___class: 'Item' },
    ]);
    const asList = await f.ok('POST', '/Item/find', { sortBy: ['`price` DESC'], property: ['price'], pageSize: 1 });
    expect(asList).toEqual([{ price: 19.5, ___class: 'Item' }]);
    expectError(await f.call('POST', '/Item/find', { sortBy: 'nope' }), 400, 'nope');
  });

  it('filters, groups and aggregates through the where language', async () => {
    const cheap = await f.ok('POST', '/Item/find', { where: 'price < 2 and qty >= 1', sortBy: 'qty', props: 'qty' });
    expect(cheap.map((r: any) => r.qty)).toEqual([1, 2, 3]);
    expect(await f.ok('POST', '/Item/count', { where: "title like '%item 1%'" })).toBe(10);
    const groups = await f.ok('POST', '/Item/find', { props: 'active,Count(objectId) as cnt,Sum(qty) as total', groupBy: 'active', having: 'cnt > 1' });
    expect(groups).toEqual([{ active: true, cnt: 40, total: 780, ___class: 'Item' }]);
    expect(await f.ok('POST', '/Item/count', { groupBy: 'active' })).toBe(1);
    const distinct = await f.ok('POST', '/Item/find', { props: 'active', distinct: true });
    expect(distinct).toEqual([{ active: true, ___class: 'Item' }]);
    const trimmed = await f.ok('POST', '/Item/find', { pageSize: 1, excludeProps: 'sold,price' });
    expect('sold' in trimmed[0] || 'price' in trimmed[0]).toBe(false);
    // The reference client's free-text search sends the text unescaped: a quote is a clean 400.
    expectError(await f.call('POST', '/Item/find', { where: "`title` like '%it's%' or `qty` like '%it's%'" }), 400);
    expectError(await f.call('POST', '/Item/find', { where: "qty = 1; DROP TABLE x" }), 400);
    expect(await f.ok('POST', '/Item/count', { where: '`qty` like \'%3%\'' })).toBe(13);
  });

  it('counts by POST and GET', async () => {
    expect(await f.ok('POST', '/Item/count', {})).toBe(40);
    expect(await f.ok('GET', '/Item/count')).toBe(40);
    expect(await f.ok('POST', '/tables-counters', { tables: ['Item', { name: 'Users' }], connectorId: null, resetCache: true })).toEqual({ Item: 40, Users: 0 });
    expectError(await f.call('POST', '/Ghost/count', {}), 404, "'Ghost'");
  });

  it('creates, updates and deletes records with events', async () => {
    events.length = 0;
    const rec = await f.ok('POST', '/Item', { title: 'new', code: 'N1' });
    expect(rec.active).toBe(true);
    expect(rec.created).toBe(rec.updated);
    const upd = await f.ok('PUT', `/Item/${rec.objectId}`, { ...rec, qty: 5, active: false });
    expect(upd).toMatchObject({ objectId: rec.objectId, qty: 5, active: false, title: 'new', created: rec.created });
    expect(upd.updated).toBeGreaterThanOrEqual(rec.updated);
    expectError(await f.call('PUT', '/Item/NOPE', { qty: 1 }), 404, "'NOPE'");
    const del = await f.call('DELETE', '/tables/Item/records', [{ objectId: rec.objectId }]);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toBe(1);
    expect(await f.ok('POST', '/Item/count', {})).toBe(40);
    expect(events).toEqual(['record.created:Item', 'record.updated:Item', 'record.deleted:Item']);
  });

  it('refuses wrong types, missing required values and duplicates, naming the column', async () => {
    expectError(await f.call('POST', '/Item', { title: 'x', qty: 'many' }), 400, "'qty'");
    expectError(await f.call('POST', '/Item', { title: 'x', price: 'cheap' }), 400, "'price'");
    expectError(await f.call('POST', '/Item', { title: 'x', active: 'maybe' }), 400, "'active'");
    expectError(await f.call('POST', '/Item', { title: 'x', sold: 'not a date' }), 400, "'sold'");
    expectError(await f.call('POST', '/Item', { title: 'x'.repeat(501) }), 400, "'title'");
    expectError(await f.call('POST', '/Item', { qty: 1 }), 400, "'title'");
    await f.ok('POST', '/Item', { title: 'dup', code: 'SAME' });
    expectError(await f.call('POST', '/Item', { title: 'dup2', code: 'SAME' }), 409, "'code'");
    expectError(await f.call('POST', '/Item', { title: 'x', objectId: "'; drop table x" }), 400, 'objectId');
    expect(await f.ok('POST', '/Item/count', {})).toBe(41);
  });

  it('bulk create is all or nothing', async () => {
    const res = await f.call('POST', '/bulk/Item', [{ title: 'ok 1' }, { title: 'ok 2', qty: 'bad' }]);
    expectError(res, 400, "'qty'");
    expect(res.json().message).toContain('Record 1');
    const dup = await f.call('POST', '/bulk/Item', [{ title: 'u1', code: 'U' }, { title: 'u2', code: 'U' }]);
    expectError(dup, 409, "'code'");
    expect(await f.ok('POST', '/Item/count', {})).toBe(41);
    const ids = await f.ok('POST', '/bulk/Item', [{ title: 'b1' }, { title: 'b2' }]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9A-F-]{36}$/);
  });

  it('a bulk create of 10,000 records gives the event loop back while it runs, and stays all or nothing', async () => {
    await f.createTable('Big', [{ name: 'n', dataType: 'INT' }, { name: 'code', dataType: 'STRING', unique: true }]);
    const rows = (codes: (n: number) => string) => Array.from({ length: 10_000 }, (_, n) => ({ n, code: codes(n) }));
    // A timer fires only when the event loop is given back; reads meanwhile see none of the rows or all.
    let turns = 0;
    const ticker = setInterval(() => turns++, 1);
    let done = false;
    const bulk = f.call('POST', '/bulk/Big', rows((n) => `c${n}`)).finally(() => (done = true));
    const seen: number[] = [];
    while (!done) seen.push(await f.ok('POST', '/Big/count', {}));
    clearInterval(ticker);
    expect((await bulk).statusCode).toBe(200);
    expect(turns).toBeGreaterThanOrEqual(10);
    expect(seen.filter((c) => c !== 0 && c !== 10_000)).toEqual([]);
    // The last record clashes with a stored code: nothing of the other 9,999 is kept.
    const late = await f.call('POST', '/bulk/Big', rows((n) => (n === 9_999 ? 'c0' : `d${n}`)));
    expectError(late, 409, "'code'");
    expect(await f.ok('POST', '/Big/count', {})).toBe(10_000);
    expect(await f.ok('POST', '/Big/count', { where: "code LIKE 'd%'" })).toBe(0);
  });

  it('bulk upsert updates known objectIds and creates the rest', async () => {
    await f.createTable('Upsert', [{ name: 'v', dataType: 'INT' }]);
    const [a] = await f.ok('POST', '/bulk/Upsert', [{ v: 1 }]);
    const ids = await f.ok('PUT', '/bulkupsert/Upsert', [{ objectId: a, v: 10 }, { v: 20 }, { objectId: 'CHOSEN-ID', v: 30 }]);
    expect(ids[0]).toBe(a);
    expect(ids[2]).toBe('CHOSEN-ID');
    const rows = await f.ok('POST', '/Upsert/find', { sortBy: 'v' });
    expect(rows.map((r: any) => [r.objectId === a, r.v])).toEqual([[true, 10], [false, 20], [false, 30]]);
  });

  it('answers one cell value', async () => {
    const rec = await f.ok('POST', '/Item', { title: 'cell', qty: 3 });
    expect(await f.ok('GET', `/Item/${rec.objectId}/title/retrieve-value`)).toBe('cell');
    expect(await f.ok('GET', `/Item/${rec.objectId}/qty/retrieve-value`)).toBe(3);
    expectError(await f.call('GET', `/Item/${rec.objectId}/ghost/retrieve-value`), 404, "'ghost'");
  });

  it('exports CSV with header, quoting, ISO dates and the chosen columns', async () => {
    await f.createTable('Csv', [{ name: 'name', dataType: 'STRING' }, { name: 'n', dataType: 'INT' }, { name: 'at', dataType: 'DATETIME' }]);
    await f.ok('POST', '/bulk/Csv', [{ name: 'plain', n: 2, at: Date.UTC(2021, 4, 6) }, { name: 'with, comma "q"', n: 1 }]);
    const res = await f.call('POST', '/Csv/csv', { sortBy: 'n', props: 'name,n,at' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toBe('name,n,at\r\n"with, comma ""q""",1,\r\nplain,2,2021-05-06T00:00:00.000Z\r\n');
    const all = await f.call('POST', '/Csv/csv', {});
    expect(all.body.split('\r\n')[0]).toBe('objectId,created,updated,ownerId,name,n,at');
    expect(all.body.trim().split('\r\n')).toHaveLength(3);
  });

  it('deletes all records', async () => {
    await f.createTable('Wipe', [{ name: 'x', dataType: 'INT' }]);
    await f.ok('POST', '/bulk/Wipe', [{ x: 1 }, { x: 2 }, { x: 3 }]);
    expect(await f.ok('DELETE', '/tables/Wipe/all')).toBe(3);
    expect(await f.ok('POST', '/Wipe/count', {})).toBe(0);
  });

  it('keeps Users passwords write-only', async () => {
    const user = await f.ok('POST', '/Users', { email: 'a@example.com', password: 'secret-pass', name: 'A' });
    expect(user).toMatchObject({ email: 'a@example.com', name: 'A', userStatus: 'ENABLED', isEmailConfirmed: false });
    expect('password' in user).toBe(false);
    expectError(await f.call('POST', '/Users', { email: 'a@example.com' }), 409, "'email'");
  });
});
