import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

/** One row of `_import_jobs` (import-jobs.migrations.ts); times are epoch ms. */
export interface ImportJobRow {
  id: string;
  table_name: string;
  file_name: string;
  bytes: number;
  state: string;
  runner: string | null;
  options: string;
  rows_total: number | null;
  rows_done: number;
  rows_written: number;
  rejected_total: number;
  rejected: string;
  created_columns: string;
  error: string | null;
  developer_id: string;
  created: number;
  updated: number;
}

/** Text per stored piece of an uploaded file: small enough for one parameter on both databases. */
export const PIECE_CHARS = 1024 * 1024;

/** PostgreSQL answers bigint as text; every number of a row is made a number here. */
function fromDb(row: Record<string, unknown>): ImportJobRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(row as unknown as ImportJobRow),
    bytes: Number(row.bytes),
    rows_total: num(row.rows_total),
    rows_done: Number(row.rows_done),
    rows_written: Number(row.rows_written),
    rejected_total: Number(row.rejected_total),
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

/** SQL of the import job tables in an app's data store; every value is a bound parameter. */
export class ImportJobsRepo {
  constructor(private readonly dbs: Databases) {}

  db(appId: string): Kysely<any> {
    return this.dbs.app(appId);
  }

  async insert(appId: string, row: ImportJobRow): Promise<void> {
    await this.db(appId).insertInto('_import_jobs').values(row).execute();
  }

  async get(appId: string, id: string): Promise<ImportJobRow | undefined> {
    const row = await this.db(appId).selectFrom('_import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? fromDb(row) : undefined;
  }

  /** Jobs past their upload, newest first. */
  async list(appId: string, table: string | undefined, limit: number): Promise<ImportJobRow[]> {
    let q = this.db(appId).selectFrom('_import_jobs').selectAll().where('state', '!=', 'uploaded');
    if (table) q = q.where('table_name', '=', table);
    return (await q.orderBy('created', 'desc').limit(limit).execute()).map(fromDb);
  }

  /**
   * Changes a job only while it is in one of `states` (and, with `runner`, still run by it);
   * answers whether it changed. Every move between states goes through here, so two moves that
   * race (a roll back and a batch) cannot both happen.
   */
  async update(
    db: Kysely<any>,
    id: string,
    change: Partial<ImportJobRow>,
    states: string[],
    runner?: string,
  ): Promise<boolean> {
    let q = db.updateTable('_import_jobs').set(change).where('id', '=', id).where('state', 'in', states);
    if (runner !== undefined) q = q.where('runner', '=', runner);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async appendPiece(appId: string, id: string, seq: number, text: string): Promise<void> {
    await this.db(appId).insertInto('_import_job_files').values({ job_id: id, seq, text }).execute();
  }

  /** The stored file, piece by piece: only one piece is held at a time. */
  async *pieces(appId: string, id: string): AsyncGenerator<string> {
    for (let seq = 0; ; seq++) {
      const row = await this.db(appId)
        .selectFrom('_import_job_files')
        .select('text')
        .where('job_id', '=', id)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row) return;
      yield String(row.text);
    }
  }

  async removeFile(appId: string, id: string): Promise<void> {
    await this.db(appId).deleteFrom('_import_job_files').where('job_id', '=', id).execute();
  }

  /** Marks rows as written by the job (inside the batch's transaction). */
  async mark(db: Kysely<any>, id: string, objectIds: string[]): Promise<void> {
    for (let i = 0; i < objectIds.length; i += 500) {
      await db
        .insertInto('_import_job_rows')
        .values(objectIds.slice(i, i + 500).map((object_id) => ({ job_id: id, object_id })))
        .execute();
    }
  }

  async marked(appId: string, id: string, limit: number): Promise<string[]> {
    const rows = await this.db(appId)
      .selectFrom('_import_job_rows')
      .select('object_id')
      .where('job_id', '=', id)
      .orderBy('object_id')
      .limit(limit)
      .execute();
    return rows.map((r) => String(r.object_id));
  }

  async unmark(db: Kysely<any>, id: string, objectIds?: string[]): Promise<void> {
    let q = db.deleteFrom('_import_job_rows').where('job_id', '=', id);
    if (objectIds) q = q.where('object_id', 'in', objectIds);
    await q.execute();
  }

  /** Uploads never started, older than `before`: their jobs and files. */
  async staleUploads(appId: string, before: number): Promise<string[]> {
    const rows = await this.db(appId)
      .selectFrom('_import_jobs')
      .select('id')
      .where('state', '=', 'uploaded')
      .where('created', '<', before)
      .limit(50)
      .execute();
    return rows.map((r) => String(r.id));
  }

  async remove(appId: string, id: string): Promise<void> {
    await this.removeFile(appId, id);
    await this.db(appId).deleteFrom('_import_jobs').where('id', '=', id).execute();
  }
}
