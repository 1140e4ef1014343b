/** Query keys of the instance operator area; everything sits under `['operator']`. */
export const operatorKeys = {
  all: () => ['operator'] as const,
  info: () => [...operatorKeys.all(), 'info'] as const,
  planApps: () => [...operatorKeys.all(), 'plan-apps'] as const,
  /** Every invoice list, whatever its status filter. */
  allInvoices: () => [...operatorKeys.all(), 'invoices'] as const,
  invoices: (status?: string) => [...operatorKeys.allInvoices(), status ?? 'all'] as const,
  hidden: () => [...operatorKeys.all(), 'moderation'] as const,
  moderation: (show: string) => [...operatorKeys.hidden(), show] as const,
  status: () => [...operatorKeys.all(), 'status'] as const,
  content: () => [...operatorKeys.all(), 'gamification-content'] as const,
};
