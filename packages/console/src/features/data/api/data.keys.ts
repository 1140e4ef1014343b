/** Query keys of the Data area; everything of one app sits under `['data', appId]`. */
export const dataKeys = {
  app: (appId: string) => ['data', appId] as const,
  tables: (appId: string) => ['data', appId, 'tables'] as const,
  tableCounts: (appId: string) => ['data', appId, 'table-counts'] as const,
  tableCountsOf: (appId: string, names: string[]) => ['data', appId, 'table-counts', names] as const,
  table: (appId: string, table: string) => ['data', appId, 'table', table] as const,
  recordsCount: (appId: string, table: string, q: string, filter: string) => ['data', appId, 'table', table, 'count', q, filter] as const,
  record: (appId: string, table: string, objectId: string) => ['data', appId, 'table', table, 'record', objectId] as const,
  pickerRecords: (appId: string, table: string, q: string) => ['data', appId, 'table', table, 'picker', q] as const,
  config: (appId: string) => ['data', appId, 'config'] as const,
  views: (appId: string) => ['data', appId, 'views'] as const,
  viewCounts: (appId: string) => ['data', appId, 'view-counts'] as const,
  viewPreview: (appId: string, table: string | null, where: string, columns: string[]) => ['data', appId, 'view-preview', table, where, columns] as const,
  viewRecords: (appId: string, view: string, extra: unknown) => ['data', appId, 'view', view, extra] as const,
  /** One tool's every key (`counters`, `cache`): what its writes refresh. */
  tool: (appId: string, tool: 'counters' | 'cache') => ['data', appId, tool] as const,
  counters: (appId: string, pattern: string, page: number) => ['data', appId, 'counters', pattern, page] as const,
  cache: (appId: string, page: number, pageSize: number) => ['data', appId, 'cache', page, pageSize] as const,
  /** The predefined column validators: the same for every app. */
  validators: () => ['data', '-', 'validators'] as const,
  hives: (appId: string) => ['data', appId, 'hives'] as const,
  hiveStore: (appId: string, hive: string, store: string) => ['data', appId, 'hive', hive, store] as const,
  hiveKeys: (appId: string, hive: string, store: string, pattern: string) => ['data', appId, 'hive', hive, store, pattern] as const,
  hiveKeysPage: (appId: string, hive: string, store: string, pattern: string, cursor: string) => ['data', appId, 'hive', hive, store, pattern, cursor] as const,
};
