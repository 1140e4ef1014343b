import { sql, type SelectQueryBuilder } from 'kysely';
import { ApiError } from '../../../http/api-error.js';
import type { DataArea } from '../data-area.js';
import type { AppSchema, ColumnMeta, TableMeta } from '../schema/app-schema.js';
import { buildCount, buildFind, buildWhereSelectIds } from '../query/index.js';
import { compiledFor } from '../query/compiled-memory.js';
import { parsedApart } from '../query/refused-texts.js';
import type { FindSpec } from './find-spec.js';
import { limitedSelect } from '../../../db/query-limits.js';
import { relationTree, type RelationLinks } from './relation-links.js';
import { fromStored, isHidden, rowToRecord, toStored } from './values.js';
import { jsonPropNames } from './special-values.js';
import { jsonFromStored } from './json-values.js';

const PLAIN = /^`?([A-Za-z][A-Za-z0-9_]{0,63})`?$/;
const PLAIN_SORT = /^`?([A-Za-z][A-Za-z0-9_]{0,63})`?(?:\s+(asc|desc))?$/i;

/** A column that must hold one value (a chosen group of a data view, one record's id). */
export interface GroupCondition {
  column: ColumnMeta;
  value: unknown;
}

type Select = SelectQueryBuilder<any, any, any>;

/** Column of each name, null for hidden ones; kept per table object (replaced on schema change). */
const namesOf = new WeakMap<TableMeta, Map<string, ColumnMeta | null>>();
function columnsByName(table: TableMeta): Map<string, ColumnMeta | null> {
  let map = namesOf.get(table);
  if (!map) {
    map = new Map(table.columns.map((c) => [c.name, isHidden(table, c) ? null : c]));
    namesOf.set(table, map);
  }
  return map;
}

/**
 * Record queries. A query that only names columns (props, sortBy, paging, distinct) is built here
 * with the query builder — the common case of the records browser, kept short. Anything with a
 * where, groupBy, having, aggregates or relation paths is compiled by the where language
 * (`../query`), which checks every name against the schema and binds every value.
 *
 * Every read of records here runs through `dbs.readApp`, under the query time limit and stopped
 * when the spec's `client` goes away (db/query-limits.ts, decision 0017); so do the selects built
 * on `filtered` (a data view's groups).
 */
export class RecordsQuery {
  constructor(
    private readonly area: DataArea,
    private readonly links: RelationLinks,
  ) {}

  private plainColumn(table: TableMeta, clause: 'props' | 'sortBy', name: string): ColumnMeta {
    const col = table.columns.find((c) => c.name === name);
    if (!col) throw ApiError.field('BAD_REQUEST', clause, `Invalid ${clause}: column '${name}' does not exist in table '${table.name}'`, { token: name });
    return col;
  }

  /** True when props and sortBy only name the table's own columns (where is handled apart). */
  private plainShape(table: TableMeta, spec: FindSpec): boolean {
    if (spec.having || spec.groupBy.length) return false;
    const own = (name: string) => table.columns.some((c) => c.name === name);
    return spec.props.every((p) => p === '*' || (PLAIN.test(p) && own(PLAIN.exec(p)![1])))
      && spec.sortBy.every((s) => PLAIN_SORT.test(s) && own(PLAIN_SORT.exec(s)![1]));
  }

  /**
   * A function that narrows a select over `table` to the records matching `where` and holding
   * the given values (`path`). The select it answers runs under the query time limit when executed.
   */
  filtered(appId: string, schema: AppSchema, table: TableMeta, spec: Pick<FindSpec, 'where' | 'scope' | 'access' | 'client'>, path: GroupCondition[]): (q: Select) => Select {
    const ids = spec.where || spec.scope?.length ? buildWhereSelectIds(this.area.ctx.dbs, appId, table, schema, spec.where, spec.scope, spec.access) : undefined;
    const conditions = path.map(({ column, value }) => ({ column, stored: toStored(column.name, column.dataType, value) }));
    return (q) => {
      let out = conditions.reduce((acc, c) => (c.stored === null ? acc.where(c.column.sqlName, 'is', null) : acc.where(c.column.sqlName, '=', c.stored)), q);
      if (ids) out = out.where(sql.ref('objectId'), 'in', sql`(${ids})`);
      return limitedSelect(this.area.ctx.dbs, appId, out, spec.client);
    };
  }

  /** Answers one page of records as the console sees them, with relations loaded. */
  async find(appId: string, schema: AppSchema, table: TableMeta, spec: FindSpec): Promise<Array<Record<string, unknown>>> {
    if (!spec.where && !spec.scope?.length && this.plainShape(table, spec)) return this.findIn(appId, schema, table, spec, []);
    const tree = relationTree(spec.loadRelations);
    const props = spec.props.length && tree.size && !spec.props.includes('objectId') && !spec.groupBy.length ? [...spec.props, 'objectId'] : spec.props;
    const aggregated = spec.groupBy.length > 0 || !!spec.having || props.some((p) => p.includes('('));
    // Without a sort the records come oldest first, as in the plain path.
    const sortBy = spec.sortBy.length || aggregated || spec.distinct ? spec.sortBy : ['created asc'];
    const input = { where: spec.where, scope: spec.scope, access: spec.access, props, groupBy: spec.groupBy, having: spec.having, sortBy, distinct: spec.distinct, pageSize: spec.pageSize, offset: spec.offset };
    const db = this.area.db(appId);
    await parsedApart(spec.where);
    // The scope and the caller's access shape the SQL as much as the text does.
    const key = JSON.stringify(['find', { ...input, access: spec.access?.key ?? null }]);
    const { rows } = await this.area.ctx.dbs.readApp(appId, compiledFor(schema, table, key, db, () => buildFind(this.area.ctx.dbs, appId, table, schema, input)), spec.client);
    const records = rows.map((row) => this.outputRow(table, row));
    // JSON path props come back as JSON text from SQLite (jsonb values are parsed by the driver).
    if (this.area.ctx.dbs.kind === 'sqlite') for (const name of jsonPropNames(props)) for (const r of records) r[name] = jsonFromStored(r[name]);
    this.exclude(records, spec);
    if (!aggregated) await this.links.attach(appId, table, records, tree);
    return records;
  }

  /** Compiled rows are keyed by column name (or alias): values of known columns get their wire form. */
  private outputRow(table: TableMeta, row: Record<string, unknown>): Record<string, unknown> {
    // The driver's row is ours alone: converted in place rather than copied (one object less per row).
    const byName = columnsByName(table);
    for (const key of Object.keys(row)) {
      const col = byName.get(key);
      if (col === null) delete row[key];
      else if (col) row[key] = fromStored(col.dataType, row[key]);
    }
    row.___class = table.name;
    return row;
  }

  private exclude(records: Array<Record<string, unknown>>, spec: FindSpec): void {
    for (const name of spec.excludeProps) for (const r of records) delete r[name.replace(/`/g, '')];
  }

  /** The plain path, also used with fixed column values (view groups, one record's cell). */
  async findIn(appId: string, schema: AppSchema, table: TableMeta, spec: FindSpec, path: GroupCondition[]): Promise<Array<Record<string, unknown>>> {
    if (!this.plainShape(table, spec)) {
      const bad = [...spec.props, ...spec.sortBy].find((p) => p !== '*' && !PLAIN_SORT.test(p)) ?? spec.groupBy[0] ?? 'having';
      throw ApiError.badRequest(`Invalid query: '${bad.slice(0, 80)}' cannot be used here; name columns of table '${table.name}' only`, { token: bad.slice(0, 80) });
    }
    const tree = relationTree(spec.loadRelations);
    const filter = this.filtered(appId, schema, table, spec, path);
    const props = spec.props.filter((p) => p !== '*').map((p) => this.plainColumn(table, 'props', PLAIN.exec(p)![1]));
    const only = props.length && !spec.props.includes('*') ? new Set(props.map((c) => c.name)) : undefined;
    if (only && (tree.size || (await this.includeObjectId(appId)))) only.add('objectId');
    let q = filter(this.area.db(appId).selectFrom(table.sqlName));
    q = only ? q.select([...only].map((n) => sql.ref(this.plainColumn(table, 'props', n).sqlName).as(this.plainColumn(table, 'props', n).sqlName))) : q.selectAll();
    if (spec.distinct) q = q.distinct();
    for (const s of spec.sortBy) {
      const m = PLAIN_SORT.exec(s)!;
      q = q.orderBy(this.plainColumn(table, 'sortBy', m[1]).sqlName, (m[2] ?? 'asc').toLowerCase() as 'asc' | 'desc');
    }
    // A stable order makes paging repeatable; DISTINCT rows can only be ordered by what they select.
    if (!spec.distinct) q = q.orderBy('created').orderBy('objectId');
    const { rows } = await this.area.ctx.dbs.readApp<Record<string, unknown>>(appId, q.limit(spec.pageSize).offset(spec.offset).compile(), spec.client);
    const records = rows.map((row) => rowToRecord(table, row, only));
    this.exclude(records, spec);
    await this.links.attach(appId, table, records, tree);
    return records;
  }

  async count(appId: string, schema: AppSchema, table: TableMeta, spec: FindSpec): Promise<number> {
    if (!spec.where && !spec.scope?.length && !spec.groupBy.length && !spec.having && !spec.distinct) {
      const all = this.area.db(appId).selectFrom(table.sqlName).select((eb) => eb.fn.countAll().as('n')).compile();
      const { rows } = await this.area.ctx.dbs.readApp<{ n: number | string }>(appId, all, spec.client);
      return Number(rows[0]?.n ?? 0);
    }
    const input = { where: spec.where, scope: spec.scope, access: spec.access, groupBy: spec.groupBy, having: spec.having, distinct: spec.distinct, props: spec.props.length ? spec.props : undefined };
    const db = this.area.db(appId);
    await parsedApart(spec.where);
    const key = JSON.stringify(['count', { ...input, access: spec.access?.key ?? null }]);
    const { rows } = await this.area.ctx.dbs.readApp(appId, compiledFor(schema, table, key, db, () => buildCount(this.area.ctx.dbs, appId, table, schema, input)), spec.client);
    return Number(rows[0]?.count ?? 0);
  }

  private async includeObjectId(appId: string): Promise<boolean> {
    const row = await this.area.db(appId).selectFrom('meta_config').select('value').where('key', '=', 'includeObjectIdByDefault').executeTakeFirst();
    return row ? JSON.parse(row.value) === true : false;
  }
}
