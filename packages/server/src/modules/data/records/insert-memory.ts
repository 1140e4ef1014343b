import { CompiledQuery, type Kysely } from 'kysely';
import type { TableMeta } from '../schema/app-schema.js';

/** Column sets remembered per table; records of one table bring few distinct sets. */
const MAX_SHAPES = 200;

/** Memo per table object (a schema change replaces it, and its shapes go with it). */
const byTable = new WeakMap<TableMeta, Map<string, string>>();

const plain = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint';

/**
 * `INSERT … RETURNING *` of one row, with the SQL text remembered per table and column set.
 * Building and compiling the insert with the query builder was a tenth of a create's cost, and
 * for one column set the text never changes: only the bound values do. A text is kept only after
 * the builder was seen to bind exactly the row's values in the row's key order, and only rows of
 * plain values use it (anything else is built afresh). The memory hangs off the table object,
 * which a schema change replaces, so a renamed or dropped column is never written by an old text.
 */
export function insertReturning(db: Kysely<any>, table: TableMeta, row: Record<string, unknown>): CompiledQuery {
  const keys = Object.keys(row);
  const values = keys.map((k) => row[k]);
  const build = () => db.insertInto(table.sqlName).values(row).returningAll().compile();
  if (!values.every(plain)) return build();
  let memo = byTable.get(table);
  if (!memo) {
    memo = new Map();
    byTable.set(table, memo);
  }
  const shape = keys.join('\u0000');
  const text = memo.get(shape);
  if (text !== undefined) return CompiledQuery.raw(text, values);
  const compiled = build();
  if (compiled.parameters.length === values.length && compiled.parameters.every((p, i) => p === values[i])) {
    if (memo.size >= MAX_SHAPES) memo.clear();
    memo.set(shape, compiled.sql);
  }
  return compiled;
}
