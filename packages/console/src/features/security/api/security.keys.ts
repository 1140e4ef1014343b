import type { PermissionPolicy, PermissionService } from '@basalt/sdk';

/** Query keys of the Security area; every key starts with the app so an app switch never mixes data. */
export const securityKeys = {
  all: (appId: string) => ['security', appId] as const,
  roles: (appId: string) => [...securityKeys.all(appId), 'roles'] as const,
  rolePermissions: (appId: string, roleId: string) => [...securityKeys.all(appId), 'role-permissions', roleId] as const,
  permissions: (
    appId: string,
    policy: PermissionPolicy,
    service: PermissionService,
    item: string,
    objectId = 'all',
    search = '',
  ) => [...securityKeys.all(appId), 'permissions', policy, service, item, objectId, search] as const,
  columnPermissions: (appId: string, tableId: string) =>
    [...securityKeys.all(appId), 'column-permissions', tableId] as const,
  advisor: (appId: string) => [...securityKeys.all(appId), 'advisor'] as const,
  panic: (appId: string) => [...securityKeys.all(appId), 'panic'] as const,
  hipaa: (appId: string) => [...securityKeys.all(appId), 'hipaa'] as const,
  runAs: (appId: string, table: string | undefined, who: unknown, page: number, where: string) =>
    [...securityKeys.all(appId), 'run-as', table, who, page, where] as const,
  runAsUsers: (appId: string, search: string) => [...securityKeys.all(appId), 'run-as-users', search] as const,
  sessionUsers: (appId: string, search: string) => [...securityKeys.all(appId), 'session-users', search] as const,
  userSessions: (appId: string, userId: string) => [...securityKeys.all(appId), 'user-sessions', userId] as const,
  tables: (appId: string) => [...securityKeys.all(appId), 'tables'] as const,
  channels: (appId: string) => [...securityKeys.all(appId), 'channels'] as const,
  myPermissions: (appId: string) => ['my-permissions', appId] as const,
};
