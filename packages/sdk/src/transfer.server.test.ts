/** The SDK's `transfer` group against the real server, on both databases. */
import { expect, it } from 'vitest';
import { describeAgainstServer } from './server-session.test-helpers.js';

describeAgainstServer('SDK transfer against the server', (session) => {
  it('dry-runs, then imports a CSV file in chunks with progress, in file line numbers', async () => {
    const { client, appId } = session();
    const table = await client.tables.create(appId, { name: 'Contact' });
    await client.tables.createColumn(appId, table, { name: 'name', dataType: 'STRING', required: true });
    await client.tables.createColumn(appId, table, { name: 'email', dataType: 'STRING', unique: true });
    await client.tables.createColumn(appId, table, { name: 'vip', dataType: 'BOOLEAN' });

    const rows = Array.from({ length: 25 }, (_, i) => `"Name ${i}, Jr.",c${i}@example.com,${i % 2 ? 'yes' : 'no'}`);
    rows[17] = ',nobody@example.com,no'; // line 19 of the file: no name
    const csv = ['Name,Email,VIP,Notes', ...rows].join('\r\n');
    const options = { table: 'Contact', rowsPerChunk: 10, mapping: { Name: 'name', Email: 'email', VIP: 'vip' } };

    const dry = await client.transfer.importCsvInChunks(appId, csv, { ...options, dryRun: true });
    expect(dry).toMatchObject({
      dryRun: true,
      rowsRead: 25,
      rowsValid: 24,
      rowsWritten: 0,
      rejectedTotal: 1,
      ignoredColumns: ['Notes'],
    });
    expect(dry.rejected).toEqual([{ row: 19, column: 'name', message: "Column 'name' is required" }]);
    expect(await client.tables.getRecordsCount(appId, table, {})).toBe(0);

    // All or nothing per request: the chunk holding the bad row is refused with the report.
    const refused = await client.transfer
      .startImport(appId, { csv: ['Name,Email', ',x@example.com'].join('\n') }, 'csv', { table: 'Contact' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', details: { rowsWritten: 0, rejectedTotal: 1 } },
    });

    const progress: number[] = [];
    const done = await client.transfer.importCsvInChunks(appId, csv, {
      ...options,
      skipInvalid: true,
      onProgress: (p) => progress.push(p.rowsDone),
    });
    expect(progress).toEqual([10, 20, 25]);
    expect(done).toMatchObject({ rowsRead: 25, rowsWritten: 24, rejectedTotal: 1 });
    const found = await client.tables.loadRecords(appId, table, { where: "email = 'c3@example.com'", sqlSearch: true });
    expect(found.data).toEqual([expect.objectContaining({ name: 'Name 3, Jr.', email: 'c3@example.com', vip: true })]);
  });

  it('the transfer kinds not built yet reject with 501; exports answer their list', async () => {
    const { client, appId } = session();
    await expect(client.transfer.getExportedData(appId)).resolves.toEqual([]);
    await expect(client.transfer.startImport(appId, {}, 'zip', {})).rejects.toMatchObject({ status: 501 });
  });

  it('imports a CSV file in steps into a new table: upload, preview, run, status', async () => {
    const { client, appId } = session();
    const lines = ['name,qty,price,measured,ok,note'];
    for (let i = 0; i < 1500; i++)
      lines.push(
        `"Sensor ${i}, north",${i},${i}.5,2026-01-${String((i % 28) + 1).padStart(2, '0')},${i % 2 ? 'true' : 'false'},`,
      );
    const content = lines.join('\n');

    const up = await client.transfer.importDataServiceFiles(
      appId,
      { table: 'Reading', content, fileName: 'r.csv' },
      'upload',
    );
    expect(up).toMatchObject({ step: 'upload', table: 'Reading', newTable: true, fileName: 'r.csv', rowsTotal: 1500 });
    expect(up.columns).toEqual([
      { header: 'name', column: 'name', type: 'STRING', exists: false },
      { header: 'qty', column: 'qty', type: 'INT', exists: false },
      { header: 'price', column: 'price', type: 'DOUBLE', exists: false },
      { header: 'measured', column: 'measured', type: 'DATETIME', exists: false },
      { header: 'ok', column: 'ok', type: 'BOOLEAN', exists: false },
      { header: 'note', column: 'note', type: 'STRING', exists: false },
    ]);
    expect(up.preview?.[0]).toEqual(['Sensor 0, north', '0', '0.5', '2026-01-01', 'false', null]);
    expect(up.preview).toHaveLength(10);
    // Nothing exists yet: the table is created by the run.
    expect((await client.tables.get(appId)).tables.some((t) => t.name === 'Reading')).toBe(false);

    // The mapping: `note` left out, `qty` renamed to `amount` and made a BOOLEAN: every row but 0 and 1 fails.
    const strict = await client.transfer.importDataServiceFiles(
      appId,
      {
        importId: up.importId,
        columns: [
          { header: 'qty', column: 'amount', type: 'BOOLEAN' },
          { header: 'note', column: null },
        ],
      },
      'preview',
    );
    expect(strict.check).toMatchObject({
      dryRun: true,
      rowsRead: 1500,
      rowsValid: 2,
      rejectedTotal: 1498,
      rowsWritten: 0,
    });
    expect(strict.check?.rejected[0]).toMatchObject({ row: 4, column: 'amount' });
    const preview = await client.transfer.importDataServiceFiles(
      appId,
      {
        importId: up.importId,
        columns: [
          { header: 'qty', column: 'amount', type: 'INT' },
          { header: 'note', column: null },
        ],
      },
      'mapping',
    );
    expect(preview.check).toMatchObject({
      rowsRead: 1500,
      rowsValid: 1500,
      rejectedTotal: 0,
      createdColumns: ['name', 'amount', 'price', 'measured', 'ok'],
    });
    expect((await client.tables.get(appId)).tables.some((t) => t.name === 'Reading')).toBe(false);

    const run = await client.transfer.importDataServiceFiles(appId, { importId: up.importId }, 'run');
    expect(run).toMatchObject({ step: 'run', job: { id: up.importId } });
    let status = run;
    for (let i = 0; i < 200 && status.job?.state !== 'committed' && status.job?.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = await client.transfer.importDataServiceFiles(appId, { importId: up.importId }, 'status');
    }
    expect(status).toMatchObject({ step: 'status', progress: 100, job: { state: 'committed', rowsWritten: 1500 } });

    const table = (await client.tables.get(appId)).tables.find((t) => t.name === 'Reading')!;
    const types = Object.fromEntries(table.columns.filter((c) => !c.system).map((c) => [c.name, c.dataType]));
    expect(types).toEqual({ name: 'STRING', amount: 'INT', price: 'DOUBLE', measured: 'DATETIME', ok: 'BOOLEAN' });
    expect(await client.tables.getRecordsCount(appId, table, {})).toBe(1500);
    const found = await client.tables.loadRecords(appId, table, { where: 'amount = 7', sqlSearch: true });
    expect(found.data).toEqual([
      expect.objectContaining({
        name: 'Sensor 7, north',
        amount: 7,
        price: 7.5,
        ok: true,
        measured: Date.UTC(2026, 0, 8),
      }),
    ]);
    // A finished import takes no more steps.
    await expect(client.transfer.importDataServiceFiles(appId, { importId: up.importId }, 'run')).rejects.toMatchObject(
      {
        status: 409,
      },
    );
  });

  it('refuses a bad CSV file, an unknown step and an unknown import, writing nothing', async () => {
    const { client, appId } = session();
    const step = (data: Record<string, unknown>, name: string) =>
      client.transfer.importDataServiceFiles(appId, data, name).catch((e: { status: number; message: string }) => e);

    const quotes = await step({ table: 'Broken', content: 'a,b\n1,"open\n2,3' }, 'upload');
    expect(quotes).toMatchObject({ status: 400, message: expect.stringContaining('line 2') });
    const noHeader = await step({ table: 'Broken', content: '' }, 'upload');
    expect(noHeader).toMatchObject({ status: 400, message: expect.stringContaining('no header line') });
    const twice = await step({ table: 'Broken', content: 'a,A\n1,2' }, 'upload');
    expect(twice).toMatchObject({ status: 400, message: expect.stringContaining("'A' twice") });
    const big = await step({ table: 'Broken', content: `a\n${'x'.repeat(9 * 1024 * 1024)}` }, 'upload');
    expect(big).toMatchObject({ status: 400, message: expect.stringContaining('too large') });
    expect(await step({ table: 'Broken' }, 'upload')).toMatchObject({
      status: 400,
      message: expect.stringContaining("'content'"),
    });
    expect((await client.tables.get(appId)).tables.some((t) => t.name === 'Broken')).toBe(false);
    expect(await client.transfer.listCsvImportJobs(appId, { table: 'Broken' })).toEqual([]);

    expect(await step({ importId: 'x' }, 'invalid-step')).toMatchObject({
      status: 400,
      message: expect.stringContaining("Unknown import step 'invalid-step'"),
    });
    expect(await step({ importId: 'nope' }, 'preview')).toMatchObject({
      status: 404,
      message: expect.stringContaining("Import 'nope' does not exist"),
    });
    expect(await step({}, 'status')).toMatchObject({ status: 400, message: expect.stringContaining("'importId'") });

    // Into an existing table: matched by name, a row that breaks a rule is named by the preview.
    const table = await client.tables.create(appId, { name: 'Member' });
    await client.tables.createColumn(appId, table, { name: 'email', dataType: 'STRING', required: true });
    const up = await client.transfer.importDataServiceFiles(
      appId,
      { table: 'Member', content: 'Email,age\na@x.io,31\n,40' },
      'upload',
    );
    expect(up).toMatchObject({ newTable: false });
    expect(up.columns).toEqual([
      { header: 'Email', column: 'email', type: 'STRING', exists: true },
      { header: 'age', column: 'age', type: 'INT', exists: false },
    ]);
    const checked = await client.transfer.importDataServiceFiles(appId, { importId: up.importId }, 'preview');
    expect(checked.check).toMatchObject({ rowsValid: 1, rejectedTotal: 1, rejected: [{ row: 3, column: 'email' }] });
    expect(await client.tables.getRecordsCount(appId, table, {})).toBe(0);
  });
});
