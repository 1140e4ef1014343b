import type { DataServices } from '../data/index.js';
import type { TableMeta } from '../data/index.js';
import { checkListSizes, splitList } from '../data/index.js';
import { appError, AppErrorCodes } from '../../http/app-auth.js';

/** The record query the data services take. */
export type QuerySpec = Parameters<DataServices['query']['find']>[3];

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;
const MAX_OFFSET = 10_000_000;

const bad = (message: string) => appError(AppErrorCodes.BAD_REQUEST, 400, message);

/** A list sent as an array, repeated query keys or comma-separated text: the data area's reader. */
export const list = splitList;

function int(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) throw bad(`Invalid ${name}: expected a whole number from 0 to ${max}`);
  return n;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * Reads a record query in either form the SDK sends (section 4.1 of the app API notes): the body
 * form of `find` (`props`, joined lists) or the query-string form of `findById` and
 * `loadRelations` (`property` repeated, `loadRelations=*` for every relation).
 */
export function readQuery(input: Record<string, unknown> | undefined | null, table: TableMeta): QuerySpec {
  const b = input ?? {};
  const pageSize = int(b.pageSize ?? b.pagesize, 'pageSize', DEFAULT_PAGE_SIZE, 10_000) || DEFAULT_PAGE_SIZE;
  let loadRelations = list(b.loadRelations ?? b.relations ?? b.related);
  if (loadRelations.includes('*')) loadRelations = table.relations.map((r) => r.name);
  const spec = {
    where: text(b.where ?? b.whereClause),
    having: text(b.having ?? b.havingClause),
    sortBy: list(b.sortBy),
    props: [...list(b.props), ...list(b.property), ...list(b.properties)],
    excludeProps: list(b.excludeProps),
    groupBy: list(b.groupBy),
    distinct: b.distinct === true || b.distinct === 'true',
    loadRelations,
    pageSize: Math.min(MAX_PAGE_SIZE, pageSize),
    offset: int(b.offset, 'offset', 0, MAX_OFFSET),
  };
  checkListSizes(spec);
  return spec;
}

/** Names used in a query's clauses, outside quoted text (to keep hidden columns out of filters). */
export function namesIn(spec: QuerySpec): Set<string> {
  const out = new Set<string>();
  const clauses = [spec.where, spec.having, ...spec.sortBy, ...spec.props, ...spec.groupBy, ...spec.loadRelations];
  for (const c of clauses) {
    if (!c) continue;
    const bare = c.replace(/'(?:[^']|'')*'|"(?:[^"])*"/g, ' ');
    for (const m of bare.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) out.add(m[0]);
  }
  return out;
}
