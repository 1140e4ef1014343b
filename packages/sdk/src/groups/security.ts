import { buildPath, Routes, type AuditLogEntry, type PermissionList, type PermissionRow, type RouteDef, type RunAsAnswer, type SecurityRole } from '@basalt/shared';
import { COUNT_CACHE_TTL } from '../transport/cache.js';
import { isRecord } from '../transport/errors.js';
import type { Query } from '../transport/encode.js';
import type { RouteOptions } from '../transport/transport.js';
import type { SuccessAnswer } from '../types.js';
import type { GroupContext } from './group-context.js';
import {
  dropPermissionsPath,
  readPermissionsPath,
  sendsBarePermission,
  writePermissionPath,
  type PermissionPolicy,
  type PermissionService,
  type PermissionTarget,
} from './security-urls.js';

export * from './security-urls.js';

const r = Routes.security;
const a = Routes.audit;

/** The built-in roles; the client marks them `system` even when an answer does not. */
export const SYSTEM_ROLE_NAMES = [
  'ASUser', 'GooglePlusUser', 'NotAuthenticatedUser', 'DotNetUser', 'SocialUser', 'AndroidUser', 'FacebookUser',
  'IOSUser', 'TwitterUser', 'AuthenticatedUser', 'RestUser', 'ServerCodeUser', 'JSUser', 'GuestUser',
] as const;

/** A role as the client answers it: the server's fields plus `id`, `name` and `system`. */
export interface Role extends SecurityRole {
  id: string;
  name: string;
}

/** One permission as sent: an operation and its access (`null` drops it back to inherited). */
export interface PermissionChange {
  operation: string;
  access: 'GRANT' | 'DENY' | null;
  /** Column permissions name their column. */
  columnId?: string;
  [field: string]: unknown;
}

/** A service-wide permission of a role. */
export interface RolePermission {
  service: PermissionService;
  operation: string;
  access: 'GRANT' | 'DENY' | null;
}

/** Filters of the audit log list (Basalt addition: the reference sends none). */
export interface AuditLogQuery {
  developer?: string;
  action?: string;
  from?: number | string;
  to?: number | string;
  offset?: number;
  pageSize?: number;
}

/** App users with their session count. */
export interface SessionUser {
  objectId: string;
  email: string | null;
  name: string | null;
  sessions: number;
  lastActive?: number;
  created?: number;
}

/** One session of an app user (the token is never shown). */
export interface UserSession {
  sessionId: string;
  created: number;
  lastUsed: number;
  deviceType?: string;
  [field: string]: unknown;
}

/** A cursor page. */
export interface CursorPage<T> {
  data: T[];
  cursor?: string | null;
}

/** Panic mode of an app. */
export interface PanicState {
  enabled: boolean;
  message?: string | null;
  since?: number | null;
}

/** HIPAA compliance state of an app. */
export interface ComplianceState {
  enabled: boolean;
  changed?: number | null;
  changedBy?: string | null;
}

const SYSTEM = new Set<string>(SYSTEM_ROLE_NAMES);

function toRole(raw: unknown): Role {
  const role = (isRecord(raw) ? raw : {}) as Partial<SecurityRole> & Record<string, unknown>;
  const name = String(role.rolename ?? role.name ?? '');
  return { ...role, roleId: String(role.roleId ?? role.id ?? ''), rolename: name, id: String(role.roleId ?? role.id ?? ''), name, system: role.system === true || SYSTEM.has(name) } as Role;
}

/** `[{operation, access, columnId?}]` or `{op: access}` → `{op | columnId: access}`. */
function toAccessMap(value: unknown): PermissionRow['permissions'] {
  if (Array.isArray(value)) {
    return Object.fromEntries(value.filter(isRecord).map((p) => [String(p.columnId ?? p.operation), p.access])) as PermissionRow['permissions'];
  }
  return (isRecord(value) ? value : {}) as PermissionRow['permissions'];
}

/** Reshapes the answers the reference client knows into `{data: [{id, name, permissions}], totalRows}`. */
function toPermissionList(answer: unknown): PermissionList {
  if (isRecord(answer) && Array.isArray(answer.data)) return answer as unknown as PermissionList;
  const items = Array.isArray(answer) ? answer.filter(isRecord) : [];
  const rows: PermissionRow[] = items.map((item) => ({
    id: String(item.id ?? item.roleId ?? item.userId ?? item.operationId ?? 'owner'),
    name: String(item.name ?? item.rolename ?? item.identity ?? item.email ?? item.userId ?? item.roleId ?? 'Owner'),
    permissions: 'permissions' in item ? toAccessMap(item.permissions) : toAccessMap([item]),
  }));
  rows.sort((x, y) => x.name.localeCompare(y.name));
  return { data: rows, totalRows: rows.length };
}

/** Roles, permissions, panic mode, HIPAA, app users' sessions and the audit log (`security` group). */
export function createSecurityGroup({ request }: GroupContext) {
  /** A permission route: the declared `…/security/*` path with the variant in place of `*`. */
  const variant = (route: Pick<RouteDef, 'name' | 'path' | 'method'>, appId: string, tail: string, options: RouteOptions = {}) =>
    request.send({ ...options, method: route.method, path: buildPath(route, appId).replace(/\*$/, tail) });

  return {
    /** The app's roles (`id`, `name`, and `system` for the built-in ones). */
    async loadRoles(appId: string): Promise<Role[]> {
      const list = await request.route<unknown[]>(r.loadRoles, [appId]);
      return (Array.isArray(list) ? list : []).map(toRole);
    },

    /** Creates a role (PUT with the name in the path, no body). */
    async createRole(appId: string, name: string): Promise<Role> {
      return toRole(await request.route(r.createRole, [appId, encodeURIComponent(name)]));
    },

    /** Renames a role the developer created (Basalt addition). */
    async renameRole(appId: string, id: string, name: string): Promise<Role> {
      return toRole(await request.route(r.renameRole, [appId, id], { body: { name } }));
    },

    /** Deletes a role with its permissions and assignments. */
    deleteRole(appId: string, id: string): Promise<SuccessAnswer> {
      return request.route(r.deleteRole, [appId, id]);
    },

    /** Service-wide permissions of a role. */
    loadRolePermissions(appId: string, id: string): Promise<RolePermission[]> {
      return request.route(r.loadRolePermissions, [appId, id]);
    },

    /** Sets service-wide permissions of a role (`{service, operation, access}`, or a list). */
    setRolePermission(appId: string, id: string, permission: RolePermission | RolePermission[] | { permissions: RolePermission[] }): Promise<Record<string, Record<string, string>>> {
      return request.route(r.setRolePermission, [appId, id], { body: permission });
    },

    /**
     * Permissions of one variant of the permission URL table, as `{data: [{id, name, permissions}],
     * totalRows}` sorted by name. `filterParams` goes to the query (`identity` is copied to `name`).
     * A bare users list is counted from the Users table (`identityColumnName like '%name%'`).
     */
    async loadPermissions(
      appId: string, policy: PermissionPolicy, service: PermissionService, serviceItemId: string, serviceItemName?: string,
      objectId?: string, filterParams: Query = {}, identityColumnName = 'email',
    ): Promise<PermissionList> {
      const query: Query = { ...filterParams };
      if (query.identity !== undefined && query.name === undefined) query.name = query.identity;
      const target: PermissionTarget = { policy, service, serviceItemId, serviceItemName, objectId };
      const name = typeof query.name === 'string' && query.name ? query.name : undefined;
      const answer = await variant(r.loadPermissions, appId, readPermissionsPath(target, name), { query });
      if (policy !== 'users' || (isRecord(answer) && Array.isArray(answer.data))) return toPermissionList(answer);
      const list = toPermissionList(answer);
      const where = name ? `${identityColumnName} like '%${name}%'` : undefined;
      const count = await request.send<number>({ method: 'GET', path: buildPath(Routes.tables.getCount, appId, 'Users'), query: { where }, cache: COUNT_CACHE_TTL });
      return { ...list, totalRows: typeof count === 'number' ? count : list.totalRows };
    },

    /**
     * Sets a permission of one variant. Owner, column and object-ACL permissions go as they are;
     * the others wrapped as `{permissions: [permission]}`. Answers `{<policyItemId | owner>: {operation: access}}`.
     */
    setPermission(
      appId: string, policy: PermissionPolicy, policyItemId: string, service: PermissionService, serviceItemId: string,
      serviceItemName: string | undefined, objectId: string | undefined, permission: PermissionChange,
    ): Promise<Record<string, Record<string, string>>> {
      const target: PermissionTarget = { policy, service, serviceItemId, serviceItemName, objectId };
      const body = sendsBarePermission(target) ? permission : { permissions: [permission] };
      return variant(r.setPermission, appId, writePermissionPath(target, policyItemId, permission), { body }) as Promise<Record<string, Record<string, string>>>;
    },

    /** Drops permissions of one variant back to inherited (one operation, or all of the principal's). */
    dropPermissions(
      appId: string, policy: PermissionPolicy, policyItemId: string, service: PermissionService, serviceItemId: string,
      serviceItemName?: string, objectId?: string, operation?: string,
    ): Promise<Record<string, Record<string, string>>> {
      const target: PermissionTarget = { policy, service, serviceItemId, serviceItemName, objectId };
      return variant(r.dropPermissions, appId, dropPermissionsPath(target, policyItemId, operation)) as Promise<Record<string, Record<string, string>>>;
    },

    /** Users (searched by identity) with their ACL on one record. */
    async searchDataACLUsers(appId: string, tableName: string, objectId: string, query: string): Promise<PermissionList> {
      const tail = `data/${encodeURIComponent(tableName)}/objectAcl/${objectId}/users/search/${encodeURIComponent(query)}`;
      return toPermissionList(await variant(r.loadPermissions, appId, tail));
    },

    /** Column permissions of a table, by table id: rows keyed `column:operation`. */
    async loadColumnPermissions(appId: string, tableId: string): Promise<PermissionList> {
      return toPermissionList(await variant(r.loadPermissions, appId, `data/${tableId}/columns/permissions`));
    },

    /** The audit log, newest first (`{data, totalRows}`); filters are a Basalt addition. */
    loadAuditLogs(appId: string, query: AuditLogQuery = {}): Promise<{ data: AuditLogEntry[]; totalRows: number }> {
      return request.route(a.loadAuditLogs, [appId], { query: { ...query } });
    },

    /** Deletes the audit log, or only the entries older than `before` (Basalt addition). */
    deleteAuditLogs(appId: string, before?: number | string): Promise<{ deleted: number }> {
      return request.route(a.deleteAuditLogs, [appId], { query: { before } });
    },

    /** The audit entries of a date range as CSV text. */
    downloadAuditLogs(appId: string, fromDate?: number | string, toDate?: number | string): Promise<string> {
      return request.route(a.downloadAuditLogs, [appId], { query: { fromDate, toDate }, responseType: 'text' });
    },

    /** Panic mode on: every app API call answers 503 until it is switched off. */
    activatePanicMode(appId: string, settings?: { message?: string }): Promise<PanicState> {
      return request.route(r.activatePanicMode, [appId], { body: settings });
    },

    /** Panic mode off. */
    deactivatePanicMode(appId: string, settings?: Record<string, unknown>): Promise<PanicState> {
      return request.route(r.deactivatePanicMode, [appId], { body: settings });
    },

    /**
     * What a role (`roleName`) or an app user (`userId`) can read in a table, decided by the server's
     * permission engine as for the app API (Basalt addition).
     */
    runAs(appId: string, body: { table: string; roleName?: string; userId?: string; where?: string; pageSize?: number; offset?: number }): Promise<RunAsAnswer> {
      return request.route(r.runAs, [appId], { body });
    },

    /** Whether panic mode is on (Basalt addition). */
    loadPanicMode(appId: string): Promise<PanicState> {
      return request.route(r.loadPanicMode, [appId]);
    },

    /** App users found by identity or id, with their session counts. */
    loadUsers(appId: string, { identityOrUserId, offset, pageSize, sortBy }: { identityOrUserId?: string; offset?: number; pageSize?: number; sortBy?: string } = {}): Promise<{ data: SessionUser[]; totalRows: number }> {
      return request.route(r.loadUsers, [appId], { query: { identityOrUserId, offset, pageSize, sortBy } });
    },

    /** App users holding at least one session. */
    loadUsersWithSessions(appId: string, { cursor, pageSize }: { cursor?: string; pageSize?: number } = {}): Promise<CursorPage<SessionUser>> {
      return request.route(r.loadUsersWithSessions, [appId], { query: { pageSize, cursor } });
    },

    /** Sessions of one app user. */
    loadUserSessions(appId: string, userId: string, { cursor, pageSize }: { cursor?: string; pageSize?: number } = {}): Promise<CursorPage<UserSession>> {
      return request.route(r.loadUserSessions, [appId, userId], { query: { pageSize, cursor } });
    },

    /** Ends every session of an app user (the id is the bare body); answers how many ended. */
    logoutUserSessions(appId: string, userId: string): Promise<number> {
      return request.route(r.logoutUserSessions, [appId], { body: userId });
    },

    /** HIPAA compliance on: data reads through the app API are audited too. */
    activateHIPAACompliance(appId: string): Promise<ComplianceState> {
      return request.route(a.activateHIPAACompliance, [appId]);
    },

    /** HIPAA compliance off. */
    deactivateHIPAACompliance(appId: string): Promise<ComplianceState> {
      return request.route(a.deactivateHIPAACompliance, [appId]);
    },

    /** Whether HIPAA compliance is on (Basalt addition). */
    getHIPAACompliance(appId: string): Promise<ComplianceState> {
      return request.route(a.getHIPAACompliance, [appId]);
    },
  };
}

/** The `security` group. */
export type SecurityGroup = ReturnType<typeof createSecurityGroup>;
