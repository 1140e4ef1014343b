import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle, sendJson } from '../../../http/route.js';
import { ApiError } from '../../../http/api-error.js';
import type { DataArea } from '../data-area.js';
import type { ViewsService } from '../views/views.service.js';
import type { ViewRecords } from '../views/view-records.js';
import { streamCsv } from './csv.js';
import { readFindSpec, type FindSpec } from './find-spec.js';
import type { Answering } from '../../../db/query-limits.js';
import { assertObjectId } from './record-input.js';
import { intercepted } from '../../../events/interceptors.js';
import type { RecordsQuery } from './records.query.js';
import type { RecordsService } from './records.service.js';

const r = Routes.tables;

export interface RecordServices {
  area: DataArea;
  records: RecordsService;
  query: RecordsQuery;
  views: ViewsService;
  viewRecords: ViewRecords;
}

/** Records: find, count, CSV, create/update/delete, bulk, relations, cell values. */
export function registerRecordRoutes(app: FastifyInstance, ctx: ServerContext, s: RecordServices): void {
  /** Runs a query against a table, or against a data view of that name (views share the routes). */
  async function onTableOrView<T>(appId: string, name: string, spec: FindSpec, forTable: (t: Awaited<ReturnType<DataArea['table']>>) => Promise<T>, forView: (v: NonNullable<Awaited<ReturnType<ViewsService['byName']>>>) => Promise<T>): Promise<T> {
    const schema = await s.area.schema(appId);
    const table = schema.table(name);
    if (table) return forTable({ schema, table });
    const view = await s.views.byName(appId, name);
    if (view) return forView(view);
    void spec;
    throw ApiError.notFound(`Table '${name.slice(0, 80)}' does not exist`);
  }

  handle(app, ctx, r.loadRecords, ({ params, body, reply }) => {
    const spec = readFindSpec(body, reply.raw);
    return onTableOrView(params.appId, params.tableName, spec, ({ schema, table }) => s.query.find(params.appId, schema, table, spec), (view) => s.viewRecords.find(params.appId, view, spec));
  });
  const count = (appId: string, name: string, body: Record<string, unknown> | undefined, client?: Answering) => {
    const spec = readFindSpec(body, client);
    return onTableOrView(appId, name, spec, ({ schema, table }) => s.query.count(appId, schema, table, spec), (view) => s.viewRecords.count(appId, view, spec));
  };
  handle(app, ctx, r.getRecordsCount, ({ params, body, reply }) => count(params.appId, params.tableName, body, reply.raw));
  handle(app, ctx, r.getCount, ({ params, query, reply }) => count(params.appId, params.tableName, query, reply.raw));

  handle(app, ctx, r.exportRecords, async ({ params, body, reply }) => {
    const spec = readFindSpec(body, reply.raw);
    const { schema, table } = await s.area.table(params.appId, params.tableName);
    return streamCsv(reply, s.query, params.appId, schema, table, spec);
  });

  handle(app, ctx, r.getRecordsCountForTables, async ({ params, body, reply }) => {
    const out: Record<string, number> = {};
    if (body.connectorId) {
      if (!ctx.connectorCounts) throw ApiError.notAvailableYet('Counting records of data connectors');
      return ctx.connectorCounts(params.appId, body.connectorId, body.tables.map((t) => (typeof t === 'string' ? t : t.name)), body.resetCache === true);
    }
    for (const item of body.tables) {
      const name = typeof item === 'string' ? item : item.name;
      out[name] = await count(params.appId, name, {}, reply.raw);
    }
    return out;
  });

  handle(app, ctx, r.getCellData, async ({ params, reply }) => {
    const { schema, table } = await s.area.table(params.appId, params.tableName);
    const id = assertObjectId(params.recordId);
    const isColumn = table.columns.some((c) => c.name === params.columnName);
    const isRelation = table.relations.some((x) => x.name === params.columnName);
    if (!isColumn && !isRelation) throw ApiError.notFound(`Column '${params.columnName.slice(0, 80)}' does not exist in table '${table.name}'`);
    const [record] = await s.query.findIn(params.appId, schema, table, { ...readFindSpec({}, reply.raw), pageSize: 1, loadRelations: isRelation ? [params.columnName] : [] }, [{ column: table.columns.find((c) => c.name === 'objectId')!, value: id }]);
    if (!record) throw ApiError.notFound(`Record '${id}' does not exist in table '${table.name}'`);
    // Always JSON, also for a text value, so the client parses it the same way every time.
    return sendJson(reply, record[params.columnName]);
  });

  /*
   * A record written in the data browser goes through the table's event handlers as an app's write
   * does (decision 0047): the handlers run with no app user (ServerCodeUser only), as a timer's do.
   * Without handlers this is one lookup and the write runs directly.
   */
  const hooked = <T>(appId: string, table: string, op: string, req: Record<string, unknown>, work: (req: Record<string, unknown>) => Promise<T>) =>
    ctx.interceptors.active(appId) ? intercepted(ctx.interceptors, { appId, provider: 'data', target: table, caller: null }, { before: `before${op}`, after: `after${op}` }, req, work) : work(req);

  /** Records a before-handler left: an array of records, else (nothing usable) the ones sent. */
  const itemsOf = <T>(items: unknown, sent: T[]): T[] => (Array.isArray(items) ? (items as T[]) : sent);

  handle(app, ctx, r.createRecord, ({ params, body }) =>
    hooked(params.appId, params.tableName, 'Create', { item: body }, (req) => s.records.create(params.appId, params.tableName, req.item as typeof body)),
  );
  handle(app, ctx, r.updateRecord, ({ params, body }) => {
    const objectId = assertObjectId(params.objectId);
    return hooked(params.appId, params.tableName, 'Update', { item: { ...body, objectId } }, (req) => s.records.update(params.appId, params.tableName, objectId, req.item as typeof body));
  });
  handle(app, ctx, r.bulkCreateRecords, ({ params, body }) =>
    hooked(params.appId, params.tableName, 'CreateBulk', { items: body }, (req) => s.records.bulkCreate(params.appId, params.tableName, itemsOf(req.items, body))),
  );
  handle(app, ctx, r.bulkUpsertRecords, async ({ params, body }) => {
    let rows = body;
    const ids = await hooked(params.appId, params.tableName, 'UpsertBulk', { items: body }, (req) => s.records.bulkUpsert(params.appId, params.tableName, (rows = itemsOf(req.items, body))));
    // A before-handler answered instead: nothing was written to tell.
    if (!Array.isArray(ids)) return ids;
    const { table } = await s.area.table(params.appId, params.tableName);
    ctx.bus.emit('records.bulk', { appId: params.appId, table: table.name, event: 'bulk-upserted', records: ids.map((objectId, i) => ({ ...rows[i], objectId })) });
    return ids;
  });
  handle(app, ctx, r.deleteRecords, async ({ params, body }) => {
    const ids = body.map((x) => (typeof x === 'string' ? x : x.objectId));
    // Described the way the SDK describes a delete by ids, so listeners and handlers see one
    // condition shape. The ids are what is deleted: a handler may refuse or answer instead, and a
    // where it changes is not applied (decision 0055).
    const whereClause = `objectId in (${ids.map((id) => `'${id}'`).join(',')})`;
    const count = await hooked(params.appId, params.tableName, 'RemoveBulk', { tableName: params.tableName, whereClause }, () => s.records.deleteMany(params.appId, params.tableName, ids));
    const { table } = await s.area.table(params.appId, params.tableName);
    ctx.bus.emit('records.bulk', { appId: params.appId, table: table.name, event: 'bulk-deleted', whereClause, count });
    return count;
  });
  handle(app, ctx, r.deleteAllRecords, async ({ params }) => {
    const count = await hooked(params.appId, params.tableName, 'RemoveBulk', { tableName: params.tableName, whereClause: null }, () => s.records.deleteAll(params.appId, params.tableName));
    const { table } = await s.area.table(params.appId, params.tableName);
    ctx.bus.emit('records.bulk', { appId: params.appId, table: table.name, event: 'bulk-deleted', whereClause: null, count });
    return count;
  });

  handle(app, ctx, r.updateRelations, async ({ params, body }) => {
    const { table } = await s.area.table(params.appId, params.tableName);
    const relation = table.relations.find((x) => x.name === params.columnName);
    if (!relation) throw ApiError.notFound(`Relation column '${params.columnName.slice(0, 80)}' does not exist in table '${table.name}'`);
    const parentId = assertObjectId(params.recordId);
    body.forEach((id) => assertObjectId(id));
    const added = await s.records.addRelations(params.appId, table, relation, parentId, body);
    ctx.bus.emit('record.updated', { appId: params.appId, table: table.name, record: { objectId: parentId, ___class: table.name } });
    ctx.bus.emit('relation.changed', { appId: params.appId, table: table.name, event: 'add', relationColumnName: relation.name, parentObjectId: parentId, isConditional: false, children: body });
    return added;
  });
  handle(app, ctx, r.removeRelations, async ({ params, body }) => {
    const { table } = await s.area.table(params.appId, params.tableName);
    const relation = table.relations.find((x) => x.name === params.columnName);
    if (!relation) throw ApiError.notFound(`Relation column '${params.columnName.slice(0, 80)}' does not exist in table '${table.name}'`);
    const parentId = assertObjectId(params.recordId);
    const removed = await s.records.removeRelations(params.appId, relation, parentId, body);
    ctx.bus.emit('record.updated', { appId: params.appId, table: table.name, record: { objectId: parentId, ___class: table.name } });
    ctx.bus.emit('relation.changed', { appId: params.appId, table: table.name, event: 'delete', relationColumnName: relation.name, parentObjectId: parentId, isConditional: false, children: body.map(String) });
    return removed;
  });
}
