/** Query keys of the Data area; everything of one app sits under `['data', appId]`. */
export const dataKeys = {
  app: (appId: string) => ['data', appId] as const,
  tables: (appId: string) => ['data', appId, 'tables'] as const,
  tableCounts: (appId: string) => ['data', appId, 'table-counts'] as const,
  table: (appId: string, table: string) => ['data', appId, 'table', table] as const,
  recordsCount: (appId: string, table: string, q: string, filter: string) => ['data', appId, 'table', table, 'count', q, filter] as const,
  record: (appId: string, table: string, objectId: string) => ['data', appId, 'table', table, 'record', objectId] as const,
  pickerRecords: (appId: string, table: string, q: string) => ['data', appId, 'table', table, 'picker', q] as const,
  config: (appId: string) => ['data', appId, 'config'] as const,
  views: (appId: string) => ['data', appId, 'views'] as const,
  viewCounts: (appId: string) => ['data', appId, 'view-counts'] as const,
  viewRecords: (appId: string, view: string, extra: unknown) => ['data', appId, 'view', view, extra] as const,
  counters: (appId: string, pattern: string, page: number) => ['data', appId, 'counters', pattern, page] as const,
  cache: (appId: string, page: number, pageSize: number) => ['data', appId, 'cache', page, pageSize] as const,
  hives: (appId: string) => ['data', appId, 'hives'] as const,
  hiveKeys: (appId: string, hive: string, store: string, pattern: string) => ['data', appId, 'hive', hive, store, pattern] as const,
};
