import { sql, type RawBuilder } from 'kysely';
import type { Databases } from '../../../db/dialect.js';
import type { SchemaResolver, TableInfo } from '../model.js';
import { queryError } from './errors.js';
import type { Condition } from '@basalt/shared';
import { col, pkName, type QueryAccess } from './scope.js';
import { Planner, ROOT, outputItems, selectSql } from './select.js';

/**
 * The where language of the data service: record queries (where, props, groupBy, having, distinct,
 * sortBy, paging) compiled into parameterised SQL over an app's data tables, on SQLite and
 * PostgreSQL alike. Every malformed or unknown input is an ApiError 400 naming the clause and token.
 */

/** Largest page a find answers; larger requests are capped (the issue's "pageSize max 100"). */
export const MAX_PAGE_SIZE = 100;

/** List clauses take an array or one comma-separated text (the wire carries either). */
export type ListClause = string | string[];

export interface FindSpec {
  where?: string;
  /** Server-made conditions ANDed with `where` as compiled nodes (see Planner.where). */
  scope?: Condition[];
  /** What an app API caller may read beyond the root rows. */
  access?: QueryAccess;
  props?: ListClause;
  groupBy?: ListClause;
  having?: string;
  /** 'name', 'name desc', 'created DESC', '`a`.`b` asc', an aggregate or a props alias */
  sortBy?: ListClause;
  distinct?: boolean;
  pageSize: number;
  offset: number;
}

/** What a count takes: the find's filter. `props` is optional and only matters for having aliases and distinct. */
export type CountSpec = Omit<FindSpec, 'pageSize' | 'offset' | 'sortBy' | 'props'> & { props?: ListClause };

function paging(spec: Pick<FindSpec, 'pageSize' | 'offset'>): { limit: number; offset: number } {
  const { pageSize, offset } = spec;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw queryError('pageSize', `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}, not ${String(pageSize)}`, String(pageSize));
  if (!Number.isSafeInteger(offset) || offset < 0) throw queryError('offset', `offset must be a whole number from 0, not ${String(offset)}`, String(offset));
  return { limit: Math.min(pageSize, MAX_PAGE_SIZE), offset };
}

/**
 * Complete SELECT over the table (aliased t0). Scalar columns come out named by their column name
 * (not sqlName), aggregates by their alias or function name; relations are not loaded here.
 */
export function buildFind(dbs: Databases, appId: string, table: TableInfo, schema: SchemaResolver, spec: FindSpec): RawBuilder<Record<string, unknown>> {
  const { limit, offset } = paging(spec);
  const plan = new Planner(dbs, appId, table, schema, spec.access).plan(spec, true);
  return sql<Record<string, unknown>>`${selectSql(plan, outputItems(plan), true)} limit ${limit} offset ${offset}`;
}

/** `SELECT count(*) AS count` with the find's filter: rows, or with groupBy/having the number of groups. */
export function buildCount(dbs: Databases, appId: string, table: TableInfo, schema: SchemaResolver, spec: CountSpec): RawBuilder<{ count: number | string }> {
  const plan = new Planner(dbs, appId, table, schema, spec.access).plan(spec, false);
  const distinctRows = plan.distinct && [spec.props ?? []].flat().some((p) => p.trim() !== '');
  if (!plan.aggregated && !distinctRows) {
    return sql<{ count: number | string }>`select count(*) as ${sql.id('count')} from ${plan.from}${plan.where ? sql` where ${plan.where}` : sql``}`;
  }
  const inner = plan.aggregated && !distinctRows ? [sql`1 as ${sql.id('one')}`] : outputItems(plan);
  return sql<{ count: number | string }>`select count(*) as ${sql.id('count')} from (${selectSql(plan, inner, false)}) as ${sql.id('g')}`;
}

/** `SELECT objectId FROM table WHERE <where>`, for UPDATE/DELETE … WHERE objectId IN (…). Blank where selects every row. */
export function buildWhereSelectIds(dbs: Databases, appId: string, table: TableInfo, schema: SchemaResolver, where: string | undefined, scope?: Condition[], access?: QueryAccess): RawBuilder<{ objectId: string }> {
  const planner = new Planner(dbs, appId, table, schema, access);
  const cond = planner.where(where, scope);
  return sql<{ objectId: string }>`select ${col(ROOT, pkName(table))} as ${sql.id('objectId')} from ${planner.from()}${cond ? sql` where ${cond}` : sql``}`;
}
