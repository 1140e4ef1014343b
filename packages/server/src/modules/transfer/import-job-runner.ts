import crypto from 'node:crypto';
import { CSV_IMPORT_MAX_REJECTED, type CsvRejectedRow } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { Job } from '../../jobs/index.js';
import { ApiError } from '../../http/api-error.js';
import { type DataServices, type TableMeta } from '../data/index.js';
import { assertNewColumns, checkBatch, openBatches } from './csv-batches.js';
import type { CsvImportService } from './csv-import.service.js';
import type { ImportJobsRepo, ImportJobRow } from './import-jobs.repo.js';
import type { StoredOptions } from './import-jobs.service.js';

export const JOB_KIND = 'transfer.csv-import';

/**
 * Pause between two batches (BASALT_IMPORT_BATCH_PAUSE_MS, default none): lets a deployment keep a
 * large import from crowding out other writes on a busy database.
 */
const batchPauseMs = () => Number(process.env.BASALT_IMPORT_BATCH_PAUSE_MS) || 0;

/** A batch found the job no longer its own (rolled back, or taken over): the run ends, writing nothing more. */
class Stopped extends Error {}

/** What ends a job as failed: its message is kept on the job. */
class Failed extends Error {}

/** Runs import jobs batch by batch, and rolls them back (decision 0041). */
export class ImportJobRunner {
  constructor(
    private readonly ctx: ServerContext,
    private readonly csv: CsvImportService,
    private readonly repo: ImportJobsRepo,
  ) {}

  private data(): DataServices {
    const data = this.ctx.data;
    if (!data) throw new Error('The data service is not running');
    return data;
  }

  /**
   * One run of a job. A queued job becomes running under a name of this run; a job found still
   * running was being run by a process that stopped (it died, or handed its lease back before the
   * run could say so): it becomes interrupted and waits for Resume or Roll back, since going on
   * by itself after a restart is not what someone who may have closed the console expects.
   */
  async run(job: Job<{ appId: string; id: string }>): Promise<void> {
    const { appId, id } = job.payload;
    const db = this.repo.db(appId);
    const runner = `${this.ctx.jobs.node}:${crypto.randomBytes(4).toString('hex')}`;
    if (!(await this.repo.update(db, id, { state: 'running', runner, updated: Date.now() }, ['queued']))) {
      await this.repo.update(
        db,
        id,
        { state: 'interrupted', runner: null, error: 'The server stopped while the import ran', updated: Date.now() },
        ['running'],
      );
      return;
    }
    try {
      await this.importRows(appId, id, runner, job.signal);
    } catch (err) {
      if (err instanceof Stopped) return;
      const message =
        err instanceof Failed || (err instanceof ApiError && err.status < 500)
          ? err.message
          : 'The import failed on the server';
      if (!(err instanceof Failed) && !(err instanceof ApiError))
        this.ctx.log.error({ err, appId, job: id }, 'CSV import job failed');
      // An import is all or nothing: what the failed job wrote goes again.
      await this.rollBack(appId, id, 'failed', message, runner);
    }
  }

  private async importRows(appId: string, id: string, runner: string, signal: AbortSignal): Promise<void> {
    const db = this.repo.db(appId);
    const data = this.data();
    let row = (await this.repo.get(appId, id))!;
    const options = JSON.parse(row.options) as StoredOptions;
    let table = await this.table(data, appId, row.table_name);

    // Columns the file adds are made once, before the first batch, and remembered for a roll back.
    let reader = await openBatches(this.repo.pieces(appId, id), table, options);
    if (reader.plan.newColumns.length) {
      assertNewColumns(data, table, reader.plan);
      const created = [...(JSON.parse(row.created_columns) as string[]), ...reader.plan.newColumns];
      await this.held(db, id, runner, { created_columns: JSON.stringify(created) });
      for (const name of reader.plan.newColumns)
        await data.columns.create(appId, table.name, { name, dataType: 'STRING' });
      table = await this.table(data, appId, table.name);
      reader = await openBatches(this.repo.pieces(appId, id), table, options);
    }
    if (row.rows_total === null) {
      let total = 0;
      for await (const batch of (await openBatches(this.repo.pieces(appId, id), table, options)).batches)
        total += batch.length;
      await this.held(db, id, runner, { rows_total: total });
    }

    row = (await this.repo.get(appId, id))!;
    const seen = new Map<string, Map<string, number>>();
    let done = 0;
    let { rows_done: rowsDone, rows_written: written, rejected_total: rejectedTotal } = row;
    const rejected = JSON.parse(row.rejected) as CsvRejectedRow[];
    for await (const batch of reader.batches) {
      // Batches committed by an earlier run are passed over: Resume goes on after the last one.
      if (done + batch.length <= rowsDone) {
        done += batch.length;
        continue;
      }
      const todo = batch.slice(Math.max(0, rowsDone - done));
      done += batch.length;
      if (signal.aborted) {
        await this.repo.update(
          db,
          id,
          { state: 'interrupted', runner: null, error: 'The server stopped while the import ran', updated: Date.now() },
          ['running'],
          runner,
        );
        throw new Stopped();
      }
      const out = await checkBatch(this.csv, data, appId, table, reader.plan, todo, seen);
      if (out.rejected.length && !options.skipInvalid) {
        const first = out.rejected[0];
        throw new Failed(
          `Line ${first.row}: ${first.message}. Nothing was imported (rows that fail can be skipped when the import starts)`,
        );
      }
      rejectedTotal += out.rejected.length;
      rejected.push(...out.rejected.slice(0, CSV_IMPORT_MAX_REJECTED - rejected.length));
      const progress = {
        rows_done: rowsDone + todo.length,
        rows_written: written + out.valid.length,
        rejected_total: rejectedTotal,
        rejected: JSON.stringify(rejected),
        updated: Date.now(),
      };
      if (out.valid.length) {
        // The rows, their marks and the progress commit together, or not at all.
        await data.records.bulkCreate(appId, table.name, out.valid, async (trx, ids) => {
          if (!(await this.repo.update(trx, id, progress, ['running'], runner))) throw new Stopped();
          await this.repo.mark(trx, id, ids);
        });
      } else await this.held(db, id, runner, progress);
      rowsDone = progress.rows_done;
      written = progress.rows_written;
      if (batchPauseMs()) await new Promise((r) => setTimeout(r, batchPauseMs()));
    }
    if (!written) throw new Failed('No row of the file is valid; nothing was imported');

    // Commit: the rows stop being the job's, in one transaction with the job's end.
    await db.transaction().execute(async (trx) => {
      if (
        !(await this.repo.update(
          trx,
          id,
          { state: 'committed', runner: null, updated: Date.now() },
          ['running'],
          runner,
        ))
      )
        throw new Stopped();
      await this.repo.unmark(trx, id);
    });
    await this.repo.removeFile(appId, id);
    this.ctx.bus.emit('import.written', {
      appId,
      developerId: row.developer_id,
      table: table.name,
      rows: written,
      createdColumns: JSON.parse(row.created_columns) as string[],
      origin: {},
    });
  }

  /** A change to a job this run still holds; a job rolled back meanwhile stops the run. */
  private async held(
    db: ReturnType<ImportJobsRepo['db']>,
    id: string,
    runner: string,
    change: Partial<ImportJobRow>,
  ): Promise<void> {
    if (!(await this.repo.update(db, id, { ...change, updated: Date.now() }, ['running'], runner))) throw new Stopped();
  }

  private async table(data: DataServices, appId: string, name: string): Promise<TableMeta> {
    const table = (await data.schema(appId)).table(name);
    if (!table) throw new Failed(`Table '${name.slice(0, 80)}' does not exist any more`);
    return table;
  }

  /** Waits (at most 10 s) until no live process holds the job's lease: its run has ended. */
  private async runEnded(id: string): Promise<void> {
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const job = await this.ctx.jobs.repo.byId(id);
      if (!job || job.leased_by === null || Number(job.lease_until) < Date.now()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Takes the job from whoever runs it (the state change makes every later batch of that run
   * refuse itself), deletes the rows it marked a thousand at a time with the data service (their
   * relation links and live events included), drops the columns it created, and ends it in
   * `end`. Safe to repeat: a roll back cut short stays `rolling-back` and can be asked again.
   */
  async rollBack(
    appId: string,
    id: string,
    end: 'rolled-back' | 'failed',
    error: string | null,
    runner?: string,
  ): Promise<void> {
    const db = this.repo.db(appId);
    const states = runner ? ['running'] : ['uploaded', 'queued', 'running', 'interrupted', 'rolling-back'];
    if (
      !(await this.repo.update(db, id, { state: 'rolling-back', runner: null, updated: Date.now() }, states, runner))
    ) {
      throw ApiError.conflict('The import job changed meanwhile; load it again');
    }
    // A run in the middle of a batch finds the job taken at its commit and ends; its batch may
    // still add a column first (dynamic schema), so the roll back waits for the run to end.
    if (!runner) await this.runEnded(id);
    const row = (await this.repo.get(appId, id))!;
    const data = this.data();
    const exists = (await data.schema(appId)).table(row.table_name);
    for (;;) {
      const ids = await this.repo.marked(appId, id, 1000);
      if (!ids.length) break;
      if (exists) await data.records.deleteMany(appId, row.table_name, ids);
      await this.repo.unmark(db, id, ids);
    }
    for (const name of JSON.parse(row.created_columns) as string[]) {
      // Asked of the store itself, not a cached schema: a column already gone (404) is fine.
      try {
        await data.columns.remove(appId, row.table_name, name);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }
    }
    await this.repo.removeFile(appId, id);
    await this.repo.update(db, id, { state: end, error, rows_written: 0, updated: Date.now() }, ['rolling-back']);
  }
}
