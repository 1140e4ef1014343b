import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { DataConnectorsService } from './data-connectors.service.js';

const yes = (v: unknown) => v === true || v === 'true';

/** The console's data connector routes (`dataConnectors` group, decision 0084). */
export function registerDataConnectorsRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  svc: DataConnectorsService,
): void {
  const R = Routes.dataConnectors;
  handle(app, ctx, R.getTemplates, () => svc.templates());
  handle(app, ctx, R.getConnectors, ({ params }) => svc.list(params.appId));
  handle(app, ctx, R.activateConnector, ({ params, body }) => svc.create(params.appId, body));
  handle(app, ctx, R.updateConnector, ({ params, body }) => svc.update(params.appId, params.connectorId, body));
  handle(app, ctx, R.deleteConnector, ({ params }) => svc.remove(params.appId, params.connectorId));
  handle(app, ctx, R.getConnectorTables, ({ params, query }) =>
    svc.tables(params.appId, params.connectorId, yes(query?.forceRefresh)),
  );
  handle(app, ctx, R.getConnectorTableEntries, ({ params, body }) =>
    svc.find(params.appId, params.connectorId, params.tableName, body ?? {}),
  );
  handle(app, ctx, R.getConnectorTableEntriesCount, ({ params, query }) =>
    svc.count(params.appId, params.connectorId, params.tableName, query?.where, yes(query?.resetCache)),
  );
  handle(app, ctx, R.getConnectorStoredProcedures, ({ params }) => svc.procedures(params.appId, params.connectorId));
  handle(app, ctx, R.executeConnectorStoredProcedure, ({ params, body }) =>
    svc.execute(params.appId, params.connectorId, params.procedureId, body),
  );
}
