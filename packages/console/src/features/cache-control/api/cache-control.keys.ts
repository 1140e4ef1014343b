/** Query keys of the cache-control rules; every key starts with the app so an app switch never mixes data. */
export const cacheControlKeys = {
  all: (appId: string) => ['cache-control', appId] as const,
  service: (appId: string, service: string) => [...cacheControlKeys.all(appId), 'service', service] as const,
  tables: (appId: string) => [...cacheControlKeys.all(appId), 'tables'] as const,
};
