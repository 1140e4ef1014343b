import type { Kysely } from 'kysely';
import type { Databases } from '../../../db/dialect.js';
import { insertRows } from '../../data/index.js';

type Row = Record<string, unknown>;

/** Per-app rows of system tables by app id, and rows of an app store's own tables, for copying an app. */
export class SystemRowsRepo {
  /** The tables are named by SYSTEM_TABLES, never by input; typed loosely on purpose. */
  private readonly system: Kysely<any>;

  constructor(private readonly dbs: Databases) {
    this.system = dbs.system as unknown as Kysely<any>;
  }

  /** The app's rows of one system table, without `app_id`. */
  async rowsOf(table: string, appId: string): Promise<Row[]> {
    const rows = await this.system.selectFrom(table).selectAll().where('app_id', '=', appId).execute();
    return rows.map(({ app_id: _drop, ...rest }: Row) => rest);
  }

  /**
   * Replaces the app's rows of several tables in one transaction: cleared in reverse order (so rows
   * that point at others go first), then written in order.
   */
  async replace(appId: string, tables: Array<{ table: string; rows: Row[] }>): Promise<void> {
    await this.system.transaction().execute(async (trx) => {
      for (const { table } of [...tables].reverse()) await trx.deleteFrom(table).where('app_id', '=', appId).execute();
      for (const { table, rows } of tables)
        await insertRows(
          trx,
          table,
          rows.map((r) => ({ ...r, app_id: appId })),
        );
    });
  }

  /** Removes the app's rows of the tables (reset). */
  async clear(appId: string, tables: string[], where?: { column: string; values: string[] }): Promise<void> {
    await this.system.transaction().execute(async (trx) => {
      for (const table of tables) {
        let q = trx.deleteFrom(table).where('app_id', '=', appId);
        if (where) q = q.where(where.column, 'in', where.values);
        await q.execute();
      }
    });
  }

  /** Every row of one of the app store's own tables (counters, hives). */
  storeRows(appId: string, table: string): Promise<Row[]> {
    return this.dbs.app(appId).selectFrom(table).selectAll().execute();
  }

  /** Replaces the rows of the app store's own tables, cleared in reverse order then written in order. */
  async replaceStore(appId: string, tables: Array<{ table: string; rows: Row[] }>): Promise<void> {
    await this.dbs
      .app(appId)
      .transaction()
      .execute(async (trx) => {
        for (const { table } of [...tables].reverse()) await trx.deleteFrom(table).execute();
        for (const { table, rows } of tables) await insertRows(trx, table, rows);
      });
  }
}
