import type { ServerModule } from '../module.js';
import { AppDatabaseEditor } from './app-db.repo.js';
import { sqlServiceMigrations } from './sql-service.migrations.js';
import { registerSqlServiceRoutes } from './sql-service.routes.js';
import { SqlService } from './sql-service.service.js';

/**
 * SQL service (decision 0078): connections to external PostgreSQL, MySQL/MariaDB and SQLite
 * databases with saved queries and read-only selects, and the SQL editor over the app's own
 * database. Part of the Data area in the console.
 */
export const sqlServiceModule: ServerModule = {
  area: 'sql-service',
  name: 'sql-service',
  systemMigrations: sqlServiceMigrations,
  register(app, ctx) {
    const svc = new SqlService(ctx);
    app.addHook('onClose', () => svc.close());
    registerSqlServiceRoutes(app, ctx, svc, new AppDatabaseEditor(ctx));
  },
};
