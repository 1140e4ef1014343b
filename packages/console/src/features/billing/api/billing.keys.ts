/** Query keys of billing; everything of one app sits under `['billing', appId]`, the account's profiles apart. */
export const billingKeys = {
  all: (appId: string) => ['billing', appId] as const,
  plans: (appId: string) => [...billingKeys.all(appId), 'plans'] as const,
  current: (appId: string) => [...billingKeys.all(appId), 'current'] as const,
  account: (appId: string) => [...billingKeys.all(appId), 'account'] as const,
  period: (appId: string) => [...billingKeys.all(appId), 'period'] as const,
  blocked: (appId: string) => [...billingKeys.all(appId), 'blocked'] as const,
  invoices: (appId: string) => [...billingKeys.all(appId), 'invoices'] as const,
  /** The developer's payment profiles: account level, shared by every app. */
  profiles: () => ['billing-profiles'] as const,
};
