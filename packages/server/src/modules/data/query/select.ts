import { sql, type RawBuilder } from 'kysely';
import { parseGroupBy, parseProps, parseSortBy, whereAll, type ColumnRef, type Condition, type SortItem } from '@basalt/shared';
import type { Databases } from '../../../db/dialect.js';
import type { ColumnInfo, SchemaResolver, TableInfo } from '../model.js';
import { compileAggregate, compileCondition, type HavingScope } from './condition.js';
import { parsed, queryError, type Clause } from './errors.js';
import { parseWhereOnce } from './refused-texts.js';
import { JoinSet, col, fail, kindOf, pkName, resolvePath, type Ctx, type QueryAccess } from './scope.js';
import type { Typed } from './values.js';
import { ApiError } from '../../../http/api-error.js';
import { jsonPathValue, jsonPropName, parseJsonPath, type PathStep } from '../records/special-values.js';

/**
 * Turns the clauses of a record query (where, props, groupBy, having, distinct, sortBy) into the
 * parts of one SELECT over the table aliased `t0`. Each clause is parsed and checked on its own so
 * that an error names the clause and the token.
 */

export const ROOT = 't0';

export interface QueryInput {
  /** The caller's where text. */
  where?: string;
  /** Server-made conditions over the table's own columns, ANDed with the caller's where. */
  scope?: Condition[];
  /** What the caller may read beyond the root rows (app API callers only). */
  access?: QueryAccess;
  props?: string | string[];
  groupBy?: string | string[];
  having?: string;
  sortBy?: string | string[];
  distinct?: boolean;
}

export interface SelectItem {
  typed: Typed;
  /** output name: the column name, the alias, or the aggregate function in lower case */
  name: string;
  aggregate: boolean;
  /** the table column an item lists (not for aggregates) */
  column?: ColumnInfo;
  /** named by `as` or an aggregate: usable by name in having and sortBy */
  aliased: boolean;
}

export interface Plan {
  from: RawBuilder<unknown>;
  where: RawBuilder<boolean> | null;
  items: SelectItem[];
  groupBy: RawBuilder<unknown>[];
  having: RawBuilder<boolean> | null;
  /** true when the query groups rows (groupBy, aggregates or having) */
  aggregated: boolean;
  distinct: boolean;
  orderBy: RawBuilder<unknown>[];
}

export class Planner {
  private readonly seq = { n: 0 };

  constructor(
    private readonly dbs: Databases,
    private readonly appId: string,
    private readonly table: TableInfo,
    private readonly schema: SchemaResolver,
    private readonly access?: QueryAccess,
  ) {}

  /** The context of what the caller wrote: names checked against `access`, hops narrowed by it. */
  ctx(clause: Clause): Ctx {
    return { ...this.serverCtx(clause), ...(this.access ? { access: this.access, rowsOf: this.rowsOf } : {}) };
  }

  /** The context of conditions the server made (scopes): over columns the caller need not read. */
  private serverCtx(clause: Clause): Ctx {
    return { dbs: this.dbs, appId: this.appId, schema: this.schema, clause, seq: this.seq };
  }

  private readonly rowsOf = (table: TableInfo, alias: string): RawBuilder<boolean> | null => {
    const rows = this.access!.rows(table);
    if (rows === 'all') return null;
    if (rows === 'none') return sql<boolean>`(1 = 0)`;
    return compileCondition({ ctx: this.serverCtx('where'), root: table, alias }, rows);
  };

  from(): RawBuilder<unknown> {
    const schema = this.dbs.appSchema(this.appId);
    return sql`${schema ? sql.id(schema, this.table.sqlName) : sql.id(this.table.sqlName)} as ${sql.id(ROOT)}`;
  }

  /**
   * The caller's where and the server's scope. The caller's text is parsed alone, into a tree of
   * its own (an unbalanced parenthesis is a syntax error there), and each side compiles to one
   * parenthesised boolean: `(scope) and (caller)`. Nothing the caller writes can close a
   * parenthesis of the scope or add an OR beside it.
   */
  where(text: string | undefined, scope?: Condition[]): RawBuilder<boolean> | null {
    const own = parsed('where', () => parseWhereOnce(text));
    const caller = own ? compileCondition({ ctx: this.ctx('where'), root: this.table, alias: ROOT }, own) : null;
    const bound = scope?.length ? compileCondition({ ctx: this.serverCtx('where'), root: this.table, alias: ROOT }, whereAll(scope)!) : null;
    if (bound && caller) return sql<boolean>`(${bound} and ${caller})`;
    return bound ?? caller;
  }

  /** A column of the table itself (props, groupBy): relation paths are refused here. */
  private ownColumn(ctx: Ctx, ref: ColumnRef, use: string): ColumnInfo {
    const name = ref.path.join('.');
    const resolved = resolvePath(ctx, this.table, ref);
    if (resolved.hops.length > 0 || !resolved.column) {
      fail(ctx, `'${name}' is not a column of ${this.table.name}; ${use}`, name, ref.pos);
    }
    return resolved.column;
  }

  private columnItem(column: ColumnInfo, name = column.name, aliased = false): SelectItem {
    return { typed: { expr: col(ROOT, column.sqlName), kind: kindOf(column.dataType), label: column.name }, name, aggregate: false, column, aliased };
  }

  /** `doc->'$.a' [as a]`: the value at a JSON path of a JSON column, as JSON (decision 0029). */
  private jsonItem(ctx: Ctx, column: ColumnInfo, ref: ColumnRef, alias: string | null): SelectItem {
    const json = ref.json!;
    if (kindOf(column.dataType) !== 'json') fail(ctx, `'${column.name}' is not a JSON column: '->' reads inside JSON columns only (position ${json.pos})`, column.name, ref.pos);
    let steps: PathStep[];
    try {
      steps = parseJsonPath(json.path);
    } catch (err) {
      if (err instanceof ApiError) fail(ctx, `${err.message} at position ${json.pos}`, `'${json.path.slice(0, 80)}'`, json.pos);
      throw err;
    }
    const name = alias ?? jsonPropName(column.name, json.path);
    return { typed: { expr: jsonPathValue(ctx.dbs.kind, col(ROOT, column.sqlName), steps, 'json'), kind: 'json', label: name }, name, aggregate: false, column, aliased: alias !== null };
  }

  plan(input: QueryInput, withOrder: boolean): Plan {
    const where = this.where(input.where, input.scope);
    const groupCtx = this.ctx('groupBy');
    const groupCols = parsed('groupBy', () => parseGroupBy(input.groupBy)).map((ref) => this.ownColumn(groupCtx, ref, 'group by columns of the table'));
    const grouped = new Set(groupCols.map((c) => c.name));

    const propsCtx = this.ctx('props');
    const byName = new Map<string, SelectItem>();
    const add = (item: SelectItem) => {
      byName.delete(item.name);
      byName.set(item.name, item);
    };
    const props = parsed('props', () => parseProps(input.props));
    for (const p of props) {
      if (p.kind === 'all') for (const c of this.table.columns) add(this.columnItem(c));
      else if (p.kind === 'column') {
        const c = this.ownColumn(propsCtx, p.column, 'related objects come with loadRelations');
        add(p.column.json ? this.jsonItem(propsCtx, c, p.column, p.alias) : this.columnItem(c, p.alias ?? c.name, p.alias !== null));
      } else {
        const typed = compileAggregate(propsCtx, this.table, ROOT, p.aggregate);
        add({ typed, name: p.alias ?? p.aggregate.fn.toLowerCase(), aggregate: true, aliased: true });
      }
    }
    if (props.length === 0) for (const c of groupCols.length > 0 ? groupCols : this.table.columns) add(this.columnItem(c));
    const items = [...byName.values()];

    const havingText = input.having?.trim() ? input.having : undefined;
    const aggregated = groupCols.length > 0 || havingText !== undefined || items.some((i) => i.aggregate);
    if (aggregated) {
      for (const item of items) {
        if (!item.aggregate && !grouped.has(item.column!.name)) {
          throw queryError('props', `'${item.column!.name}' must be listed in groupBy or used inside an aggregate such as Count(${item.column!.name})`, item.column!.name);
        }
      }
    }

    const aliases = new Map(items.filter((i) => i.aliased).map((i) => [i.name, i.typed] as const));
    const havingScope: HavingScope = { aliases, grouped };
    const havingCond = parsed('having', () => parseWhereOnce(havingText));
    const having = havingCond ? compileCondition({ ctx: this.ctx('having'), root: this.table, alias: ROOT, having: havingScope }, havingCond) : null;

    const distinct = input.distinct === true;
    const orderBy = withOrder ? this.orderBy(input.sortBy, { items, aliases, grouped, aggregated, distinct }) : [];
    return { from: this.from(), where, items, groupBy: groupCols.map((c) => col(ROOT, c.sqlName)), having, aggregated, distinct, orderBy };
  }

  private orderBy(sortBy: string | string[] | undefined, q: { items: SelectItem[]; aliases: Map<string, Typed>; grouped: Set<string>; aggregated: boolean; distinct: boolean }): RawBuilder<unknown>[] {
    const ctx = this.ctx('sortBy');
    const sorts = parsed('sortBy', () => parseSortBy(sortBy));
    const order = sorts.map((s) => {
      const expr = this.sortExpr(ctx, s, q);
      // A column that is never NULL needs no NULL placement, and PostgreSQL can then walk an index
      // for it (it cannot when the ORDER BY asks for a NULL placement its index does not have).
      if (this.neverNull(s)) return s.descending ? sql`${expr} desc` : sql`${expr} asc`;
      // Same NULL placement on both databases (SQLite's native one, so its indexes still serve the sort).
      return s.descending ? sql`${expr} desc nulls last` : sql`${expr} asc nulls first`;
    });
    // A unique last key keeps offset paging stable when sort values repeat.
    if (order.length > 0 && !q.aggregated && !q.distinct) order.push(sql`${col(ROOT, pkName(this.table))} asc`);
    return order;
  }

  /** objectId, created and updated of the table itself: NOT NULL in every table (ddl.ts). */
  private neverNull(s: SortItem): boolean {
    const t = s.target;
    return t.kind !== 'aggregate' && t.path.length === 1 && NEVER_NULL.has(t.path[0]) && this.table.columns.some((c) => c.system && c.name === t.path[0]);
  }

  private sortExpr(ctx: Ctx, s: SortItem, q: { items: SelectItem[]; aliases: Map<string, Typed>; grouped: Set<string>; aggregated: boolean; distinct: boolean }): RawBuilder<unknown> {
    const t = s.target;
    if (t.kind === 'aggregate') {
      if (!q.aggregated) fail(ctx, `Sorting by ${t.fn} at position ${t.pos} needs groupBy or aggregate props`, t.fn, t.pos);
      const typed = compileAggregate(ctx, this.table, ROOT, t);
      if (q.distinct && !q.items.some((i) => i.aggregate && i.typed.label === typed.label)) fail(ctx, `With distinct, sort only by listed props: ${typed.label}`, typed.label, t.pos);
      return typed.expr;
    }
    const name = t.path.join('.');
    const aliased = t.path.length === 1 ? q.aliases.get(t.path[0]) : undefined;
    if (aliased) return aliased.expr;
    const resolved = resolvePath(ctx, this.table, t);
    if (!resolved.column) return fail(ctx, `'${name}' is a relation: sort by one of its columns (e.g. ${name}.objectId)`, name, t.pos);
    if (resolved.hops.length === 0) {
      if (q.aggregated && !q.grouped.has(resolved.column.name)) fail(ctx, `'${name}' must be in groupBy to sort grouped results`, name, t.pos);
      if (q.distinct && !q.items.some((i) => i.column?.name === resolved.column!.name)) fail(ctx, `With distinct, sort only by listed props: '${name}'`, name, t.pos);
      return col(ROOT, resolved.column.sqlName);
    }
    if (q.aggregated || q.distinct) fail(ctx, `Sorting by the related '${name}' is not possible with groupBy, aggregates or distinct`, name, t.pos);
    const joins = new JoinSet(ctx, ROOT, this.table);
    const owner = joins.ownerAlias(resolved, t.path);
    return joins.firstValue(col(owner, resolved.column.sqlName));
  }
}

const NEVER_NULL = new Set(['objectId', 'created', 'updated']);

const opt = (cond: boolean, part: () => RawBuilder<unknown>) => (cond ? part() : sql``);

/** `SELECT … FROM … WHERE … GROUP BY … HAVING … ORDER BY …` without paging. */
export function selectSql(plan: Plan, items: RawBuilder<unknown>[], withOrder: boolean): RawBuilder<unknown> {
  return sql`select ${opt(plan.distinct, () => sql`distinct `)}${sql.join(items)} from ${plan.from}${opt(plan.where !== null, () => sql` where ${plan.where}`)}${opt(
    plan.groupBy.length > 0,
    () => sql` group by ${sql.join(plan.groupBy)}`,
  )}${opt(plan.having !== null, () => sql` having ${plan.having}`)}${opt(withOrder && plan.orderBy.length > 0, () => sql` order by ${sql.join(plan.orderBy)}`)}`;
}

export function outputItems(plan: Plan): RawBuilder<unknown>[] {
  return plan.items.map((i) => sql`${i.typed.expr} as ${sql.id(i.name)}`);
}
