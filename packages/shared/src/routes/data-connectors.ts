import { plannedRoutes } from '../route.js';

const base = '/:appId/console/dataconnectors';

/** External databases mounted as data tables (not built yet; developer operation 99 when built). */
export const dataConnectorsRoutes = plannedRoutes('data-connectors', 'dataConnectors', {
  getTemplates: ['GET', `${base}/templates`],
  getConnectors: ['GET', base],
  activateConnector: ['POST', base],
  deleteConnector: ['DELETE', `${base}/:connectorId`],
  updateConnector: ['PUT', `${base}/:connectorId`],
  getConnectorTables: ['GET', `${base}/:connectorId/tables`],
  getConnectorTableEntries: ['POST', `${base}/:connectorId/tables/:tableName/entries/find`],
  getConnectorTableEntriesCount: ['GET', `${base}/:connectorId/tables/:tableName/entries/count`],
  getConnectorStoredProcedures: ['GET', `${base}/:connectorId/storedprocs`],
  executeConnectorStoredProcedure: ['POST', `${base}/:connectorId/storedprocs/:procedureId/execution`],
});
