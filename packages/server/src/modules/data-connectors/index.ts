import type { ServerModule } from '../module.js';
import { dataConnectorsMigrations } from './data-connectors.migrations.js';
import { registerDataConnectorsRoutes } from './data-connectors.routes.js';
import { DataConnectorsService } from './data-connectors.service.js';

/**
 * Data connectors (decision 0084): external PostgreSQL, MySQL/MariaDB and SQLite databases whose
 * tables the console's Data area lists beside the app's own. Console only: the app API does not
 * reach connector tables. Sessions and drivers are the SQL service's (modules/sql-service).
 */
export const dataConnectorsModule: ServerModule = {
  area: 'data-connectors',
  name: 'data-connectors',
  systemMigrations: dataConnectorsMigrations,
  register(app, ctx) {
    const svc = new DataConnectorsService(ctx);
    app.addHook('onClose', () => svc.close());
    ctx.connectorCounts = (appId, connectorId, tables, reset) => svc.countTables(appId, connectorId, tables, reset);
    registerDataConnectorsRoutes(app, ctx, svc);
  },
};
