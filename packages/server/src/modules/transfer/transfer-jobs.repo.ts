import type { Databases } from '../../db/dialect.js';

/** One row of `_transfer_jobs` (transfer-jobs.migrations.ts); times are epoch ms. */
export interface TransferJobRow {
  id: string;
  kind: string;
  title: string;
  state: string;
  input: string;
  tables_total: number;
  tables_done: number;
  rows_written: number;
  current_table: string | null;
  created_tables: string;
  error: string | null;
  created: number;
  updated: number;
}

/** PostgreSQL answers bigint as text; the numbers of a row are made numbers here. */
function fromDb(row: Record<string, unknown>): TransferJobRow {
  return {
    ...(row as unknown as TransferJobRow),
    tables_total: Number(row.tables_total),
    tables_done: Number(row.tables_done),
    rows_written: Number(row.rows_written),
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

/** SQL of the transfer jobs table of an app's data store; every value is a bound parameter. */
export class TransferJobsRepo {
  constructor(private readonly dbs: Databases) {}

  async insert(appId: string, row: TransferJobRow): Promise<void> {
    await this.dbs.app(appId).insertInto('_transfer_jobs').values(row).execute();
  }

  async get(appId: string, id: string): Promise<TransferJobRow | undefined> {
    const row = await this.dbs
      .app(appId)
      .selectFrom('_transfer_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? fromDb(row) : undefined;
  }

  async list(appId: string, limit: number): Promise<TransferJobRow[]> {
    const rows = await this.dbs
      .app(appId)
      .selectFrom('_transfer_jobs')
      .selectAll()
      .orderBy('created', 'desc')
      .limit(limit)
      .execute();
    return rows.map(fromDb);
  }

  async update(appId: string, id: string, change: Partial<TransferJobRow>): Promise<void> {
    await this.dbs
      .app(appId)
      .updateTable('_transfer_jobs')
      .set({ ...change, updated: Date.now() })
      .where('id', '=', id)
      .execute();
  }
}
