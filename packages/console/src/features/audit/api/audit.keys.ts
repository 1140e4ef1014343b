import type { AuditLogQuery } from '@basalt/sdk';

/** Query keys of an app's audit log and its console activity. */
export const auditKeys = {
  all: (appId: string) => ['audit', appId] as const,
  list: (appId: string, q: AuditLogQuery) => [...auditKeys.all(appId), 'list', q] as const,
  activities: (appId: string) => [...auditKeys.all(appId), 'activity'] as const,
  activity: (appId: string, offset: number, pageSize: number) =>
    [...auditKeys.activities(appId), offset, pageSize] as const,
};
