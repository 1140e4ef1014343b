import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { dataFixture, expectError, type DataFixture } from '../data/data.test-helpers.js';

/** CSV import of records through the console route, as the console's import dialog uses it. */
describeEachDb('CSV import of records', (server) => {
  let f: DataFixture;
  const importCsv = (query: string, body: unknown, headers?: Record<string, string>) =>
    server().call('POST', `/${f.appId}/console/import/csv?${query}`, {
      authKey: f.authKey,
      ...(typeof body === 'string' ? { payload: body, headers: { 'content-type': 'text/csv', ...headers } } : { body }),
    });
  const count = (table: string) => f.ok<number>('POST', `/${table}/count`, {});
  const find = (table: string, body: Record<string, unknown> = {}) =>
    f.ok<Array<Record<string, unknown>>>('POST', `/${table}/find`, { pageSize: 100, ...body });

  const MIXED = [
    'title,qty,price,active,sold,code,extra',
    'Widget,1,2.5,yes,2024-03-01,A1,zzz',
    ',2,1,true,,A2,',
    'Gadget,x,1,true,,A3,',
    'Gizmo,3,1.5,maybe,,A4,',
    'Thing,4,1,no,2024-02-30,A5,',
    'Dup,5,1,1,,A1,',
    'Old,6,1,0,,TAKEN,',
    'Fine,7,"1.75",,1700000000000,,',
  ].join('\n');
  const MIXED_REJECTED = [
    { row: 3, column: 'title', message: "Column 'title' is required" },
    { row: 4, column: 'qty', message: "Value 'x' is not valid for column 'qty' (INT): expected a whole number" },
    {
      row: 5,
      column: 'active',
      message: "Value 'maybe' is not valid for column 'active' (BOOLEAN): expected true, false, yes, no, 1 or 0",
    },
    {
      row: 6,
      column: 'sold',
      message:
        "Value '2024-02-30' is not valid for column 'sold' (DATETIME): expected epoch milliseconds, an ISO 8601 date or yyyy-mm-dd[ hh:mm[:ss]]",
    },
    { row: 7, column: 'code', message: "Column 'code' is unique and line 2 of this file has the same value 'A1'" },
    { row: 8, column: 'code', message: "Column 'code' is unique and a stored record already has the value 'TAKEN'" },
  ];

  beforeAll(async () => {
    f = await dataFixture(server());
    await f.createTable('Item', [
      { name: 'title', dataType: 'STRING', required: true },
      { name: 'qty', dataType: 'INT' },
      { name: 'price', dataType: 'DOUBLE' },
      { name: 'active', dataType: 'BOOLEAN', defaultValue: true },
      { name: 'sold', dataType: 'DATETIME' },
      { name: 'code', dataType: 'STRING', unique: true },
    ]);
    await f.ok('POST', '/Item', { title: 'Stored', code: 'TAKEN' });
  });

  it('a dry run lists every row that would fail and why, and writes nothing', async () => {
    const res = await importCsv('table=Item&dryRun=true', { csv: MIXED });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      table: 'Item',
      dryRun: true,
      rowsRead: 8,
      rowsValid: 2,
      rowsWritten: 0,
      rejected: MIXED_REJECTED,
      rejectedTotal: 6,
      ignoredColumns: ['extra'],
      createdColumns: [],
    });
    expect(await count('Item')).toBe(1);
  });

  it('a real import with rejected rows is refused whole unless skipInvalid, then writes the valid ones', async () => {
    const refused = await importCsv('table=Item', { csv: MIXED });
    expectError(refused, 400, '6 of 8 rows are not valid; nothing was imported');
    expect(refused.json().details).toMatchObject({ rowsWritten: 0, rowsValid: 2, rejected: MIXED_REJECTED });
    expect(await count('Item')).toBe(1);

    const res = await importCsv('table=Item&skipInvalid=true', { csv: MIXED });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, rowsRead: 8, rowsValid: 2, rowsWritten: 2, rejectedTotal: 6 });
    const rows = await find('Item', {
      where: "title in ('Widget', 'Fine')",
      sortBy: 'title',
      props: 'title,qty,price,active,sold,code',
    });
    expect(rows).toEqual([
      { title: 'Fine', qty: 7, price: 1.75, active: true, sold: 1700000000000, code: null, ___class: 'Item' },
      { title: 'Widget', qty: 1, price: 2.5, active: true, sold: Date.UTC(2024, 2, 1), code: 'A1', ___class: 'Item' },
    ]);

    // Nothing valid left: refused, never a success that wrote nothing.
    const none = await importCsv('table=Item&skipInvalid=true', { csv: 'title,code\nAgain,A1\n' });
    expectError(none, 400, 'None of the 1 rows is valid');
    expect(await count('Item')).toBe(3);
  });

  it('records one audit entry per import, adding up its chunks, and none for a dry run', async () => {
    await f.createTable('Audited', [{ name: 'name', dataType: 'STRING' }]);
    const audited = async () => {
      const res = await server().call('GET', `/${f.appId}/console/security/audit-logs?pageSize=100`, {
        authKey: f.authKey,
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data as Array<{ action: string; target: string; summary: string }>).filter(
        (e) => e.target === 'Audited' && e.action.startsWith('transfer.'),
      );
    };
    expect((await importCsv('table=Audited&dryRun=true', { csv: 'name\na\nb' })).statusCode).toBe(200);
    expect(await audited()).toEqual([]);
    expect((await importCsv('table=Audited&firstLine=2', { csv: 'name\na\nb' })).statusCode).toBe(200);
    expect((await importCsv('table=Audited&firstLine=4', { csv: 'name\nc' })).statusCode).toBe(200);
    expect((await audited()).map((e) => e.summary)).toEqual(['Imported 3 rows into Audited from CSV in 2 parts']);
    // A new import of the same table (starting at the top of its file again) is a new entry.
    expect((await importCsv('table=Audited&firstLine=2', { csv: 'name\nd' })).statusCode).toBe(200);
    expect((await audited()).map((e) => e.summary)).toEqual([
      'Imported 1 row into Audited from CSV',
      'Imported 3 rows into Audited from CSV in 2 parts',
    ]);
  });

  it('imports quotes, commas and line breaks inside cells, from JSON or a raw text/csv body', async () => {
    await f.createTable('Note', [
      { name: 'title', dataType: 'STRING' },
      { name: 'body', dataType: 'TEXT' },
    ]);
    const csv = 'title,body\r\n"Smith, John","He said ""hi""\r\nthen left"\r\n"",plain\r\nLast,"a,b\nc"\r\n';
    const res = await importCsv('table=Note', { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rowsRead: 3, rowsWritten: 3, rejected: [] });
    const semi = await server().call('POST', `/${f.appId}/console/import/csv?table=Note&delimiter=;`, {
      authKey: f.authKey,
      payload: '\ufeffbody;title\nraw body;"semi;colon"\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(semi.statusCode, semi.body).toBe(200);
    expect(semi.json()).toMatchObject({ rowsWritten: 1 });
    const notes = await find('Note', { sortBy: 'created,title', props: 'title,body' });
    expect(notes.map(({ title, body }) => ({ title, body }))).toEqual(
      expect.arrayContaining([
        { title: 'Smith, John', body: 'He said "hi"\r\nthen left' },
        { title: '', body: 'plain' },
        { title: 'Last', body: 'a,b\nc' },
        { title: 'semi;colon', body: 'raw body' },
      ]),
    );
  });

  it('maps CSV headers to columns, leaves out what maps to null and reports unknown headers', async () => {
    await f.createTable('Person', [
      { name: 'name', dataType: 'STRING' },
      { name: 'age', dataType: 'INT' },
    ]);
    const csv = 'Full name,Years,Internal,Nickname,created\nAda,36,x,A,2020-01-01\n';
    const res = await importCsv('table=Person', {
      csv,
      mapping: { 'Full name': 'name', Years: 'age', Internal: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rowsWritten: 1, ignoredColumns: ['Internal', 'Nickname', 'created'] });
    expect((await find('Person', { props: 'name,age' }))[0]).toEqual({ name: 'Ada', age: 36, ___class: 'Person' });

    const positional = await importCsv('table=Person', {
      csv: 'Bob,40\n',
      hasHeader: false,
      mapping: { 1: 'name', 2: 'age' },
    });
    expect(positional.json()).toMatchObject({ rowsWritten: 1, ignoredColumns: [] });
    expectError(
      await importCsv('table=Person', { csv: 'a\n1\n', mapping: { a: 'nope' } }),
      400,
      "column 'nope', which does not exist in table 'Person'",
    );
    expectError(await importCsv('table=Person', { csv: 'name,NAME\nx,y\n' }), 400, "both go to column 'name'");
    expectError(
      await importCsv('table=Person', { csv: 'name\nx\n', mapping: { missing: 'name' } }),
      400,
      "'missing', which is not in the header",
    );
  });

  it('refuses values repeated in a unique column within the file, writing nothing', async () => {
    await f.createTable('Sku', [
      { name: 'code', dataType: 'STRING', unique: true },
      { name: 'n', dataType: 'INT' },
    ]);
    const csv = 'code,n\nK1,1\nK2,2\nK1,3\nK3,4\nK2,5\n';
    const dry = await importCsv('table=Sku&dryRun=true', { csv });
    expect(dry.json().rejected).toEqual([
      { row: 4, column: 'code', message: "Column 'code' is unique and line 2 of this file has the same value 'K1'" },
      { row: 6, column: 'code', message: "Column 'code' is unique and line 3 of this file has the same value 'K2'" },
    ]);
    expectError(await importCsv('table=Sku', { csv }), 400, '2 of 5 rows are not valid');
    expect(await count('Sku')).toBe(0);
    const ids = await importCsv('table=Sku', { csv: 'objectId,code\nsku-1,Z1\nsku-1,Z2\n', hasHeader: true });
    expect(ids.json().details.rejected).toEqual([
      {
        row: 3,
        column: 'objectId',
        message: "Column 'objectId' is unique and line 2 of this file has the same value 'sku-1'",
      },
    ]);
  });

  it('creates columns for unknown headers with createColumns, only on a real import', async () => {
    await f.createTable('Lead', [{ name: 'email', dataType: 'STRING' }]);
    const csv = 'email,source\na@example.com,fair\n';
    const dry = await importCsv('table=Lead&createColumns=true&dryRun=true', { csv });
    expect(dry.json()).toMatchObject({ rowsValid: 1, rowsWritten: 0, createdColumns: ['source'], ignoredColumns: [] });
    const { tables } = await f.ok('GET', '/tables');
    expect(
      tables.find((t: { name: string }) => t.name === 'Lead').columns.map((c: { name: string }) => c.name),
    ).not.toContain('source');
    const res = await importCsv('table=Lead&createColumns=true', { csv });
    expect(res.json()).toMatchObject({ rowsWritten: 1, createdColumns: ['source'] });
    expect((await find('Lead', { props: 'email,source' }))[0]).toEqual({
      email: 'a@example.com',
      source: 'fair',
      ___class: 'Lead',
    });
    expectError(
      await importCsv('table=Lead&createColumns=true&dryRun=true', { csv: 'email,bad name\nx,y\n' }),
      400,
      "Column name 'bad name' is not valid",
    );
  });

  it('sets relations from related ids and rejects ids that do not exist', async () => {
    await f.createTable('Customer', [{ name: 'name', dataType: 'STRING' }]);
    const ada = await f.ok('POST', '/Customer', { name: 'Ada' });
    await f.createTable('Invoice', [
      { name: 'no', dataType: 'INT' },
      { name: 'customer', dataType: 'DATA_REF', toTableName: 'Customer', relationshipType: 'ONE_TO_ONE' },
    ]);
    const csv = `no,customer\n1,${ada.objectId}\n2,missing-id\n3,\n`;
    const res = await importCsv('table=Invoice&skipInvalid=true', { csv });
    expect(res.json()).toMatchObject({
      rowsWritten: 2,
      rejected: [{ row: 3, column: 'customer', message: "Record 'missing-id' does not exist in table 'Customer'" }],
    });
    const rows = await find('Invoice', { sortBy: 'no', loadRelations: 'customer' });
    expect(rows.map((r) => [r.no, (r.customer as { name?: string } | null)?.name ?? null])).toEqual([
      [1, 'Ada'],
      [3, null],
    ]);
  });
});
