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
    await expect(client.transfer.importDataServiceFiles(appId, {}, 1)).rejects.toMatchObject({ status: 501 });
    await expect(client.transfer.startImport(appId, {}, 'zip', {})).rejects.toMatchObject({ status: 501 });
  });
});
