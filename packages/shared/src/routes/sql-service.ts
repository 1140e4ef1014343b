import { plannedRoutes } from '../route.js';

const base = '/:appId/console/sql';

/** SQL connections, saved queries and selects (not built yet). */
export const sqlServiceRoutes = plannedRoutes('sql-service', 'sqlService', {
  getConnections: ['GET', `${base}/connection`],
  createConnection: ['POST', `${base}/connection`],
  updateConnection: ['PUT', `${base}/connection/:connectionId`],
  getConnectionTables: ['GET', `${base}/connection/:connectionId/tables`],
  getConnectionRoutines: ['GET', `${base}/connection/:connectionId/routines`],
  getConnectionQueries: ['GET', `${base}/:connectionName/query`],
  createConnectionQuery: ['POST', `${base}/:connectionName/query`],
  updateConnectionQuery: ['PUT', `${base}/:connectionName/query/:queryId`],
  runConnectionDynamicSelect: ['POST', `${base}/:connectionName/select`],
  runConnectionNamedSelect: ['POST', `${base}/:connectionName/select/:queryName`],
});
