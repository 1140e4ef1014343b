import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { AppSchema, TableMeta } from '../schema/app-schema.js';

/** Compiled queries kept in this process, all apps together; past it the memory starts afresh. */
const MAX_ENTRIES = 5000;

/**
 * Compiled SQL of record queries, remembered per schema version. Parsing, checking and compiling
 * the where language (and Kysely turning the result into text) was a large share of a find's
 * cost, and the answer depends only on the query text and the app's schema: the where language
 * has no clock or random functions, and every value stays a bound parameter of the compiled query.
 *
 * Each entry names the schema object it was compiled against, and is only used for that very
 * object. `AppSchema` is immutable and any schema change (table or column added, renamed,
 * retyped or dropped, relation changed) replaces it in the schema cache, so a query compiled
 * against an older shape is never used again: the next request compiles against the new schema
 * and takes the entry's place. Queries that fail to compile (a 400) are not kept. Only the SQL
 * text and its values are kept, not the query tree, so the memory stays small and bounded.
 */
const memory = new Map<string, { schema: AppSchema; compiled: CompiledQuery }>();

export function compiledFor<R>(schema: AppSchema, table: TableMeta, key: string, db: Kysely<any>, build: () => RawBuilder<R>): CompiledQuery<R> {
  // Only a table of this very schema can be looked up by id (a hand-made table compiles afresh).
  if (schema.tableById(table.tableId) !== table) return build().compile(db);
  const full = `${table.tableId}\u0000${key}`;
  const hit = memory.get(full);
  if (hit && hit.schema === schema) return hit.compiled as CompiledQuery<R>;
  const built = build().compile(db);
  const compiled = CompiledQuery.raw(built.sql, [...built.parameters]) as CompiledQuery<R>;
  if (memory.size >= MAX_ENTRIES) memory.clear();
  memory.set(full, { schema, compiled });
  return compiled;
}
