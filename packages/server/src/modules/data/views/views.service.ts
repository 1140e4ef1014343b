import type { DataView } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import { newId } from '../../../http/secrets.js';
import type { DataArea } from '../data-area.js';
import type { TableMeta } from '../schema/app-schema.js';
import { assertTableName } from '../schema/names.js';
import type { TablesService } from '../schema/tables.service.js';
import { splitList } from '../records/find-spec.js';

export interface ViewInput {
  name?: string;
  tableName?: string;
  table?: string;
  columns?: Array<string | { name: string }>;
  where?: string | null;
  sortBy?: string | string[] | null;
  groupBy?: string | string[] | null;
}

interface Definition {
  columns: string[];
  where: string | null;
  sortBy: string[];
  groupBy: string[];
}

/** Data views: saved selections (columns, filter, order, grouping) over one table. */
export class ViewsService {
  constructor(
    private readonly area: DataArea,
    private readonly tables: TablesService,
  ) {}

  private async rows(appId: string) {
    return this.area.db(appId).selectFrom('meta_views').selectAll().orderBy('created').execute();
  }

  private async toWire(appId: string, row: Record<string, any>): Promise<DataView> {
    const def = JSON.parse(row.definition) as Definition;
    const table = (await this.area.schema(appId)).tableById(row.table_id);
    return {
      viewId: row.view_id, name: row.name, tableName: table?.name ?? '', tableId: row.table_id,
      columns: def.columns, where: def.where, sortBy: def.sortBy, groupBy: def.groupBy, created: Number(row.created), updated: Number(row.updated),
    };
  }

  async list(appId: string): Promise<DataView[]> {
    return Promise.all((await this.rows(appId)).map((r) => this.toWire(appId, r)));
  }

  /** A view by name (as record routes address it), or undefined. */
  async byName(appId: string, name: string): Promise<DataView | undefined> {
    const row = await this.area.db(appId).selectFrom('meta_views').selectAll().where('name', '=', name).executeTakeFirst();
    return row ? this.toWire(appId, row) : undefined;
  }

  async byId(appId: string, viewId: string): Promise<DataView> {
    const row = await this.area.db(appId).selectFrom('meta_views').selectAll().where('view_id', '=', viewId).executeTakeFirst();
    if (!row) throw ApiError.notFound(`Data view '${viewId.slice(0, 80)}' does not exist`);
    return this.toWire(appId, row);
  }

  /** Checks a definition against the source table; unknown columns are a 400 naming them. */
  private definition(table: TableMeta, input: ViewInput, prev?: Definition): Definition {
    const columns = input.columns === undefined ? (prev?.columns ?? []) : input.columns.map((c) => (typeof c === 'string' ? c : c.name));
    const names = new Set([...table.columns.map((c) => c.name), ...table.relations.map((r) => r.name)]);
    const unknown = columns.find((c) => !names.has(c));
    if (unknown) throw ApiError.field('BAD_REQUEST', unknown.slice(0, 80), `Column '${unknown.slice(0, 80)}' does not exist in table '${table.name}'`);
    const where = input.where === undefined ? (prev?.where ?? null) : input.where?.trim() || null;
    const sortBy = input.sortBy === undefined ? (prev?.sortBy ?? []) : splitList(input.sortBy);
    const groupBy = input.groupBy === undefined ? (prev?.groupBy ?? []) : splitList(input.groupBy);
    const badGroup = groupBy.find((g) => !table.columns.some((c) => c.name === g.replace(/`/g, '')));
    if (badGroup) throw ApiError.field('BAD_REQUEST', badGroup.slice(0, 80), `Cannot group by '${badGroup.slice(0, 80)}': not a column of table '${table.name}'`);
    return { columns, where, sortBy, groupBy };
  }

  async create(appId: string, input: ViewInput): Promise<DataView> {
    const name = assertTableName(input.name);
    const tableName = input.tableName ?? input.table;
    if (!tableName) throw ApiError.field('BAD_REQUEST', 'tableName', 'Name the source table of the view (tableName)');
    const { table } = await this.area.table(appId, tableName);
    const def = this.definition(table, input);
    const db = this.area.db(appId);
    await this.tables.assertNameFree(db, name);
    const now = Date.now();
    const viewId = newId();
    await db.insertInto('meta_views').values({ view_id: viewId, name, name_key: name.toLowerCase(), table_id: table.tableId, definition: JSON.stringify(def), created: now, updated: now }).execute();
    return this.byId(appId, viewId);
  }

  async update(appId: string, viewId: string, input: ViewInput): Promise<DataView> {
    const view = await this.byId(appId, viewId);
    const table = (await this.area.schema(appId)).tableById(view.tableId);
    if (!table) throw ApiError.notFound(`The source table of data view '${view.name}' does not exist`);
    const def = this.definition(table, input, view);
    const db = this.area.db(appId);
    const name = input.name === undefined || input.name === view.name ? view.name : assertTableName(input.name);
    if (name.toLowerCase() !== view.name.toLowerCase()) await this.tables.assertNameFree(db, name);
    await db.updateTable('meta_views').set({ name, name_key: name.toLowerCase(), definition: JSON.stringify(def), updated: Date.now() }).where('view_id', '=', viewId).execute();
    return this.byId(appId, viewId);
  }

  async rename(appId: string, viewId: string, name: string): Promise<DataView> {
    return this.update(appId, viewId, { name });
  }

  async remove(appId: string, viewId: string): Promise<void> {
    await this.byId(appId, viewId);
    await this.area.db(appId).deleteFrom('meta_views').where('view_id', '=', viewId).execute();
  }
}
