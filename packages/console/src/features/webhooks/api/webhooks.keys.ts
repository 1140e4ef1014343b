/** Query keys; everything of one app sits under `['webhooks', appId]` or `['integrations', appId]`. */
export const webhooksKeys = {
  all: (appId: string) => ['webhooks', appId] as const,
  list: (appId: string) => [...webhooksKeys.all(appId), 'list'] as const,
  operations: (appId: string) => [...webhooksKeys.all(appId), 'operations'] as const,
  deliveries: (appId: string, id: string) => [...webhooksKeys.all(appId), 'deliveries', id] as const,
  integrations: (appId: string) => ['integrations', appId, 'list'] as const,
};
