import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle, registeredRouteNames } from '../../../http/route.js';
import { ApiError } from '../../../http/api-error.js';
import { readFindSpec } from '../records/find-spec.js';
import type { DataArea } from '../data-area.js';
import type { RecordsQuery } from '../records/records.query.js';
import { DEFAULT_GROUP_PAGE_SIZE, DEFAULT_GROUP_RECORDS_PAGE_SIZE, type ViewRecords } from './view-records.js';
import type { ViewsService } from './views.service.js';

const r = Routes.dataViews;

function pageSize(value: unknown, fallback: number, field: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw ApiError.field('BAD_REQUEST', field, `Invalid ${field}: expected a whole number of at least 0`);
  return Math.min(100, value);
}

/** Data views: CRUD, grouped records, group counts, table previews. */
export function registerViewRoutes(app: FastifyInstance, ctx: ServerContext, s: { area: DataArea; views: ViewsService; viewRecords: ViewRecords; query: RecordsQuery }): void {
  // Views' records and counts use the table routes' paths: the record routes resolve view names.
  for (const served of [r.loadRecords, r.getRecordsCount, r.getRecordsCounts]) registeredRouteNames.add(served.name);

  handle(app, ctx, r.getViews, ({ params }) => s.views.list(params.appId));
  handle(app, ctx, r.createView, ({ params, body }) => s.views.create(params.appId, body));
  handle(app, ctx, r.updateView, ({ params, body }) => s.views.update(params.appId, params.viewId, body));
  handle(app, ctx, r.renameView, ({ params, body }) => s.views.rename(params.appId, params.viewId, body.name));
  handle(app, ctx, r.deleteView, async ({ params }) => {
    await s.views.remove(params.appId, params.viewId);
    return { success: true };
  });

  const view = async (appId: string, name: string) => {
    const found = await s.views.byName(appId, name);
    if (!found) throw ApiError.notFound(`Data view '${name.slice(0, 80)}' does not exist`);
    return found;
  };

  handle(app, ctx, r.getViewRecords, async ({ params, query, reply }) => s.viewRecords.find(params.appId, await view(params.appId, params.viewName), readFindSpec(query, reply.raw)));

  handle(app, ctx, r.loadGroupRecords, async ({ params, body, reply }) => {
    const spec = readFindSpec(body, reply.raw);
    return s.viewRecords.groups(params.appId, await view(params.appId, params.viewName), {
      ...spec,
      groupPageSize: pageSize(body.groupPageSize, DEFAULT_GROUP_PAGE_SIZE, 'groupPageSize'),
      recordsPageSize: pageSize(body.recordsPageSize, DEFAULT_GROUP_RECORDS_PAGE_SIZE, 'recordsPageSize'),
      groupPath: Array.isArray(body.groupPath) ? body.groupPath : [],
    });
  });
  handle(app, ctx, r.getGroupRecordsCount, async ({ params, body, reply }) => {
    const spec = readFindSpec(body, reply.raw);
    return s.viewRecords.groupCount(params.appId, await view(params.appId, params.viewName), { ...spec, groupPath: Array.isArray(body.groupPath) ? body.groupPath : [] });
  });

  handle(app, ctx, r.loadSampleRecords, async ({ params, body, reply }) => {
    const { schema, table } = await s.area.table(params.appId, params.tableName);
    return s.query.find(params.appId, schema, table, readFindSpec(body, reply.raw));
  });
}
