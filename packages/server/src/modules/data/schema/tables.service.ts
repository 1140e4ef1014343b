import type { Kysely } from 'kysely';
import type { DataConfig, DataTable } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import { newId } from '../../../http/secrets.js';
import type { DataArea } from '../data-area.js';
import { tableToWire, type AppSchema, type TableMeta } from './app-schema.js';
import { createPhysicalTable, dropPhysicalTable } from './ddl.js';
import { assertTableName, physicalName, withSchemaLock } from './names.js';
import { BASE_COLUMNS, GEO_COLUMNS, GEO_TABLE_NAME, GEO_TABLE_SQL, systemColumnRows } from './system-tables.js';


const CONFIG_DEFAULTS: DataConfig = { dynamicSchema: true, includeObjectIdByDefault: false };

/** Tables of an app's data store: list, create, rename, delete; data config; table options. */
export class TablesService {
  constructor(private readonly area: DataArea) {}

  async list(appId: string): Promise<{ tables: DataTable[] }> {
    const schema = await this.area.schema(appId);
    return { tables: schema.tables.map(tableToWire) };
  }

  /** Refuses a name taken by a table or a view, compared without case (SQL names ignore it). */
  async assertNameFree(db: Kysely<any>, name: string, exceptTableId?: string): Promise<void> {
    const key = name.toLowerCase();
    const table = await db.selectFrom('meta_tables').select('table_id').where('name_key', '=', key).executeTakeFirst();
    if (table && table.table_id !== exceptTableId) throw ApiError.field('CONFLICT', 'name', `A table named '${name}' already exists`);
    const view = await db.selectFrom('meta_views').select('view_id').where('name_key', '=', key).executeTakeFirst();
    if (view) throw ApiError.field('CONFLICT', 'name', `A data view named '${name}' already exists`);
  }

  async create(appId: string, body: { name: string }, developerId?: string): Promise<DataTable> {
    const name = assertTableName(body.name);
    await withSchemaLock(appId, async () => {
      const db = this.area.db(appId);
      await this.assertNameFree(db, name);
      // The app's plan may cap its tables (decision 0082): 402 before anything is made.
      const plans = this.area.ctx.plans;
      if (plans.limits('tables')) {
        const own = (await this.area.schema(appId)).tables.filter((t) => !t.system).length;
        await plans.assertCapacity(appId, 'tables', own + 1);
      }
      const tableId = newId();
      const sqlName = physicalName('t');
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('meta_tables').values({ table_id: tableId, name, name_key: name.toLowerCase(), sql_name: sqlName, system: 0, options: '{}', created: Date.now() }).execute();
        await trx.insertInto('meta_columns').values(systemColumnRows(tableId, BASE_COLUMNS)).execute();
        await createPhysicalTable(trx, sqlName, []);
      });
      this.area.schemas.invalidate(appId);
    });
    this.area.ctx.bus.emit('table.created', { appId, table: name, ...(developerId ? { developerId } : {}) });
    const { table } = await this.area.table(appId, name);
    return tableToWire(table);
  }

  async rename(appId: string, tableName: string, body: { name?: string }): Promise<DataTable> {
    const { table } = await this.area.table(appId, tableName);
    if (body.name === undefined || body.name === table.name) return tableToWire(table);
    const name = assertTableName(body.name);
    if (table.system) throw ApiError.badRequest(`'${table.name}' is a system table and cannot be renamed`);
    await withSchemaLock(appId, async () => {
      const db = this.area.db(appId);
      await this.assertNameFree(db, name, table.tableId);
      // Physical names never change, so a rename is a metadata update and keeps every row.
      await db.updateTable('meta_tables').set({ name, name_key: name.toLowerCase() }).where('table_id', '=', table.tableId).execute();
      this.area.schemas.invalidate(appId);
    });
    const { table: renamed } = await this.area.table(appId, name);
    return tableToWire(renamed);
  }

  /**
   * Drops a table with its rows, relation columns and views. Relations of other tables that point
   * at it are a 409 unless `cascade`, which removes those relation columns too.
   */
  async remove(appId: string, tableName: string, cascade: boolean): Promise<void> {
    const { schema, table } = await this.area.table(appId, tableName);
    if (table.system) throw ApiError.badRequest(`'${table.name}' is a system table and cannot be deleted`);
    const incoming = schema.relationsTo(table.name).filter((x) => x.from.tableId !== table.tableId);
    if (incoming.length && !cascade) {
      const names = incoming.map((x) => `${x.from.name}.${x.relation.name}`).join(', ');
      throw ApiError.conflict(`Table '${table.name}' is the target of relation columns (${names}); delete them first or pass cascade=true`, { relations: names });
    }
    await withSchemaLock(appId, async () => {
      const db = this.area.db(appId);
      const links = [...table.relations, ...incoming.map((x) => x.relation)];
      await db.transaction().execute(async (trx) => {
        for (const r of links) {
          await trx.deleteFrom('meta_relations').where('column_id', '=', r.columnId).execute();
          await dropPhysicalTable(trx, r.linkTable);
        }
        await trx.deleteFrom('meta_columns').where('table_id', '=', table.tableId).execute();
        await trx.deleteFrom('meta_views').where('table_id', '=', table.tableId).execute();
        await trx.deleteFrom('meta_tables').where('table_id', '=', table.tableId).execute();
        await dropPhysicalTable(trx, table.sqlName);
      });
      this.area.schemas.invalidate(appId);
    });
  }

  /** The geo points table, created on first use by a GEO_REF column. Call under the schema lock. */
  async ensureGeoTable(appId: string, schema: AppSchema): Promise<TableMeta> {
    const existing = schema.table(GEO_TABLE_NAME);
    if (existing) return existing;
    const db = this.area.db(appId);
    const tableId = 'GEOPOINT';
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('meta_tables').values({ table_id: tableId, name: GEO_TABLE_NAME, name_key: GEO_TABLE_NAME.toLowerCase(), sql_name: GEO_TABLE_SQL, system: 1, options: '{}', created: Date.now() }).execute();
      await trx.insertInto('meta_columns').values(systemColumnRows(tableId, GEO_COLUMNS)).execute();
      await createPhysicalTable(trx, GEO_TABLE_SQL, GEO_COLUMNS.filter((c) => !c.base));
    });
    this.area.schemas.invalidate(appId);
    return (await this.area.schema(appId)).table(GEO_TABLE_NAME)!;
  }

  async config(appId: string): Promise<DataConfig> {
    const rows = await this.area.db(appId).selectFrom('meta_config').selectAll().where('key', 'in', Object.keys(CONFIG_DEFAULTS)).execute();
    const out: DataConfig = { ...CONFIG_DEFAULTS };
    for (const r of rows) (out as unknown as Record<string, unknown>)[r.key] = JSON.parse(r.value);
    return out;
  }

  async setConfig(appId: string, body: Partial<DataConfig>): Promise<DataConfig> {
    const db = this.area.db(appId);
    for (const key of Object.keys(CONFIG_DEFAULTS) as Array<keyof DataConfig>) {
      if (body[key] === undefined) continue;
      const value = JSON.stringify(Boolean(body[key]));
      await db.deleteFrom('meta_config').where('key', '=', key).execute();
      await db.insertInto('meta_config').values({ key, value }).execute();
    }
    return this.config(appId);
  }

  /** Owner-policy delay check of a table: stored as a table option, off by default. */
  async ownerPolicyDelayCheck(appId: string, tableName: string): Promise<{ enabled: boolean }> {
    const { table } = await this.area.table(appId, tableName);
    return { enabled: table.options.ownerPolicyDelayCheck === true };
  }

  async setOwnerPolicyDelayCheck(appId: string, tableName: string, body: Record<string, unknown>): Promise<{ enabled: boolean }> {
    const { table } = await this.area.table(appId, tableName);
    const raw = body.enabled ?? body.ownerPolicyDelayCheck ?? body.value;
    if (typeof raw !== 'boolean') throw ApiError.field('BAD_REQUEST', 'enabled', 'Send {enabled: true|false}');
    const options = { ...table.options, ownerPolicyDelayCheck: raw };
    await this.area.db(appId).updateTable('meta_tables').set({ options: JSON.stringify(options) }).where('table_id', '=', table.tableId).execute();
    this.area.schemas.invalidate(appId);
    return { enabled: raw };
  }
}
