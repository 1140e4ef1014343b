import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Statements kept per SQLite handle; the query builder and the where compiler emit few shapes. */
const MAX_STATEMENTS = 500;

/** Statements that change the schema: after one, every cached statement is dropped. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|reindex|vacuum|attach|detach|pragma)\b/i;

/**
 * A better-sqlite3 handle for Kysely that prepares each SQL text once. Kysely asks for a new
 * statement on every query, and preparing (parsing and planning the SQL) was the largest single
 * cost of a record request in the profile. Values stay bound parameters: only the parameterised
 * text is the key. A statement that is still busy (a streamed read iterating it) is never handed
 * out twice; a fresh one is prepared for the other caller instead. The cache is cleared after any
 * schema change so no statement planned against an old table shape is kept; SQLite re-plans
 * reused statements on its own too when the schema changed.
 */
export function withStatementCache(db: Database.Database): SqliteDatabase {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // Re-inserting keeps the Map in least-recently-used order for the eviction below.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      if (SCHEMA_CHANGE.test(sql)) {
        cache.clear();
        return db.prepare(sql);
      }
      const stmt = db.prepare(sql);
      if (!hit) {
        cache.set(sql, stmt);
        if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
      }
      return stmt;
    },
  } as SqliteDatabase;
}
