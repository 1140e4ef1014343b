import { sql, type RawBuilder } from 'kysely';
import type { ColumnRef, Condition, ScalarDataType } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type { Databases } from '../../../db/dialect.js';
import type { ColumnInfo, RelationInfo, SchemaResolver, TableInfo } from '../model.js';
import { queryError, type Clause } from './errors.js';

/**
 * Name resolution for the where compiler: dotted paths are looked up in the schema, and relation
 * hops become joins over link tables. Only names found in the schema reach SQL, always through
 * `sql.id`; table aliases are generated here (t0, l1, r1 ...), never taken from the input.
 */

/**
 * How a column's values behave in comparisons. FILE_REF holds a path, so it is text; spatial
 * columns ('geometry') are compared only through the spatial functions.
 */
export type ValueKind = 'text' | 'int' | 'double' | 'boolean' | 'datetime' | 'geometry' | 'json';

export function kindOf(t: ScalarDataType): ValueKind {
  switch (t) {
    case 'INT':
      return 'int';
    case 'DOUBLE':
      return 'double';
    case 'BOOLEAN':
      return 'boolean';
    case 'DATETIME':
      return 'datetime';
    case 'POINT':
    case 'LINESTRING':
    case 'POLYGON':
    case 'GEOMETRY':
      return 'geometry';
    case 'JSON':
      // Compared through a JSON path (`doc->'$.a' = 1`), whose value takes the other side's kind.
      return 'json';
    default:
      return 'text';
  }
}

/**
 * What an app API caller may read, for the tables a query reaches. The root table's rows are
 * narrowed by the query's scope; this covers everything else a query names: a column the caller
 * may not read is refused wherever it appears (where, having, sortBy, props, groupBy, aggregates,
 * every hop of a relation path), and the related rows a relation path walks through are only
 * those the caller may Find, so a where over a relation answers exactly as a where over the
 * related table itself would. Without it (the console) every table and column is readable.
 */
export interface QueryAccess {
  /** Columns of the table the caller may not read. */
  hidden(table: TableInfo): ReadonlySet<string>;
  /** Rows of a table reached through a relation that the caller may read. */
  rows(table: TableInfo): Condition | 'all' | 'none';
  /** Stands for these decisions in the compiled-query memory's key. */
  readonly key: string;
}

export interface Ctx {
  dbs: Databases;
  appId: string;
  schema: SchemaResolver;
  clause: Clause;
  /**
   * Shared by the whole statement: the alias counter (so nested subqueries never shadow each
   * other) and the relation conditions counted so far (MAX_RELATION_CONDITIONS).
   */
  seq: { n: number; relations?: number };
  access?: QueryAccess;
  /** The readable rows of a related table under `alias` (compiled from `access.rows`); null when all are. */
  rowsOf?: (table: TableInfo, alias: string) => RawBuilder<boolean> | null;
}

export function fail(ctx: Ctx, message: string, token?: string, position?: number): never {
  throw queryError(ctx.clause, message, token, position);
}

export function nextAlias(ctx: Ctx, prefix: string): string {
  return `${prefix}${++ctx.seq.n}`;
}

/** The physical table, qualified with the app's schema on PostgreSQL. */
export function tableRef(ctx: Pick<Ctx, 'dbs' | 'appId'>, table: TableInfo | string): RawBuilder<unknown> {
  const name = typeof table === 'string' ? table : table.sqlName;
  const schema = ctx.dbs.appSchema(ctx.appId);
  return schema ? sql.id(schema, name) : sql.id(name);
}

/** Physical name of a table's objectId column. */
export function pkName(table: TableInfo): string {
  return table.columns.find((c) => c.name === 'objectId')?.sqlName ?? 'objectId';
}

export function col(alias: string, sqlName: string): RawBuilder<unknown> {
  return sql.id(alias, sqlName);
}

export interface Hop {
  relation: RelationInfo;
  target: TableInfo;
}

/** A path resolved against the schema: the relation hops, then a column or a relation. */
export interface Resolved {
  hops: Hop[];
  /** the table holding `column` / `relation` */
  owner: TableInfo;
  column: ColumnInfo | null;
  /** set when the path ends on a relation itself (`city IS NULL`) */
  relation: RelationInfo | null;
}

function unknownName(ctx: Ctx, table: TableInfo, ref: ColumnRef, i: number): never {
  const name = ref.path[i];
  const shown = ref.path.slice(0, i + 1).join('.');
  const all = [...table.columns.map((c) => c.name), ...table.relations.map((r) => r.name)];
  const close = all.find((n) => n.toLowerCase() === name.toLowerCase());
  fail(ctx, `Unknown column '${shown}' in table ${table.name}${close ? ` (did you mean '${close}'?)` : ''}`, shown, ref.pos);
}

/** Refuses a name the caller may not read, as a direct where on that table would (403). */
function readable(ctx: Ctx, table: TableInfo, name: string, ref: ColumnRef): void {
  if (!ctx.access?.hidden(table).has(name)) return;
  const shown = ref.path.join('.');
  throw ApiError.field('FORBIDDEN', ctx.clause, `Permission denied: column '${name}' of table '${table.name}' is hidden${shown !== name ? ` (in '${shown}')` : ''}`, { token: shown });
}

export function resolvePath(ctx: Ctx, root: TableInfo, ref: ColumnRef): Resolved {
  const hops: Hop[] = [];
  let current = root;
  for (let i = 0; i < ref.path.length; i++) {
    const name = ref.path[i];
    const last = i === ref.path.length - 1;
    const relation = current.relations.find((r) => r.name === name);
    if (last) {
      const column = current.columns.find((c) => c.name === name);
      if (column || relation) readable(ctx, current, name, ref);
      if (column) return { hops, owner: current, column, relation: null };
      if (relation) return { hops, owner: current, column: null, relation };
      unknownName(ctx, current, ref, i);
    }
    if (!relation) {
      if (current.columns.some((c) => c.name === name)) {
        fail(ctx, `'${name}' is a column of ${current.name}, not a relation, in '${ref.path.join('.')}'`, ref.path.join('.'), ref.pos);
      }
      unknownName(ctx, current, ref, i);
    }
    readable(ctx, current, name, ref);
    const target = ctx.schema.table(relation.toTableName);
    if (!target) fail(ctx, `Relation '${name}' of ${current.name} points at missing table ${relation.toTableName}`, name, ref.pos);
    hops.push({ relation, target });
    current = target;
  }
  /* c8 ignore next */
  return fail(ctx, 'Empty column name', '', ref.pos);
}

/**
 * Conditions over relations (EXISTS subqueries: comparisons through relation paths, `rel IS
 * [NOT] NULL`) one statement may hold. PostgreSQL turns ANDed EXISTS into semi-joins planned
 * together, and its planning time grows steeply with their number: 16 cost it a few hundred
 * milliseconds at worst, 32 near two seconds, 64 over fifteen (docs/security.md, "Limits").
 */
export const MAX_RELATION_CONDITIONS = 16;

/** Counts one relation condition of the statement; past the limit, a 400 naming it. */
function relationCondition(ctx: Ctx): void {
  ctx.seq.relations = (ctx.seq.relations ?? 0) + 1;
  if (ctx.seq.relations > MAX_RELATION_CONDITIONS) {
    fail(ctx, `Too many conditions over relations: the limit is ${MAX_RELATION_CONDITIONS} in one query (comparisons through relation paths and IS NULL on relations)`, 'relations');
  }
}

/** One relation hop of a JoinSet: a link-table alias and a target alias under `parent`. */
interface JoinHop {
  link: string;
  target: string;
  hop: Hop;
  parent: string;
  parentTable: TableInfo;
  /** the caller's readable rows of the target (app API), or null */
  readable: RawBuilder<boolean> | null;
}

/**
 * The joins one correlated condition needs: every distinct relation prefix of the paths it uses
 * gets one link-table alias and one target alias, correlated to its parent by parent_id. Each hop
 * is a subquery of its own nested in its parent's (`exists (select 1 from link join target where
 * parent_id = … and exists (…))`), not one subquery joining all hops: PostgreSQL plans a flat join
 * of n hops in time that grows steeply with n (a second for eight hops, far more for several such
 * conditions), and a nest of two-table subqueries in a few milliseconds. The meaning is the same:
 * some related rows, one per hop, meet the condition.
 */
export class JoinSet {
  private readonly aliases = new Map<string, string>();
  /** in creation order: a hop's parent always comes before it */
  private readonly hops: JoinHop[] = [];

  constructor(
    private readonly ctx: Ctx,
    private readonly rootAlias: string,
    private readonly root: TableInfo,
  ) {}

  get empty(): boolean {
    return this.hops.length === 0;
  }

  /** Alias of the table holding the resolved column (the root alias when there are no hops). */
  ownerAlias(resolved: Resolved, path: string[]): string {
    let alias = this.rootAlias;
    let table = this.root;
    resolved.hops.forEach((hop, i) => {
      const key = path.slice(0, i + 1).join('\u0000');
      let target = this.aliases.get(key);
      if (!target) {
        const link = nextAlias(this.ctx, 'l');
        target = nextAlias(this.ctx, 'r');
        // Only related rows the caller may read take part: the hop sees what a find on its table would.
        const readable = this.ctx.rowsOf?.(hop.target, target) ?? null;
        this.hops.push({ link, target, hop, parent: alias, parentTable: table, readable });
        this.aliases.set(key, target);
      }
      alias = target;
      table = hop.target;
    });
    return alias;
  }

  /** `from <link> join <target> on …` of one hop, and the conditions tying it to its parent. */
  private level(h: JoinHop): { from: RawBuilder<unknown>; where: RawBuilder<unknown>[] } {
    const { ctx } = this;
    const from = sql`${tableRef(ctx, h.hop.relation.linkTable)} as ${sql.id(h.link)} join ${tableRef(ctx, h.hop.target)} as ${sql.id(h.target)} on ${col(h.target, pkName(h.hop.target))} = ${col(h.link, 'child_id')}`;
    const where: RawBuilder<unknown>[] = [sql`${col(h.link, 'parent_id')} = ${col(h.parent, pkName(h.parentTable))}`];
    if (h.readable) where.push(h.readable);
    return { from, where };
  }

  /** The hops from `from` on, nested, with `cond` innermost. */
  private nested(from: number, cond: RawBuilder<unknown>): RawBuilder<boolean> {
    let inner = cond;
    for (let i = this.hops.length - 1; i >= from; i--) {
      const { from: tables, where } = this.level(this.hops[i]);
      inner = sql<boolean>`exists (select 1 from ${tables} where ${sql.join([...where, inner], sql` and `)})`;
    }
    return inner as RawBuilder<boolean>;
  }

  /** Some related rows, one per hop, for which `cond` holds (cond itself without hops). */
  exists(cond: RawBuilder<unknown>): RawBuilder<boolean> {
    if (this.empty) return cond as RawBuilder<boolean>;
    relationCondition(this.ctx);
    return this.nested(0, cond);
  }

  /**
   * The value of `expr` on the first related row by link position, for sorting by one relation
   * path (its hops are a chain): at each hop the first child, by position, that has a whole path
   * below it, which is the first whole path in the order of the positions along it.
   */
  firstValue(expr: RawBuilder<unknown>): RawBuilder<unknown> {
    let value = expr;
    for (let i = this.hops.length - 1; i >= 0; i--) {
      const { from, where } = this.level(this.hops[i]);
      if (i < this.hops.length - 1) where.push(this.nested(i + 1, sql`(1 = 1)`));
      value = sql`(select ${value} from ${from} where ${sql.join(where, sql` and `)} order by ${col(this.hops[i].link, 'position')} limit 1)`;
    }
    return value;
  }
}

/**
 * `[NOT] EXISTS` over a relation's link table: whether the owner row has any related object, of
 * those the caller may read (with a scope, the related table joins in so `rel IS NULL` cannot tell
 * that a hidden related record exists).
 */
export function hasRelated(ctx: Ctx, ownerAlias: string, owner: TableInfo, relation: RelationInfo): RawBuilder<boolean> {
  relationCondition(ctx);
  const link = nextAlias(ctx, 'l');
  const linked = sql`${col(link, 'parent_id')} = ${col(ownerAlias, pkName(owner))}`;
  const target = ctx.rowsOf ? ctx.schema.table(relation.toTableName) : undefined;
  if (target) {
    const alias = nextAlias(ctx, 'r');
    const readableRows = ctx.rowsOf!(target, alias);
    if (readableRows) {
      return sql<boolean>`exists (select 1 from ${tableRef(ctx, relation.linkTable)} as ${sql.id(link)}, ${tableRef(ctx, target)} as ${sql.id(alias)} where ${linked} and ${col(alias, pkName(target))} = ${col(link, 'child_id')} and ${readableRows})`;
    }
  }
  return sql<boolean>`exists (select 1 from ${tableRef(ctx, relation.linkTable)} as ${sql.id(link)} where ${linked})`;
}
