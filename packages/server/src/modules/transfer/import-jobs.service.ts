import crypto from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import {
  CSV_IMPORT_JOB_MAX_BYTES,
  CSV_IMPORT_MAX_REJECTED,
  type CsvImportJob,
  type CsvImportJobOptions,
  type CsvImportJobState,
  type CsvImportResult,
  type CsvRejectedRow,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { type DataServices, type TableMeta } from '../data/index.js';
import { assertNewColumns, checkBatch, openBatches, type ReadOptions } from './csv-batches.js';
import type { CsvImportService } from './csv-import.service.js';
import { withNewColumns } from './csv-import.service.js';
import { ImportJobsRepo, PIECE_CHARS, type ImportJobRow } from './import-jobs.repo.js';
import { ImportJobRunner, JOB_KIND } from './import-job-runner.js';

/** States in which a job may still write rows, and so may be rolled back. */
const UNFINISHED = ['uploaded', 'queued', 'running', 'interrupted', 'rolling-back'];
/** Uploads never started are removed after a day. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** What a job keeps of the options it was started with. */
export interface StoredOptions extends ReadOptions {
  skipInvalid: boolean;
}

export function readOptions(o: CsvImportJobOptions): StoredOptions {
  return {
    mapping: o.mapping,
    hasHeader: o.hasHeader ?? true,
    delimiter: o.delimiter ?? ',',
    createColumns: o.createColumns ?? false,
    skipInvalid: o.skipInvalid ?? false,
  };
}

/**
 * CSV imports as server-side jobs (decision 0041): the file is streamed into the app's data store,
 * dry-run as a stream, then written in batches by a job of the scheduler. Each batch commits with
 * the ids of its rows in `_import_job_rows` and the job's progress, so a job stopped half-way can be
 * resumed after its last batch or rolled back to exactly the rows it wrote.
 */
export class ImportJobsService {
  readonly repo: ImportJobsRepo;
  readonly runner: ImportJobRunner;

  constructor(
    private readonly ctx: ServerContext,
    private readonly csv: CsvImportService,
  ) {
    this.repo = new ImportJobsRepo(ctx.dbs);
    this.runner = new ImportJobRunner(ctx, csv, this.repo);
  }

  /** Registers the job kind; a module calls it once. */
  register(): void {
    this.ctx.jobs.register<{ appId: string; id: string }>(JOB_KIND, {
      delivery: 'at-least-once',
      run: (job) => this.runner.run(job),
    });
  }

  private data(): DataServices {
    const data = this.ctx.data;
    if (!data) throw ApiError.unavailable('The data service is not running');
    return data;
  }

  private async table(appId: string, name: string): Promise<TableMeta> {
    const table = (await this.data().schema(appId)).table(name);
    if (!table) throw ApiError.notFound(`Table '${name.slice(0, 80)}' does not exist`);
    return table;
  }

  private async row(appId: string, id: string): Promise<ImportJobRow> {
    const row = await this.repo.get(appId, id);
    if (!row) throw ApiError.notFound(`Import job '${id.slice(0, 64)}' does not exist`);
    return row;
  }

  /**
   * Stores an uploaded file as pieces of text, reading the request as it arrives (the file is
   * never held whole), and answers the job in state `uploaded`. A file over the limit, empty, or
   * not text is refused and nothing is kept.
   */
  async upload(
    appId: string,
    developerId: string,
    tableName: string,
    fileName: string,
    body: Readable,
    declaredBytes: number,
    /** The multi-step import (decision 0069) may name a table it creates when it runs. */
    opts: { newTable?: boolean } = {},
  ): Promise<CsvImportJob> {
    if (!opts.newTable) await this.table(appId, tableName);
    const tooLarge = () =>
      ApiError.tooLarge(`An import file may have at most ${CSV_IMPORT_JOB_MAX_BYTES / 1024 / 1024} MB`);
    if (declaredBytes > CSV_IMPORT_JOB_MAX_BYTES) throw tooLarge();
    const now = Date.now();
    for (const stale of await this.repo.staleUploads(appId, now - STALE_UPLOAD_MS))
      await this.repo.remove(appId, stale);
    const id = crypto.randomUUID();
    await this.repo.insert(appId, {
      id,
      table_name: tableName,
      file_name: fileName,
      bytes: 0,
      state: 'uploaded',
      runner: null,
      options: '{}',
      rows_total: null,
      rows_done: 0,
      rows_written: 0,
      rejected_total: 0,
      rejected: '[]',
      created_columns: '[]',
      error: null,
      developer_id: developerId,
      created: now,
      updated: now,
    });
    try {
      const decoder = new StringDecoder('utf8');
      let bytes = 0;
      let seq = 0;
      let text = '';
      const flush = async (final: boolean) => {
        if (text.includes('\u0000'))
          throw ApiError.badRequest('The file holds NUL characters: it is not a CSV text file');
        while (text.length >= PIECE_CHARS || (final && text.length)) {
          await this.repo.appendPiece(appId, id, seq++, text.slice(0, PIECE_CHARS));
          text = text.slice(PIECE_CHARS);
        }
      };
      for await (const chunk of body) {
        const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        bytes += buf.length;
        if (bytes > CSV_IMPORT_JOB_MAX_BYTES) throw tooLarge();
        text += decoder.write(buf);
        await flush(false);
      }
      text += decoder.end();
      await flush(true);
      if (!bytes) throw ApiError.badRequest('The file is empty: it needs a header line naming the columns');
      await this.repo.update(this.repo.db(appId), id, { bytes, updated: Date.now() }, ['uploaded']);
    } catch (err) {
      await this.repo.remove(appId, id);
      throw err;
    }
    return this.view(appId, await this.row(appId, id));
  }

  /**
   * Checks every row of an uploaded file and writes nothing, reading it as a stream in batches:
   * a file of any number of rows is checked whole (unique values repeated anywhere in it are
   * found). Remembers the row count for the job's progress.
   */
  async dryRun(appId: string, id: string, options: CsvImportJobOptions): Promise<CsvImportResult> {
    const row = await this.row(appId, id);
    if (row.state !== 'uploaded')
      throw ApiError.conflict(`The import job is ${row.state}: only an uploaded file can be dry-run`);
    const data = this.data();
    const table = await this.table(appId, row.table_name);
    const opts = readOptions(options);
    const { plan, batches } = await openBatches(this.repo.pieces(appId, id), table, opts);
    assertNewColumns(data, table, plan);
    const checked = withNewColumns(table, plan);
    const seen = new Map<string, Map<string, number>>();
    const rejected: CsvRejectedRow[] = [];
    let rejectedTotal = 0;
    let rowsRead = 0;
    let rowsValid = 0;
    for await (const batch of batches) {
      const out = await checkBatch(this.csv, data, appId, checked, plan, batch, seen);
      rowsRead += batch.length;
      rowsValid += out.valid.length;
      rejectedTotal += out.rejected.length;
      rejected.push(...out.rejected.slice(0, CSV_IMPORT_MAX_REJECTED - rejected.length));
      await new Promise((r) => setImmediate(r));
    }
    await this.repo.update(this.repo.db(appId), id, { rows_total: rowsRead, updated: Date.now() }, ['uploaded']);
    return {
      table: table.name,
      dryRun: true,
      rowsRead,
      rowsValid,
      rowsWritten: 0,
      rejected,
      rejectedTotal,
      ignoredColumns: plan.ignoredColumns,
      createdColumns: plan.newColumns,
    };
  }

  /** Starts the import of an uploaded file: the job is queued and a server process runs it. */
  async start(appId: string, id: string, options: CsvImportJobOptions): Promise<CsvImportJob> {
    const row = await this.row(appId, id);
    await this.table(appId, row.table_name);
    const now = Date.now();
    const moved = await this.repo.update(
      this.repo.db(appId),
      id,
      { state: 'queued', options: JSON.stringify(readOptions(options)), updated: now },
      ['uploaded'],
    );
    if (!moved) throw ApiError.conflict(`The import job is ${row.state}: it was started already`);
    await this.ctx.jobs.add({ id, kind: JOB_KIND, appId, payload: { appId, id }, runAt: now });
    return this.view(appId, await this.row(appId, id));
  }

  /** Goes on with an interrupted job after its last committed batch. */
  async resume(appId: string, id: string): Promise<CsvImportJob> {
    const row = await this.row(appId, id);
    const view = await this.view(appId, row);
    if (!view.canResume)
      throw ApiError.conflict(`The import job is ${view.state}: only an interrupted import can be resumed`);
    const now = Date.now();
    // 'running' too: a run whose process died keeps that state until its lease runs out.
    if (
      !(await this.repo.update(this.repo.db(appId), id, { state: 'queued', runner: null, error: null, updated: now }, [
        'interrupted',
        'running',
      ]))
    ) {
      throw ApiError.conflict('The import job changed meanwhile; load it again');
    }
    if (!(await this.ctx.jobs.repo.requeue(id, now)))
      await this.ctx.jobs.add({ id, kind: JOB_KIND, appId, payload: { appId, id }, runAt: now });
    return this.view(appId, await this.row(appId, id));
  }

  /** Stops an unfinished job and deletes exactly the rows it wrote, and the columns it created. */
  async rollBack(appId: string, id: string): Promise<CsvImportJob> {
    const row = await this.row(appId, id);
    if (!UNFINISHED.includes(row.state))
      throw ApiError.conflict(`The import job is ${row.state}: only an unfinished import can be rolled back`);
    await this.runner.rollBack(appId, id, 'rolled-back', null);
    return this.view(appId, await this.row(appId, id));
  }

  async list(appId: string, table?: string): Promise<CsvImportJob[]> {
    const rows = await this.repo.list(appId, table, 20);
    return Promise.all(rows.map((r) => this.view(appId, r)));
  }

  async get(appId: string, id: string): Promise<CsvImportJob> {
    return this.view(appId, await this.row(appId, id));
  }

  /**
   * The job as the console shows it. A job recorded as running whose scheduler job holds no live
   * lease (its process died, or stopped before the run could say so) is shown as interrupted.
   */
  private async view(appId: string, row: ImportJobRow): Promise<CsvImportJob> {
    let state = row.state as CsvImportJobState;
    if (state === 'running') {
      const job = await this.ctx.jobs.repo.byId(row.id);
      const leased = job && job.state === 'pending' && job.leased_by !== null && Number(job.lease_until) >= Date.now();
      if (!leased) state = 'interrupted';
    }
    return {
      id: row.id,
      table: row.table_name,
      fileName: row.file_name,
      bytes: row.bytes,
      state,
      rowsTotal: row.rows_total,
      rowsDone: row.rows_done,
      rowsWritten: row.rows_written,
      rejectedTotal: row.rejected_total,
      rejected: JSON.parse(row.rejected) as CsvRejectedRow[],
      createdColumns: JSON.parse(row.created_columns) as string[],
      error: row.error,
      created: row.created,
      updated: row.updated,
      canResume: state === 'interrupted',
      canRollBack: UNFINISHED.includes(state),
    };
  }
}
