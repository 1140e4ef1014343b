import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

/** The Users rows a Firebase import reads and writes; table and column names come from the app's schema. */
export class FirebaseUsersRepo {
  constructor(private readonly dbs: Databases) {}

  /** Of `emails`, those some user of the app has already. */
  async taken(appId: string, table: string, column: string, emails: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < emails.length; i += 500) {
      const rows = await this.dbs
        .app(appId)
        .selectFrom(table)
        .select(column)
        .where(column, 'in', emails.slice(i, i + 500))
        .execute();
      for (const r of rows as Array<Record<string, unknown>>) found.add(String(r[column]).toLowerCase());
    }
    return found;
  }

  /** Stores the imported (sealed) hashes, in the transaction that created the users. */
  async setHashes(trx: Kysely<any>, table: string, column: string, hashes: Array<[string, string]>): Promise<void> {
    for (const [objectId, value] of hashes)
      await trx
        .updateTable(table)
        .set({ [column]: value })
        .where('objectId', '=', objectId)
        .execute();
  }
}
