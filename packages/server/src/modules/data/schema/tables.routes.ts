import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import { ApiError } from '../../../http/api-error.js';
import type { ColumnsService, ColumnInput } from './columns.service.js';
import type { RelationsService, RelationInput } from './relations.service.js';
import type { TablesService } from './tables.service.js';
import { PREDEFINED_VALIDATORS } from './column-validators.js';

const r = Routes.tables;

export interface SchemaServices {
  tables: TablesService;
  columns: ColumnsService;
  relations: RelationsService;
}

/** Tables, columns, relation columns, data config and table options. */
export function registerTableRoutes(app: FastifyInstance, ctx: ServerContext, s: SchemaServices): void {
  const changed = (origin: object, appId: string, developerId: string, action: string, target: string, summary: string) =>
    ctx.bus.emit('console.changed', { appId, developerId, action, target, summary, origin });

  handle(app, ctx, r.get, ({ params }) => s.tables.list(params.appId));
  // The same list for every app and developer: the validators a text column may pick (decision 0069).
  handle(app, ctx, Routes.dataValidators.getDataValidators, () => [...PREDEFINED_VALIDATORS]);
  handle(app, ctx, r.create, async ({ params, body, developer, req }) => {
    let table = await s.tables.create(params.appId, body, developer.id);
    // The reference client may send a whole table object: its columns are created with it, or none is.
    const extra = [body.columns, body.relations, body.geoRelations].flatMap((list) => (Array.isArray(list) ? list : []))
      .filter((c): c is ColumnInput & RelationInput => !!c && typeof c === 'object' && !['objectId', 'created', 'updated', 'ownerId'].includes((c as { name?: string }).name ?? ''));
    if (extra.length > 200) throw ApiError.badRequest('A table can be created with at most 200 columns at once');
    try {
      for (const c of extra) {
        if (c.dataType === 'DATA_REF' || c.dataType === 'GEO_REF') await s.relations.create(params.appId, table.name, c, c.dataType);
        else await s.columns.create(params.appId, table.name, c);
      }
    } catch (err) {
      await s.tables.remove(params.appId, table.name, true);
      throw err;
    }
    if (extra.length) table = (await s.tables.list(params.appId)).tables.find((t) => t.tableId === table.tableId) ?? table;
    changed(req, params.appId, developer.id, 'table.create', table.name, `Created table ${table.name}`);
    return table;
  });
  handle(app, ctx, r.update, async ({ params, body, developer, req }) => {
    const table = await s.tables.rename(params.appId, params.tableName, body);
    changed(req, params.appId, developer.id, 'table.update', table.name, `Renamed table ${params.tableName} to ${table.name}`);
    return table;
  });
  handle(app, ctx, r.remove, async ({ params, query, developer, req }) => {
    await s.tables.remove(params.appId, params.tableName, query.cascade === 'true' || query.cascade === '1');
    changed(req, params.appId, developer.id, 'table.delete', params.tableName, `Deleted table ${params.tableName}`);
    return { success: true };
  });

  handle(app, ctx, r.createColumn, async ({ params, body }) => {
    // A relation type sent to the plain path is served as the reference server would.
    if (body.dataType === 'DATA_REF' || body.dataType === 'GEO_REF') return s.relations.create(params.appId, params.tableName, body, body.dataType);
    return s.columns.create(params.appId, params.tableName, body);
  });
  handle(app, ctx, r.createRelationColumn, ({ params, body }) => s.relations.create(params.appId, params.tableName, body, 'DATA_REF'));
  handle(app, ctx, r.createGeoRelationColumn, ({ params, body }) => s.relations.create(params.appId, params.tableName, body, 'GEO_REF'));
  handle(app, ctx, r.updateColumn, ({ params, body }) => {
    if (params.columnName === 'relation' || params.columnName === 'georelation') return s.relations.update(params.appId, params.tableName, body);
    return s.columns.update(params.appId, params.tableName, params.columnName, body);
  });
  handle(app, ctx, r.deleteColumn, async ({ params }) => {
    await s.columns.remove(params.appId, params.tableName, params.columnName);
    return { success: true };
  });
  handle(app, ctx, r.deleteRelationColumn, async ({ params }) => {
    await s.relations.remove(params.appId, params.tableName, params.columnName);
    return { success: true };
  });

  handle(app, ctx, r.loadConfigs, ({ params }) => s.tables.config(params.appId));
  handle(app, ctx, r.setConfigs, ({ params, body }) => s.tables.setConfig(params.appId, body));

  handle(app, ctx, r.loadTableOwnerPolicyDelayCheck, ({ params }) => s.tables.ownerPolicyDelayCheck(params.appId, params.tableName));
  handle(app, ctx, r.changeTableOwnerPolicyDelayCheck, ({ params, body }) => s.tables.setOwnerPolicyDelayCheck(params.appId, params.tableName, body));

  // Role assignment is kept by the security area.
}
