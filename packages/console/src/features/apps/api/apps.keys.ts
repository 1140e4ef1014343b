/** Query keys of the app list and each app's info. */
export const appsKeys = {
  all: ['apps'] as const,
  list: () => [...appsKeys.all, 'list'] as const,
  info: (appId: string) => [...appsKeys.all, 'info', appId] as const,
  warnings: (appId: string) => [...appsKeys.all, 'warnings', appId] as const,
  blueprints: () => [...appsKeys.all, 'blueprints'] as const,
};
