import type { Condition } from '@basalt/shared';
import { WhereLimits } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type { QueryAccess } from '../query/scope.js';
import type { Answering } from '../../../db/query-limits.js';

/** A record query as the data routes receive it, normalised. */
export interface FindSpec {
  /** The caller's where, as text: parsed on its own, never joined with other text. */
  where?: string;
  /**
   * Conditions the server adds (the caller's permission scope, a view's filter, the children of
   * one relation, one record's id): syntax trees ANDed with the parsed `where` as nodes, so nothing
   * in the caller's text can reach outside them.
   */
  scope?: Condition[];
  /** What an app API caller may read through relation paths (the console reads everything). */
  access?: QueryAccess;
  sortBy: string[];
  props: string[];
  excludeProps: string[];
  groupBy: string[];
  having?: string;
  distinct: boolean;
  loadRelations: string[];
  pageSize: number;
  offset: number;
  /**
   * The response the records are read for: its client going away stops the reads (decision 0017).
   * Set by the HTTP layer from the request being answered; services reading for themselves leave it out.
   */
  client?: Answering;
}

export const DEFAULT_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;
const MAX_OFFSET = 10_000_000;

/**
 * A list given as an array or as comma-separated text. Commas inside parentheses or quotes
 * (`Sum(a, b)`, `'a,b'`) do not split.
 */
export function splitList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const parts = Array.isArray(value) ? value.map(String) : [String(value)];
  const out: string[] = [];
  for (const part of parts) {
    let depth = 0;
    let quote = '';
    let cur = '';
    for (const ch of part) {
      if (quote) {
        if (ch === quote) quote = '';
      } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
      else if (ch === '(') depth++;
      else if (ch === ')') depth--;
      else if (ch === ',' && depth === 0) {
        out.push(cur.trim());
        cur = '';
        continue;
      }
      cur += ch;
    }
    out.push(cur.trim());
  }
  return out.filter((s) => s.length > 0);
}

function int(value: unknown, name: 'pageSize' | 'offset', fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw ApiError.field('BAD_REQUEST', name, `Invalid ${name}: expected a whole number of at least 0`);
  return n;
}

/**
 * The list clauses of a record query, each held to the where language's item limit before any of
 * it is parsed: 50,000 sort items took the server 20 s before the database refused them.
 */
export function checkListSizes(spec: Pick<FindSpec, 'sortBy' | 'props' | 'groupBy' | 'loadRelations' | 'excludeProps'>): void {
  for (const clause of ['sortBy', 'props', 'groupBy', 'loadRelations', 'excludeProps'] as const) {
    if (spec[clause].length > WhereLimits.listItems) {
      throw ApiError.field('BAD_REQUEST', clause, `Invalid ${clause}: ${spec[clause].length.toLocaleString('en-US')} items; the limit is ${WhereLimits.listItems.toLocaleString('en-US')} items in one list`, { limit: 'listItems' });
    }
  }
}

/** Reads the reference client's record-query keys; pageSize is capped at 100. `client`: see FindSpec. */
export function readFindSpec(body: Record<string, unknown> | undefined | null, client?: Answering): FindSpec {
  const b = body ?? {};
  const where = typeof b.where === 'string' && b.where.trim() ? b.where.trim() : undefined;
  const having = typeof b.having === 'string' && b.having.trim() ? b.having.trim() : undefined;
  const pageSize = Math.min(MAX_PAGE_SIZE, int(b.pageSize ?? b.pagesize, 'pageSize', DEFAULT_PAGE_SIZE));
  const offset = int(b.offset, 'offset', 0);
  if (offset > MAX_OFFSET) throw ApiError.field('BAD_REQUEST', 'offset', `Invalid offset: at most ${MAX_OFFSET}`);
  const spec = {
    where,
    having,
    sortBy: splitList(b.sortBy),
    props: [...splitList(b.props), ...splitList(b.property)],
    excludeProps: splitList(b.excludeProps),
    groupBy: splitList(b.groupBy),
    distinct: b.distinct === true || b.distinct === 'true',
    loadRelations: splitList(b.loadRelations),
    pageSize,
    offset,
    client,
  };
  checkListSizes(spec);
  return spec;
}
