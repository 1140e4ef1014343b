/** Query keys of data connectors; every key starts with the app so an app switch never mixes data. */
export const dataConnectorKeys = {
  all: (appId: string) => ['data-connectors', appId] as const,
  templates: (appId: string) => [...dataConnectorKeys.all(appId), 'templates'] as const,
  list: (appId: string) => [...dataConnectorKeys.all(appId), 'list'] as const,
  tables: (appId: string, connectorId: string) => [...dataConnectorKeys.all(appId), 'tables', connectorId] as const,
  rows: (appId: string, connectorId: string, table: string, where: string, page: number) =>
    [...dataConnectorKeys.all(appId), 'rows', connectorId, table, where, page] as const,
  count: (appId: string, connectorId: string, table: string, where: string) =>
    [...dataConnectorKeys.all(appId), 'count', connectorId, table, where] as const,
};
