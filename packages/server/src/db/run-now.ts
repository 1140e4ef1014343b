import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type Database from 'better-sqlite3';

/** A SQLite handle with its statement cache, as the dialect opened it for one Kysely instance. */
export interface Direct {
  handle: Database.Database;
  prepare(sql: string): Database.Statement;
}

/** Per Kysely instance: the SQLite handle and statement cache it was opened with (a side table, not a service). */
const directs = new WeakMap<Kysely<any>, Direct>();

/** Called by the dialect for each SQLite Kysely instance it opens (system and app stores). */
export function allowRunNow(
  db: Kysely<any>,
  handle: Database.Database,
  prepare: (sql: string) => Database.Statement,
): void {
  directs.set(db, { handle, prepare });
}

/** The SQLite handle of a store's Kysely instance; undefined for PostgreSQL and transaction handles. */
export function directOf(db: Kysely<any>): Direct | undefined {
  return directs.get(db);
}

/** better-sqlite3 refuses a statement while another one of the handle is being iterated. */
const isBusy = (err: unknown) => err instanceof TypeError && /busy executing a query/i.test(err.message);

/**
 * Runs one compiled reading statement (SELECT, or a write with RETURNING) and answers its rows,
 * at once where it can.
 *
 * Through Kysely, every query of a SQLite store takes the store's connection lock first, about ten
 * promises for a statement that better-sqlite3 then runs synchronously; on the hot record paths of
 * the app API that bookkeeping cost as much as the statement. The lock exists so that nobody runs
 * inside a transaction another request holds open across awaits. So the statement runs directly
 * only when the handle is in no transaction: being synchronous, nothing can start or interleave
 * while it runs, and it commits on its own exactly as it would after waiting for the lock. Inside
 * a transaction (or while a streamed read holds the handle, which better-sqlite3 reports as busy)
 * it waits for the lock like any other query. PostgreSQL and transaction handles always take
 * Kysely's path. Values stay bound parameters on both paths.
 */
export function runNow<R>(db: Kysely<any>, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  const direct = directs.get(db);
  if (direct && !direct.handle.inTransaction) {
    try {
      const stmt = direct.prepare(query.sql);
      if (stmt.reader) return Promise.resolve({ rows: stmt.all(query.parameters as unknown[]) as R[] });
    } catch (err) {
      if (!isBusy(err)) return Promise.reject(err);
    }
  }
  return db.executeQuery(query);
}
