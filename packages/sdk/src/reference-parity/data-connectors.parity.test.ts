import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const connector = { id: 'C1', name: 'shop', type: 'POSTGRESQL', host: 'db', port: 5432, database: 'shop' };
const table = { name: 'orders', columns: [{ name: 'customer', dataType: 'STRING' }] };

describeParity('dataConnectors', [
  ['getTemplates', (api) => api.dataConnectors.getTemplates(A), [ok([{ id: 'POSTGRESQL' }])]],
  ['getConnectors', (api) => api.dataConnectors.getConnectors(A), [ok([connector])]],
  ['getConnectors forced', (api) => api.dataConnectors.getConnectors(A, true), [ok([connector])]],
  ['activateConnector', (api) => api.dataConnectors.activateConnector(A, connector), [ok(connector)]],
  [
    'activateConnector refused',
    (api) => api.dataConnectors.activateConnector(A, connector),
    [fail('PostgreSQL: password authentication failed', 424)],
  ],
  ['updateConnector', (api) => api.dataConnectors.updateConnector(A, connector), [ok(connector)]],
  ['deleteConnector', (api) => api.dataConnectors.deleteConnector(A, 'C1'), [ok({ success: true })]],
  ['getConnectorTables', (api) => api.dataConnectors.getConnectorTables(A, 'C1', { a: 1 }), [ok([table])]],
  [
    'getConnectorTableEntries',
    (api) =>
      api.dataConnectors.getConnectorTableEntries(A, 'C1', table, {
        where: 'total > 3',
        sqlSearch: true,
        pageSize: 20,
      }),
    [ok([{ customer: 'Ada' }])],
  ],
  [
    'getConnectorTableEntries search',
    (api) => api.dataConnectors.getConnectorTableEntries(A, 'C1', table, { where: 'Ada', sortBy: 'customer' }),
    [ok([{ customer: 'Ada' }])],
  ],
  [
    'getConnectorTableEntriesCount',
    (api) => api.dataConnectors.getConnectorTableEntriesCount(A, 'C1', table, {}),
    [ok(5)],
  ],
  ['getConnectorStoredProcedures', (api) => api.dataConnectors.getConnectorStoredProcedures(A, 'C1'), [ok([])]],
  [
    'getConnectorStoredProcedures forced',
    (api) => api.dataConnectors.getConnectorStoredProcedures(A, 'C1', { forceRefresh: true }),
    [ok([])],
  ],
  [
    'executeConnectorStoredProcedure',
    (api) => api.dataConnectors.executeConnectorStoredProcedure(A, 'C1', 'orders_over', { min_total: 3 }),
    [ok([{ id: 1 }])],
  ],
]);
