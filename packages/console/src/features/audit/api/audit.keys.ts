import type { AuditLogQuery } from '@basalt/sdk';

/** Query keys of an app's audit log. */
export const auditKeys = {
  all: (appId: string) => ['audit', appId] as const,
  list: (appId: string, q: AuditLogQuery) => [...auditKeys.all(appId), 'list', q] as const,
};
