import type { DataServices } from '../data/index.js';
import type { TableMeta } from '../data/index.js';
import { checkListSizes, splitList } from '../data/index.js';
import { ApiError } from '../../http/api-error.js';
import { WhereLimits } from '@basalt/shared';

/** The record query the data services take. */
export type QuerySpec = Parameters<DataServices['query']['find']>[3];

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;
const MAX_OFFSET = 10_000_000;

const bad = (message: string) => new ApiError('BAD_REQUEST', message);

/** A list sent as an array, repeated query keys or comma-separated text: the data area's reader. */
export const list = splitList;

function int(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max)
    throw bad(`Invalid ${name}: expected a whole number from 0 to ${max}`);
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

/**
 * Names used in a query's clauses, outside quoted text (to keep hidden columns out of filters). A
 * text over the clause length limit is not read: the parser refuses it by its length alone, so it
 * never runs, and scanning its up to megabytes of characters only held the event loop (0044).
 */
export function namesIn(spec: QuerySpec): Set<string> {
  const out = new Set<string>();
  const clauses = [spec.where, spec.having, ...spec.sortBy, ...spec.props, ...spec.groupBy, ...spec.loadRelations];
  for (const c of clauses) if (c && c.length <= WhereLimits.textLength) namesOutsideQuotes(c, out);
  return out;
}

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isNamePart = (c: number) => isNameStart(c) || (c >= 48 && c <= 57);
const QUOTE = 0x27;
const DOUBLE_QUOTE = 0x22;

/**
 * Adds to `out` every name (`[A-Za-z_][A-Za-z0-9_]*`) of `text` outside quoted text: 'single
 * quoted' with '' inside, and "double quoted". One pass over the characters: the same answer as
 * blanking `'(?:[^']|'')*'|"[^"]*"` and matching names in the rest (query-spec.test.ts compares
 * them), which took tens of milliseconds over a where text of 500,000 characters, on the event loop.
 */
export function namesOutsideQuotes(text: string, out: Set<string>): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isNameStart(c)) {
      let j = i + 1;
      while (j < n && isNamePart(text.charCodeAt(j))) j++;
      out.add(text.slice(i, j));
      i = j;
    } else if (c === QUOTE) {
      i = afterSingleQuoted(text, i);
    } else if (c === DOUBLE_QUOTE) {
      const close = text.indexOf('"', i + 1);
      i = close < 0 ? i + 1 : close + 1;
    } else i++;
  }
}

/**
 * Where scanning goes on after the quote at `start`: past its closing quote (a doubled quote is
 * one quote inside), or, with no closing quote, as the regular expression above does: its match
 * ends on the first quote of the last doubled pair, and without one the quote is a plain character.
 */
function afterSingleQuoted(text: string, start: number): number {
  let from = start + 1;
  let lastPair = -1;
  for (;;) {
    const q = text.indexOf("'", from);
    if (q < 0) return lastPair >= 0 ? lastPair + 1 : start + 1;
    if (text.charCodeAt(q + 1) !== QUOTE) return q + 1;
    lastPair = q;
    from = q + 2;
  }
}
