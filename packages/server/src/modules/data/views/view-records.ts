import { ApiError } from '../../../http/api-error.js';
import type { DataArea } from '../data-area.js';
import type { AppSchema, TableMeta } from '../schema/app-schema.js';
import type { FindSpec } from '../records/find-spec.js';
import type { RecordsQuery } from '../records/records.query.js';
import { fromStored } from '../records/values.js';
import { parseWhere, type DataView } from '@basalt/shared';
import { parsed } from '../query/errors.js';

export const DEFAULT_GROUP_PAGE_SIZE = 5;
export const DEFAULT_GROUP_RECORDS_PAGE_SIZE = 5;

/** Records of a data view: the view's filter, columns and order applied under the request's. */
export class ViewRecords {
  constructor(
    private readonly area: DataArea,
    private readonly query: RecordsQuery,
  ) {}

  async source(appId: string, view: DataView): Promise<{ schema: AppSchema; table: TableMeta }> {
    const schema = await this.area.schema(appId);
    const table = schema.tableById(view.tableId);
    if (!table) throw ApiError.notFound(`The source table of data view '${view.name}' does not exist`);
    return { schema, table };
  }

  /**
   * The request's query narrowed by the view: both filters apply, each parsed on its own (the
   * view's becomes part of the scope, ANDed as a syntax tree, never joined as text); the view's
   * columns and order are defaults, and its relation columns are loaded.
   */
  spec(view: DataView, spec: FindSpec, table: TableMeta): FindSpec {
    const viewWhere = parsed('where', () => parseWhere(view.where));
    const scope = viewWhere ? [...(spec.scope ?? []), viewWhere] : spec.scope;
    const isRelation = (name: string) => table.relations.some((r) => r.name === name);
    const columns = view.columns.filter((c) => !isRelation(c));
    const relations = view.columns.filter(isRelation);
    return {
      ...spec,
      scope,
      props: spec.props.length ? spec.props : columns,
      loadRelations: [...new Set([...spec.loadRelations, ...(spec.props.length ? [] : relations)])],
      sortBy: spec.sortBy.length ? spec.sortBy : view.sortBy,
    };
  }

  async find(appId: string, view: DataView, spec: FindSpec): Promise<Array<Record<string, unknown>>> {
    const { schema, table } = await this.source(appId, view);
    return this.query.find(appId, schema, table, this.spec(view, spec, table));
  }

  async count(appId: string, view: DataView, spec: FindSpec): Promise<number> {
    const { schema, table } = await this.source(appId, view);
    return this.query.count(appId, schema, table, this.spec(view, spec, table));
  }

  /** The grouping column at the depth of `groupPath` (one value per level already chosen). */
  private level(table: TableMeta, view: DataView, groupBy: string[], groupPath: unknown[]) {
    const columns = (groupBy.length ? groupBy : view.groupBy).map((g) => g.replace(/`/g, ''));
    if (!columns.length) throw ApiError.field('BAD_REQUEST', 'groupBy', 'Give the column to group by (groupBy)');
    if (groupPath.length >= columns.length) throw ApiError.field('BAD_REQUEST', 'groupBy', `groupPath has ${groupPath.length} values but only ${columns.length} grouping columns exist`);
    const resolve = (name: string) => {
      const col = table.columns.find((c) => c.name === name);
      if (!col) throw ApiError.field('BAD_REQUEST', 'groupBy', `Invalid groupBy: column '${name.slice(0, 80)}' does not exist in table '${table.name}'`, { token: name.slice(0, 80) });
      return col;
    };
    return { path: groupPath.map((value, i) => ({ column: resolve(columns[i]), value })), column: resolve(columns[groupPath.length]) };
  }

  /**
   * One page of groups (groupPageSize, offset) at the level below `groupPath`, each with its count
   * and its first records (recordsPageSize).
   */
  async groups(appId: string, view: DataView, spec: FindSpec & { groupPageSize: number; recordsPageSize: number; groupPath: unknown[] }) {
    const { schema, table } = await this.source(appId, view);
    const merged = this.spec(view, spec, table);
    const { path, column } = this.level(table, view, spec.groupBy, spec.groupPath);
    const db = this.area.db(appId);
    const filter = this.query.filtered(appId, schema, table, merged, path);
    const groups = await filter(db.selectFrom(table.sqlName))
      .select([column.sqlName, (eb: any) => eb.fn.countAll().as('n')])
      .groupBy(column.sqlName).orderBy(column.sqlName).limit(spec.groupPageSize).offset(spec.offset).execute();
    const out = [];
    for (const g of groups) {
      const value = fromStored(column.dataType, g[column.sqlName]);
      const records = await this.query.findIn(appId, schema, table, { ...merged, groupBy: [], pageSize: spec.recordsPageSize, offset: 0 }, [...path, { column, value }]);
      out.push({ value, count: Number(g.n), records });
    }
    return { groupBy: column.name, groups: out };
  }

  /** Number of groups at the level below `groupPath`. */
  async groupCount(appId: string, view: DataView, spec: FindSpec & { groupPath: unknown[] }): Promise<number> {
    const { schema, table } = await this.source(appId, view);
    const merged = this.spec(view, spec, table);
    const { path, column } = this.level(table, view, spec.groupBy, spec.groupPath);
    const filter = this.query.filtered(appId, schema, table, merged, path);
    const row = await filter(this.area.db(appId).selectFrom(table.sqlName))
      .select((eb: any) => eb.fn.count(column.sqlName).distinct().as('n')).executeTakeFirst();
    // COUNT(DISTINCT) skips NULL, but NULL is a group of its own.
    const nulls = await filter(this.area.db(appId).selectFrom(table.sqlName)).select(column.sqlName).where(column.sqlName, 'is', null).limit(1).executeTakeFirst();
    return Number(row?.n ?? 0) + (nulls ? 1 : 0);
  }
}
