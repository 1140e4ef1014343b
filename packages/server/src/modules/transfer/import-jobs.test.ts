import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvImportJob } from '@basalt/shared';
import { buildApp } from '../../app.js';
import { dropAllForTests } from '../../db/dialect.js';
import { describeEachDb, startTestServer, testDbKinds, type TestServer } from '../../test-helpers.js';
import { dataFixture, expectError, type DataFixture } from '../data/data.test-helpers.js';

/** A CSV of `rows` data rows: name, a unique seq, and a unique code. */
function csvOf(rows: number, line: (i: number) => string = (i) => `Row ${i},${i},C${i}`): string {
  const lines = ['name,seq,code'];
  for (let i = 0; i < rows; i++) lines.push(line(i));
  return `${lines.join('\n')}\n`;
}

/** The routes of import jobs, driven as the console drives them, against one server. */
function importJobs(server: () => TestServer, f: () => DataFixture) {
  const base = () => `/${f().appId}/console/import/csv/jobs`;
  const auth = () => ({ authKey: f().authKey });
  return {
    upload: (table: string, csv: string | Buffer, type = 'application/octet-stream') =>
      server().call(
        'POST',
        `${base()}?table=${encodeURIComponent(table)}&fileName=${encodeURIComponent(`${table}.csv`)}`,
        { ...auth(), payload: csv, headers: { 'content-type': type } },
      ),
    dryRun: (id: string, body: object = {}) => server().call('POST', `${base()}/${id}/dry-run`, { ...auth(), body }),
    start: (id: string, body: object = {}) => server().call('POST', `${base()}/${id}/start`, { ...auth(), body }),
    resume: (id: string) => server().call('POST', `${base()}/${id}/resume`, { ...auth(), body: {} }),
    rollBack: (id: string) => server().call('POST', `${base()}/${id}/rollback`, { ...auth(), body: {} }),
    get: async (id: string) => (await server().call('GET', `${base()}/${id}`, auth())).json() as CsvImportJob,
    list: async () => (await server().call('GET', base(), auth())).json() as CsvImportJob[],
    /** Polls until the job satisfies `done` (the scheduler runs it in the background). */
    async until(id: string, done: (job: CsvImportJob) => boolean, timeoutMs = 60_000): Promise<CsvImportJob> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const job = await this.get(id);
        if (done(job)) return job;
        if (Date.now() > end)
          throw new Error(
            `Import job did not get there: ${JSON.stringify({ ...job, rejected: job.rejected.slice(0, 3) })}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

const count = (f: DataFixture, table: string) => f.ok<number>('POST', `/${table}/count`, {});
const audited = async (server: TestServer, f: DataFixture, table: string) => {
  const res = await server.call('GET', `/${f.appId}/console/security/audit-logs?pageSize=100`, { authKey: f.authKey });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ action: string; target: string; summary: string }>)
    .filter((e) => e.target === table && e.action.startsWith('transfer.'))
    .map((e) => e.summary);
};
const markedRows = async (server: TestServer, appId: string, jobId: string) =>
  Number(
    (
      await server.app.basalt.dbs
        .app(appId)
        .selectFrom('_import_job_rows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('job_id', '=', jobId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

describeEachDb('CSV import jobs', (server) => {
  let f: DataFixture;
  const jobs = importJobs(server, () => f);

  beforeAll(async () => {
    f = await dataFixture(server());
  });

  it('streams the file up, dry-runs it, commits every valid row in batches, and audits the job once with its row count', async () => {
    await f.createTable('Reading', [
      { name: 'name', dataType: 'STRING', required: true },
      { name: 'seq', dataType: 'INT' },
      { name: 'code', dataType: 'STRING', unique: true },
    ]);
    // 2,500 rows, of which row 7 has no name and row 2,003 repeats the code of row 3 (another batch).
    const csv = csvOf(2500, (i) => (i === 5 ? `,${i},C${i}` : i === 2001 ? `Row ${i},${i},C1` : `Row ${i},${i},C${i}`));
    const up = await jobs.upload('Reading', csv);
    expect(up.statusCode, up.body).toBe(200);
    const job = up.json() as CsvImportJob;
    expect(job).toMatchObject({
      state: 'uploaded',
      table: 'Reading',
      fileName: 'Reading.csv',
      bytes: Buffer.byteLength(csv),
      rowsDone: 0,
    });

    const dry = await jobs.dryRun(job.id);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      rowsRead: 2500,
      rowsValid: 2498,
      rowsWritten: 0,
      rejectedTotal: 2,
    });
    expect(dry.json().rejected).toEqual([
      { row: 7, column: 'name', message: "Column 'name' is required" },
      { row: 2003, column: 'code', message: "Column 'code' is unique and line 3 of this file has the same value 'C1'" },
    ]);
    expect(await count(f, 'Reading')).toBe(0);

    // Without skipInvalid a rejected row fails the job and what it wrote goes again.
    const strict = (await jobs.upload('Reading', csv)).json() as CsvImportJob;
    expect((await jobs.start(strict.id)).statusCode).toBe(200);
    const failed = await jobs.until(strict.id, (j) => j.state === 'failed');
    expect(failed.error).toContain('Line 7');
    expect(await count(f, 'Reading')).toBe(0);

    const started = await jobs.start(job.id, { skipInvalid: true });
    expect(started.statusCode, started.body).toBe(200);
    const done = await jobs.until(job.id, (j) => j.state === 'committed');
    expect(done).toMatchObject({
      rowsTotal: 2500,
      rowsDone: 2500,
      rowsWritten: 2498,
      rejectedTotal: 2,
      canResume: false,
      canRollBack: false,
    });
    expect(await count(f, 'Reading')).toBe(2498);
    // Committed rows are ordinary rows: no longer marked with the job.
    expect(await markedRows(server(), f.appId, job.id)).toBe(0);
    await expect.poll(() => audited(server(), f, 'Reading')).toEqual(['Imported 2,498 rows into Reading from CSV']);
    // A committed job cannot be rolled back or resumed.
    expectError(await jobs.rollBack(job.id), 409, 'only an unfinished import');
    expectError(await jobs.resume(job.id), 409, 'only an interrupted import');
  });

  it('dry-runs a file of more than 50,000 rows whole, streaming it', async () => {
    await f.createTable('Big', [
      { name: 'name', dataType: 'STRING' },
      { name: 'seq', dataType: 'INT' },
      { name: 'code', dataType: 'STRING', unique: true },
    ]);
    const csv = csvOf(60_000, (i) =>
      i === 59_990 ? `Row ${i},${i},C0` : i === 55_000 ? `Row ${i},xy${i},C${i}` : `Row ${i},${i},C${i}`,
    );
    const job = (await jobs.upload('Big', csv)).json() as CsvImportJob;
    const dry = await jobs.dryRun(job.id);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ rowsRead: 60_000, rowsValid: 59_998, rejectedTotal: 2 });
    expect(dry.json().rejected).toEqual([
      {
        row: 55_002,
        column: 'seq',
        message: "Value 'xy55000' is not valid for column 'seq' (INT): expected a whole number",
      },
      {
        row: 59_992,
        column: 'code',
        message: "Column 'code' is unique and line 2 of this file has the same value 'C0'",
      },
    ]);
    expect((await jobs.get(job.id)).rowsTotal).toBe(60_000);
  }, 120_000);

  it('rolls back a running job: exactly its rows and the columns it created go, the table is as it was', async () => {
    await f.createTable('Keep', [
      { name: 'name', dataType: 'STRING' },
      { name: 'seq', dataType: 'INT' },
    ]);
    await f.ok('POST', '/Keep', { name: 'before 1', seq: -1 });
    await f.ok('POST', '/Keep', { name: 'before 2', seq: -2 });
    const columnsBefore = (await f.ok('GET', '/tables')).tables
      .find((t: { name: string }) => t.name === 'Keep')
      .columns.map((c: { name: string }) => c.name);
    process.env.BASALT_IMPORT_BATCH_PAUSE_MS = '150';
    try {
      const job = (await jobs.upload('Keep', csvOf(6000))).json() as CsvImportJob;
      expect((await jobs.start(job.id, { createColumns: true })).statusCode).toBe(200);
      const mid = await jobs.until(job.id, (j) => j.rowsWritten >= 2000);
      expect(mid.state).toBe('running');
      expect(mid.canRollBack).toBe(true);
      expect((await jobs.list()).some((j) => j.id === job.id && j.state === 'running')).toBe(true);
      const back = await jobs.rollBack(job.id);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ state: 'rolled-back', rowsWritten: 0, canRollBack: false });
    } finally {
      delete process.env.BASALT_IMPORT_BATCH_PAUSE_MS;
    }
    const rows = await f.ok<Array<{ name: string }>>('POST', '/Keep/find', { pageSize: 100, sortBy: ['seq'] });
    expect(rows.map((r) => r.name)).toEqual(['before 2', 'before 1']);
    // The `code` column the job created is gone again; no batch slipped in after the roll back.
    const columnsAfter = (await f.ok('GET', '/tables')).tables
      .find((t: { name: string }) => t.name === 'Keep')
      .columns.map((c: { name: string }) => c.name);
    expect(columnsAfter).toEqual(columnsBefore);
    await new Promise((r) => setTimeout(r, 400));
    expect(await count(f, 'Keep')).toBe(2);
    expect(await audited(server(), f, 'Keep')).toContainEqual(
      expect.stringMatching(/^Rolled back the import of Keep\.csv into Keep \(\d{1,3}(,\d{3})* rows removed\)$/),
    );
  }, 60_000);

  it('refuses what it cannot take with a clear 4xx', async () => {
    expectError(await jobs.upload('NoSuchTable', 'a\n1\n'), 404, "Table 'NoSuchTable' does not exist");
    await f.createTable('Edge', [{ name: 'name', dataType: 'STRING' }]);
    expectError(await jobs.upload('Edge', ''), 400, 'empty');
    expectError(await jobs.upload('Edge', Buffer.from('name\na\u0000b\n')), 400, 'NUL');
    expectError(
      await server().call('POST', `/${f.appId}/console/import/csv/jobs?table=Edge`, {
        authKey: f.authKey,
        body: { csv: 'name\na' },
      }),
      400,
      'Send the file itself',
    );
    expectError(
      await server().call('POST', `/${f.appId}/console/import/csv/jobs`, {
        authKey: f.authKey,
        payload: 'name\na',
        headers: { 'content-type': 'text/csv' },
      }),
      400,
    );
    expect(
      (
        await server().call('POST', `/${f.appId}/console/import/csv/jobs?table=Edge`, {
          payload: 'name\na',
          headers: { 'content-type': 'text/csv' },
        })
      ).statusCode,
    ).toBe(401);
    expectError(await jobs.dryRun('no-such-job'), 404, 'does not exist');
    const bad = (await jobs.upload('Edge', 'name\n"never closed\n', 'text/csv')).json() as CsvImportJob;
    expectError(await jobs.dryRun(bad.id), 400, 'never closed');
    expectError(await jobs.dryRun(bad.id, { delimiter: 'x' }), 400);
    expectError(await jobs.resume(bad.id), 409, 'only an interrupted import');
    expect((await jobs.start(bad.id)).statusCode).toBe(200);
    expectError(await jobs.start(bad.id), 409, 'started already');
    expect((await jobs.until(bad.id, (j) => j.state === 'failed')).error).toContain('never closed');
  });
});

/**
 * Interruption: the server stops while a job runs (its job runner with it); a new server on the
 * same database shows the job interrupted after its last committed batch, and Resume finishes it
 * with every row exactly once.
 */
for (const kind of testDbKinds()) {
  describe(`CSV import jobs across a server restart [${kind}]`, () => {
    let first: TestServer;
    let second: TestServer | undefined;
    let f: DataFixture;
    // The fixture talks to whichever server is up: the first, then the one started after it.
    const current = () => second ?? first;
    const proxy = { call: (...args: Parameters<TestServer['call']>) => current().call(...args) } as TestServer;

    beforeAll(async () => {
      first = await startTestServer(kind);
      f = await dataFixture(proxy);
    });
    afterAll(async () => {
      delete process.env.BASALT_IMPORT_BATCH_PAUSE_MS;
      const last = second ?? first;
      if (last.kind === 'postgres') await dropAllForTests(last.app.basalt.dbs);
      await last.app.close();
      fs.rmSync(first.config.dataDir, { recursive: true, force: true });
    });

    it('a job stopped mid-way stays visible as interrupted, and Resume commits each row once', async () => {
      await f.createTable('Restart', [
        { name: 'name', dataType: 'STRING' },
        { name: 'seq', dataType: 'INT', unique: true },
        { name: 'code', dataType: 'STRING' },
      ]);
      let jobs = importJobs(
        () => first,
        () => f,
      );
      const job = (await jobs.upload('Restart', csvOf(5000))).json() as CsvImportJob;
      process.env.BASALT_IMPORT_BATCH_PAUSE_MS = '200';
      expect((await jobs.start(job.id)).statusCode).toBe(200);
      await jobs.until(job.id, (j) => j.rowsWritten >= 2000);

      // The server (and its job runner) stops mid-import.
      await first.app.close();
      delete process.env.BASALT_IMPORT_BATCH_PAUSE_MS;
      const app = await buildApp(first.config);
      await app.ready();
      second = {
        ...first,
        app,
        call: (method, url, opts = {}) =>
          app.inject({
            method,
            url,
            headers: { ...(opts.authKey ? { 'auth-key': opts.authKey } : {}), ...(opts.headers ?? {}) },
            ...(opts.payload !== undefined
              ? { payload: opts.payload }
              : opts.body !== undefined
                ? { payload: opts.body as object }
                : {}),
          }),
      };
      const s = second;
      jobs = importJobs(
        () => s,
        () => f,
      );

      const stopped = await jobs.get(job.id);
      expect(stopped).toMatchObject({ state: 'interrupted', canResume: true, canRollBack: true });
      expect(stopped.rowsDone).toBeGreaterThanOrEqual(2000);
      expect(stopped.rowsDone).toBeLessThan(5000);
      expect(stopped.rowsDone % 1000).toBe(0);
      // The rows of the committed batches are in the table, each marked with the job.
      expect(await count(f, 'Restart')).toBe(stopped.rowsWritten);
      expect(await markedRows(s, f.appId, job.id)).toBe(stopped.rowsWritten);
      expect((await jobs.list()).find((j) => j.id === job.id)?.state).toBe('interrupted');

      const resumed = await jobs.resume(job.id);
      expect(resumed.statusCode, resumed.body).toBe(200);
      const done = await jobs.until(job.id, (j) => j.state === 'committed');
      expect(done).toMatchObject({ rowsDone: 5000, rowsWritten: 5000, rejectedTotal: 0 });
      expect(await count(f, 'Restart')).toBe(5000);
      const seqs = await s.call('POST', `/${f.appId}/console/data/Restart/find`, {
        authKey: f.authKey,
        body: { pageSize: 100, sortBy: ['seq desc'], props: ['seq'] },
      });
      expect(seqs.json()[0].seq).toBe(4999);
      expect(await markedRows(s, f.appId, job.id)).toBe(0);
    }, 120_000);

    it('a job whose process died (still recorded as running) becomes interrupted when its job runs again', async () => {
      const s = second!;
      const jobs = importJobs(
        () => s,
        () => f,
      );
      await f.createTable('Died', [
        { name: 'name', dataType: 'STRING' },
        { name: 'seq', dataType: 'INT' },
        { name: 'code', dataType: 'STRING' },
      ]);
      const job = (await jobs.upload('Died', csvOf(10))).json() as CsvImportJob;
      // What a killed process leaves: the job running under a runner that is gone, its scheduler job due again.
      await s.app.basalt.dbs
        .app(f.appId)
        .updateTable('_import_jobs')
        .set({
          state: 'running',
          runner: 'gone:1:abc',
          options: '{"hasHeader":true,"delimiter":",","createColumns":false,"skipInvalid":false}',
        })
        .where('id', '=', job.id)
        .execute();
      await s.app.basalt.jobs.add({
        id: job.id,
        kind: 'transfer.csv-import',
        appId: f.appId,
        payload: { appId: f.appId, id: job.id },
        runAt: Date.now(),
      });
      const seen = await jobs.until(job.id, (j) => j.updated > job.updated);
      expect(seen).toMatchObject({
        state: 'interrupted',
        canResume: true,
        error: 'The server stopped while the import ran',
      });
      expect((await jobs.resume(job.id)).statusCode).toBe(200);
      expect(await jobs.until(job.id, (j) => j.state === 'committed')).toMatchObject({ rowsWritten: 10 });
      expect(await count(f, 'Died')).toBe(10);
    });
  });
}
