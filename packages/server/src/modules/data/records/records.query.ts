import { sql, type SelectQueryBuilder } from 'kysely';
import { ApiError } from '../../../http/api-error.js';
import type { DataArea } from '../data-area.js';
import type { AppSchema, ColumnMeta, TableMeta } from '../schema/app-schema.js';
import type { FindSpec } from './find-spec.js';
import { relationTree } from './relation-links.js';
import type { RelationLinks } from './relation-links.js';
import { rowToRecord, toStored } from './values.js';

/** A column that must hold one value (a chosen group of a data view). */
export interface GroupCondition {
  column: ColumnMeta;
  value: unknown;
}

const PLAIN = /^`?([A-Za-z][A-Za-z0-9_]{0,63})`?$/;
const PLAIN_SORT = /^`?([A-Za-z][A-Za-z0-9_]{0,63})`?(?:\s+(asc|desc))?$/i;

/**
 * Record queries. Queries that only name columns (props, sortBy, paging, distinct) are built here
 * with the query builder; anything with a where, groupBy, having, aggregates or relation paths goes
 * to the where-language compiler in `../query`.
 */
export class RecordsQuery {
  constructor(
    private readonly area: DataArea,
    private readonly links: RelationLinks,
  ) {}

  private plainColumn(table: TableMeta, clause: 'props' | 'sortBy', name: string): ColumnMeta {
    const col = table.columns.find((c) => c.name === name);
    if (!col) throw ApiError.badRequest(`Invalid ${clause}: column '${name}' does not exist in table '${table.name}'`, { clause, token: name });
    return col;
  }

  /** True when the plain builder can answer the query without the compiler. */
  isPlain(table: TableMeta, spec: FindSpec): boolean {
    if (spec.where || spec.having || spec.groupBy.length) return false;
    const props = spec.props.filter((p) => p !== '*');
    // A plain name that is not a scalar column may still be a relation (compiler's job); otherwise 400.
    const known = (clause: 'props' | 'sortBy', name: string) =>
      table.columns.some((c) => c.name === name) || (table.relations.some((r) => r.name === name) ? false : this.plainColumn(table, clause, name) !== undefined);
    return props.every((p) => PLAIN.test(p) && known('props', PLAIN.exec(p)![1]))
      && spec.sortBy.every((s) => PLAIN_SORT.test(s) && known('sortBy', PLAIN_SORT.exec(s)![1]));
  }

  private compilerMissing(): never {
    throw ApiError.notAvailableYet('Record filters (where, groupBy, having, aggregates)');
  }

  /**
   * A function that narrows a select over `table` to the records matching `where` and having the
   * given values (`path`, used by view grouping).
   */
  async filtered(_appId: string, table: TableMeta, where: string | undefined, path: GroupCondition[]): Promise<(q: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>> {
    if (where) this.compilerMissing();
    const conditions = path.map(({ column, value }) => ({ column, stored: toStored(column.name, column.dataType, value) }));
    void table;
    return (q) => conditions.reduce((acc, c) => (c.stored === null ? acc.where(c.column.sqlName, 'is', null) : acc.where(c.column.sqlName, '=', c.stored)), q);
  }

  /** Answers one page of records as the console sees them, with relations loaded. */
  async find(appId: string, _schema: AppSchema, table: TableMeta, spec: FindSpec): Promise<Array<Record<string, unknown>>> {
    return this.findIn(appId, table, spec, []);
  }

  async findIn(appId: string, table: TableMeta, spec: FindSpec, path: GroupCondition[]): Promise<Array<Record<string, unknown>>> {
    const tree = relationTree(spec.loadRelations);
    if (!this.isPlain(table, { ...spec, where: undefined })) this.compilerMissing();
    const filter = await this.filtered(appId, table, spec.where, path);
    const db = this.area.db(appId);
    const props = spec.props.filter((p) => p !== '*').map((p) => this.plainColumn(table, 'props', PLAIN.exec(p)![1]));
    const config = props.length ? await this.includeObjectId(appId) : false;
    const only = props.length ? new Set(props.map((c) => c.name)) : undefined;
    if (only && (config || tree.size)) only.add('objectId');
    let q = filter(db.selectFrom(table.sqlName));
    q = only ? q.select([...only].map((n) => sql.ref(this.plainColumn(table, 'props', n).sqlName).as(this.plainColumn(table, 'props', n).sqlName))) : q.selectAll();
    if (spec.distinct) q = q.distinct();
    for (const s of spec.sortBy) {
      const m = PLAIN_SORT.exec(s)!;
      q = q.orderBy(this.plainColumn(table, 'sortBy', m[1]).sqlName, (m[2] ?? 'asc').toLowerCase() as 'asc' | 'desc');
    }
    // A stable order makes paging repeatable; DISTINCT rows can only be ordered by what they select.
    if (!spec.distinct) q = q.orderBy('created').orderBy('objectId');
    const rows = await q.limit(spec.pageSize).offset(spec.offset).execute();
    const records = rows.map((row) => rowToRecord(table, row, only));
    for (const name of spec.excludeProps) for (const r of records) delete r[name.replace(/`/g, '')];
    await this.links.attach(appId, table, records, tree);
    return records;
  }

  async count(appId: string, _schema: AppSchema, table: TableMeta, spec: FindSpec): Promise<number> {
    if (!this.isPlain(table, spec) || spec.distinct) this.compilerMissing();
    return this.area.rowCount(appId, table.sqlName);
  }

  private async includeObjectId(appId: string): Promise<boolean> {
    const row = await this.area.db(appId).selectFrom('meta_config').select('value').where('key', '=', 'includeObjectIdByDefault').executeTakeFirst();
    return row ? JSON.parse(row.value) === true : false;
  }
}
