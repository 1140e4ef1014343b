/** Query keys of the SQL editor; every key starts with the app so an app switch never mixes data. */
export const sqlEditorKeys = {
  all: (appId: string) => ['sql-editor', appId] as const,
  connections: (appId: string) => [...sqlEditorKeys.all(appId), 'connections'] as const,
  tables: (appId: string, target: string) => [...sqlEditorKeys.all(appId), 'tables', target] as const,
  queries: (appId: string, connection: string) => [...sqlEditorKeys.all(appId), 'queries', connection] as const,
};
