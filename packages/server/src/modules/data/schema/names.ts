import crypto from 'node:crypto';
import { ApiError } from '../../../http/api-error.js';

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Path segments of the data routes that a table name would shadow. */
const RESERVED_TABLES = new Set(['tables', 'bulk', 'bulkupsert', 'config']);

/**
 * Words of the where language and the record wire format. A column with one of these names could
 * only be reached back-quoted, and some would be taken for the keyword, so they are refused.
 */
const RESERVED_COLUMNS = new Set([
  'objectid', 'created', 'updated', 'ownerid', '___class', 'and', 'or', 'not', 'like', 'in', 'is', 'null', 'true', 'false',
  'between', 'as', 'asc', 'desc', 'select', 'from', 'where', 'order', 'group', 'by', 'having', 'limit', 'offset',
  'distinct', 'union', 'count', 'sum', 'avg', 'min', 'max', 'distance', 'km', 'mi', 'yd', 'escape', 'exists', 'all', 'any',
]);

export function assertTableName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw ApiError.field('BAD_REQUEST', 'name', `Table name '${String(name).slice(0, 80)}' is not valid: use a letter followed by letters, digits or _ (at most 64)`);
  }
  if (RESERVED_TABLES.has(name.toLowerCase())) throw ApiError.field('BAD_REQUEST', 'name', `'${name}' is a reserved name and cannot name a table`);
  return name;
}

export function assertColumnName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw ApiError.field('BAD_REQUEST', 'name', `Column name '${String(name).slice(0, 80)}' is not valid: use a letter followed by letters, digits or _ (at most 64)`);
  }
  if (RESERVED_COLUMNS.has(name.toLowerCase())) throw ApiError.field('BAD_REQUEST', 'name', `'${name}' is a reserved name and cannot name a column`);
  return name;
}

/** Physical names are ours, derived from random ids: renames never touch the physical schema. */
export function physicalName(prefix: 't' | 'c' | 'l'): string {
  return `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/** Serialises schema changes per app within this process (DDL and metadata must move together). */
const chains = new Map<string, Promise<unknown>>();
export function withSchemaLock<T>(appId: string, fn: () => Promise<T>): Promise<T> {
  const prev = chains.get(appId) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  const tail = next.catch(() => undefined);
  chains.set(appId, tail);
  void tail.then(() => {
    if (chains.get(appId) === tail) chains.delete(appId);
  });
  return next;
}
