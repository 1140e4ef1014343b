/** Query keys of the app list and each app's info. */
export const appsKeys = {
  all: ['apps'] as const,
  list: () => [...appsKeys.all, 'list'] as const,
  info: (appId: string) => [...appsKeys.all, 'info', appId] as const,
};
