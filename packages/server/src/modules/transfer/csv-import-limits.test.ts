import { beforeAll, expect, it } from 'vitest';
import { DevOperations } from '@basalt/shared';
import { describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { dataFixture, expectError, type DataFixture } from '../data/data.test-helpers.js';

/** CSV import in chunks, its size limits, the transfer kinds not built yet, and who may import. */
describeEachDb('CSV import: chunks, limits and permissions', (server) => {
  let f: DataFixture;
  const post = (url: string, body: unknown, authKey = f.authKey) =>
    server().call('POST', `/${f.appId}/console/${url}`, {
      authKey,
      ...(typeof body === 'string' ? { payload: body, headers: { 'content-type': 'text/csv' } } : { body }),
    });

  beforeAll(async () => {
    f = await dataFixture(server());
    await f.createTable('Reading', [
      { name: 'sensor', dataType: 'STRING', required: true },
      { name: 'seq', dataType: 'INT', unique: true },
      { name: 'value', dataType: 'DOUBLE' },
      { name: 'at', dataType: 'DATETIME' },
    ]);
  });

  it('imports 10,000 rows sent as 5 chunks of 2,000, each with the header line', async () => {
    const header = 'sensor,seq,value,at';
    const lines = Array.from(
      { length: 10_000 },
      (_, i) => `"s-${i % 7}",${i},${(i / 4).toFixed(2)},2024-01-01 00:${String(i % 60).padStart(2, '0')}`,
    );
    for (let c = 0; c < 5; c++) {
      const chunk = [header, ...lines.slice(c * 2000, (c + 1) * 2000)].join('\r\n');
      const res = await post(`import/csv?table=Reading&firstLine=${2 + c * 2000}`, { csv: chunk });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json()).toMatchObject({ rowsRead: 2000, rowsValid: 2000, rowsWritten: 2000, rejectedTotal: 0 });
    }
    expect(await f.ok('POST', '/Reading/count', {})).toBe(10_000);
    const [last] = await f.ok('POST', '/Reading/find', { where: 'seq = 9999', props: 'sensor,seq,value,at' });
    expect(last).toEqual({
      sensor: 's-3',
      seq: 9999,
      value: 2499.75,
      at: Date.UTC(2024, 0, 1, 0, 39),
      ___class: 'Reading',
    });

    // A later chunk that repeats stored values reports them with the line numbers of the whole file.
    const again = await post('import/csv?table=Reading&dryRun=true&firstLine=8002', {
      csv: `${header}\nnew,20000,1,\nold,8000,1,\n`,
    });
    expect(again.json().rejected).toEqual([
      { row: 8003, column: 'seq', message: "Column 'seq' is unique and a stored record already has the value '8000'" },
    ]);
  });

  it('caps the listed rejected rows at 1000 and counts them all', async () => {
    const csv = `sensor,seq\n${Array.from({ length: 1500 }, (_, i) => `,${100_000 + i}`).join('\n')}`;
    const res = await post('import/csv?table=Reading&dryRun=true', { csv });
    expect(res.json()).toMatchObject({ rowsRead: 1500, rowsValid: 0, rejectedTotal: 1500 });
    expect(res.json().rejected).toHaveLength(1000);
    expect(res.json().rejected[999]).toEqual({ row: 1001, column: 'sensor', message: "Column 'sensor' is required" });
  });

  it('refuses bodies over 10 MB, more than 50,000 rows or 200 columns', async () => {
    const big = `sensor\n${'x'.repeat(10 * 1024 * 1024)}\n`;
    expectError(await post('import/csv?table=Reading', { csv: big }), 413);
    expectError(await post('import/csv?table=Reading', big), 413);
    expectError(
      await post('import/csv?table=Reading&dryRun=true', `sensor\n${'a\n'.repeat(50_001)}`),
      413,
      'at most 50000 rows',
    );
    expect(
      (await post('import/csv?table=Reading&dryRun=true', `sensor\n${'a\n'.repeat(50_000)}`)).json(),
    ).toMatchObject({ rowsRead: 50_000, rowsValid: 50_000 });
    const wide = Array.from({ length: 201 }, (_, i) => `c${i}`).join(',');
    expectError(await post('import/csv?table=Reading', { csv: `${wide}\n` }), 400, 'more than 200 cells');
  });

  it('answers clean 4xx for malformed input, a missing table and other transfer kinds', async () => {
    expectError(await post('import/csv?table=Nope', { csv: 'a\n1\n' }), 404, "Table 'Nope' does not exist");
    expectError(await post('import/csv', { csv: 'a\n1\n' }), 400, "'table' is required");
    expectError(
      await post('import/csv?table=Reading', { csv: 'sensor\n"open\n' }),
      400,
      'A quoted cell that starts on line 2 is never closed',
    );
    expectError(
      await post('import/csv?table=Reading&firstLine=1002', { csv: 'sensor\nok\n"open\n' }),
      400,
      'A quoted cell that starts on line 1003 is never closed',
    );
    expectError(await post('import/csv?table=Reading', { csv: '' }), 400, 'empty');
    expectError(await post('import/csv?table=Reading', { csv: 'sensor\n' }), 400, 'no data rows');
    expectError(await post('import/csv?table=Reading', { nothing: true }), 400);
    expect(
      (await post('import/csv?table=Reading&dryRun=true', { csv: 'sensor,seq\nx,1,extra\n' })).json().rejected,
    ).toEqual([{ row: 2, message: 'The row has 3 cells but the header names 2 columns' }]);

    expectError(await post('import/json?table=Reading', { csv: 'a' }), 501, "Import of 'json' files");
    expectError(await post('import/data/1', {}), 400, "Unknown import step '1'");
    // Firebase users and Airtable are built (firebase-users.test.ts, airtable-import.test.ts): bad bodies are 400s.
    expectError(await post('import/firebase/users', {}), 400);
    expectError(await post('airtable', { accessToken: 't', baseId: 'b', tables: [] }), 400);
    expectError(
      await server().call('POST', `/${f.appId}/console/import/csv?table=Reading`, { body: { csv: 'a' } }),
      401,
    );
  });

  it('needs only the objects operation (46) of a team member', async () => {
    const mate = await registerDeveloper(server());
    await server().call('POST', `/${f.appId}/console/devteam`, { authKey: f.authKey, body: { email: mate.email } });
    const setPermissions = (body: unknown) =>
      server().call('PUT', `/${f.appId}/console/devteam/${mate.id}/permissions`, { authKey: f.authKey, body });
    const others = [
      DevOperations.TABLES,
      DevOperations.COLUMNS,
      DevOperations.IMPORT,
      DevOperations.EXPORT,
      DevOperations.DYNAMIC_SCHEMA,
    ];
    expect(
      (
        await setPermissions([
          ...others.map((operation) => ({ operation, access: 'DENY' })),
          { operation: DevOperations.OBJECTS, access: 'GRANT' },
        ])
      ).statusCode,
    ).toBe(200);
    const ok = await post('import/csv?table=Reading', { csv: 'sensor,seq\nteam,50000\n' }, mate.authKey);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().rowsWritten).toBe(1);

    expect((await setPermissions([{ operation: DevOperations.OBJECTS, access: 'DENY' }])).statusCode).toBe(200);
    const denied = await post(
      'import/csv?table=Reading&dryRun=true',
      { csv: 'sensor,seq\nteam,50001\n' },
      mate.authKey,
    );
    expectError(denied, 403);
    expect(denied.json().details?.operation).toBe(DevOperations.OBJECTS);
  });
});
