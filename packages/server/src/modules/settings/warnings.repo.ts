import type { Databases } from '../../db/dialect.js';
import type { TableMeta } from '../data/index.js';

/** What the app's warnings read of its store directly: whether a table holds any record. */
export class WarningsRepo {
  constructor(private readonly dbs: Databases) {}

  /** True when the table holds at least one record (reads one id at most). */
  async holdsAny(appId: string, table: TableMeta): Promise<boolean> {
    const row = await this.dbs.app(appId).selectFrom(table.sqlName).select('objectId').limit(1).executeTakeFirst();
    return row !== undefined;
  }
}
