/** Query keys of the instance operator area; everything sits under `['operator']`. */
export const operatorKeys = {
  all: () => ['operator'] as const,
  info: () => [...operatorKeys.all(), 'info'] as const,
  planApps: () => [...operatorKeys.all(), 'plan-apps'] as const,
  invoices: (status?: string) => [...operatorKeys.all(), 'invoices', status ?? 'all'] as const,
  hidden: () => [...operatorKeys.all(), 'moderation'] as const,
  content: () => [...operatorKeys.all(), 'gamification-content'] as const,
};
