import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { DataArea } from './data-area.js';
import { dataAppMigrations } from './schema/data.migrations.js';
import type { TablesService } from './schema/tables.service.js';
import type { ColumnsService } from './schema/columns.service.js';
import type { RelationsService } from './schema/relations.service.js';
import { registerTableRoutes } from './schema/tables.routes.js';
import { registerSchemaEvents } from './schema/schema-events.js';
import type { RecordsService } from './records/records.service.js';
import type { RecordsQuery } from './records/records.query.js';
import { registerRecordRoutes } from './records/records.routes.js';
import { registerFileCellRoutes } from './records/file-cells.js';
import type { ViewsService } from './views/views.service.js';
import { ViewRecords } from './views/view-records.js';
import { registerViewRoutes } from './views/views.routes.js';
import type { AppSchema } from './schema/app-schema.js';
import type { DynamicSchema } from './schema/dynamic-schema.js';
import type { RecordOutbox } from './records/record-outbox.js';
import { servicesOver } from './data-services.js';
import { servicesWithin } from './transaction-services.js';

export type { ColumnInfo, RelationInfo, SchemaResolver, TableInfo } from './model.js';
export type { AppSchema, TableMeta, ColumnMeta, RelationMeta } from './schema/app-schema.js';
/** Per-record validation of a create, for importers that report each bad row instead of failing the batch. */
export { prepareRecord, unknownKeys, type PreparedRecord } from './records/record-input.js';
export { parseRelationSpec, type DynamicSchema } from './schema/dynamic-schema.js';
export { assertColumnName, assertTableName } from './schema/names.js';
export { checkListSizes, splitList } from './records/find-spec.js';
export type { QueryAccess } from './query/scope.js';
export { relationTargets } from './query/reach.js';
export { checkClauses } from './query/errors.js';
/** Copying an app's schema and raw rows (app lifecycle: clone, export, import, reset; decision 0059). */
export { readSchemaRows, replaceSchema, type SchemaRows } from './schema/store-schema.js';
export { clearRows, countRows, insertRows, linkPage, recordPage, type LinkRow } from './records/record-copy.js';
export { fromStored, toStored } from './records/values.js';
export { loadAppSchema } from './schema/app-schema.js';
export { recordWriter, type OutboxEvent, type RecordEvent, type RecordOutbox } from './records/record-outbox.js';

/** The data services of a running server, for other areas (app-facing data API, users, import). */
export interface DataServices {
  tables: TablesService;
  columns: ColumnsService;
  relations: RelationsService;
  records: RecordsService;
  query: RecordsQuery;
  views: ViewsService;
  /** Tables, columns and relation columns created by writes when the app's dynamic schema is on. */
  dynamic: DynamicSchema;
  /** The app's schema (cached) — a `SchemaResolver` for the where compiler. */
  schema(appId: string): ReturnType<DataArea['schema']>;
  /** The app's schema when loaded already, without waiting (see settled.ts); undefined otherwise. */
  schemaNow(appId: string): AppSchema | undefined;
  /** The same services bound to a transaction's view of the context (decision 0027). */
  within(view: ServerContext): DataServices;
  /** Record events kept in each app's store for durable listeners (decision 0072). */
  outbox: RecordOutbox;
  /** The area the services share (the module's own routes use it). */
  readonly area: DataArea;
}

/**
 * The data services of a server context, built once by the composition root (app.ts) and handed to
 * every module that needs them (`ctx.data`). A transaction's view of the context gets its own from
 * `within(view)` (db/app-transaction.ts, decision 0027).
 */
export function createDataServices(ctx: ServerContext): DataServices {
  return servicesOver(new DataArea(ctx), (view, area) => servicesWithin(view, area));
}

/**
 * The data service: tables, columns and relations as real SQL in each app's data store, records,
 * data views. Every app's store gets the metadata tables and the Users table at creation.
 */
export const dataModule: ServerModule = {
  area: 'data',
  name: 'data',
  appMigrations: dataAppMigrations,
  async register(app, ctx) {
    const { area, tables, columns, relations, records, query, views } = ctx.data;
    const viewRecords = new ViewRecords(area, query);
    registerTableRoutes(app, ctx, { tables, columns, relations });
    registerSchemaEvents(app, ctx);
    registerRecordRoutes(app, ctx, { area, records, query, views, viewRecords });
    registerViewRoutes(app, ctx, { area, views, viewRecords, query });
    await registerFileCellRoutes(app, ctx, area, records);
  },
};
