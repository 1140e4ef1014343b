import type { FastifyInstance, FastifyReply } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { AppDatabaseEditor } from './app-db.repo.js';
import type { ReadResult } from './drivers/driver.js';
import type { SqlService } from './sql-service.service.js';

/** Rows of a select; `X-Basalt-Rows-Truncated` says the row cap cut them (the answer stays an array). */
function rows(reply: FastifyReply, result: ReadResult) {
  if (result.truncated) reply.header('x-basalt-rows-truncated', 'true');
  return result.rows;
}

/** The SQL service's console routes (`sqlService` group) and the app database's SQL editor. */
export function registerSqlServiceRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  svc: SqlService,
  editor: AppDatabaseEditor,
): void {
  const R = Routes.sqlService;
  handle(app, ctx, R.getConnections, ({ params }) => svc.list(params.appId));
  handle(app, ctx, R.createConnection, ({ params, body }) => svc.create(params.appId, body));
  handle(app, ctx, R.updateConnection, ({ params, body }) => svc.update(params.appId, params.connectionId, body));
  handle(app, ctx, R.deleteConnection, ({ params }) => svc.remove(params.appId, params.connectionId));
  handle(app, ctx, R.testConnection, ({ body }) => svc.testUnsaved(body));
  handle(app, ctx, R.getConnectionTables, ({ params }) => svc.tables(params.appId, params.connectionId));
  handle(app, ctx, R.getConnectionRoutines, ({ params }) => svc.routines(params.appId, params.connectionId));
  handle(app, ctx, R.getConnectionQueries, ({ params }) => svc.queries(params.appId, params.connectionName));
  handle(app, ctx, R.createConnectionQuery, ({ params, body }) =>
    svc.createQuery(params.appId, params.connectionName, body),
  );
  handle(app, ctx, R.updateConnectionQuery, ({ params, body }) =>
    svc.updateQuery(params.appId, params.connectionName, params.queryId, body),
  );
  handle(app, ctx, R.deleteConnectionQuery, ({ params }) =>
    svc.removeQuery(params.appId, params.connectionName, params.queryId),
  );
  handle(app, ctx, R.runConnectionDynamicSelect, async ({ params, body, reply }) =>
    rows(reply, await svc.dynamicSelect(params.appId, params.connectionName, body)),
  );
  handle(app, ctx, R.runConnectionNamedSelect, async ({ params, body, reply }) =>
    rows(reply, await svc.namedSelect(params.appId, params.connectionName, params.queryName, body?.params)),
  );
  handle(app, ctx, R.runAppSelect, async ({ params, body, reply }) =>
    rows(reply, await editor.select(params.appId, body, svc.limits, reply.raw)),
  );
}
