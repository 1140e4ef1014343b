import {
  buildPath,
  Routes,
  type Access,
  type BodyOf,
  type Open,
  type PermissionList,
  type PermissionListWire,
  type QueryOf,
  type ResponseOf,
  type RolePermissionWire,
  type RouteDef,
} from '@basalt/shared';
import { isRecord } from '../transport/errors.js';
import type { Query } from '../transport/encode.js';
import type { RouteOptions } from '../transport/transport.js';
import type { GroupContext } from './group-context.js';
import {
  alignChange,
  alignList,
  castArray,
  named,
  toPermissionList,
  withSystem,
  type Role,
} from './security-answers.js';
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
export { SYSTEM_ROLE_NAMES, type Role } from './security-answers.js';

const r = Routes.security;
const a = Routes.audit;

/** One permission as sent: an operation and its access (`null` drops it back to inherited). */
export interface PermissionChange {
  operation: string;
  access: Access | null;
  /** Column permissions name their column. */
  columnId?: string;
  [field: string]: unknown;
}

/**
 * What a permission write or drop answers: `{<user or role id | owner>: {operation: access}}`, or,
 * for column permissions, the server's list of the principal's column rules.
 */
export type PermissionChangeAnswer = Record<string, Record<string, string>> | Array<Record<string, unknown>>;

/** A service-wide permission of a role as sent: as `loadRolePermissions` lists it, `null` dropping it. */
export type RolePermission = Omit<RolePermissionWire, 'service' | 'access'> & {
  service: PermissionService;
  access: Access | null;
};

/** Filters of the audit log list (Basalt addition: the reference sends none). */
export type AuditLogQuery = QueryOf<typeof a.loadAuditLogs>;

/** App users with their session count. */
export type { SessionUser } from '@basalt/shared';

/** Roles, permissions, panic mode, HIPAA, app users' sessions and the audit log (`security` group). */
export function createSecurityGroup({ request }: GroupContext) {
  /** A permission route: the declared `…/security/*` path with the variant in place of `*`. */
  const variant = (
    route: Pick<RouteDef, 'name' | 'path' | 'method'>,
    appId: string,
    tail: string,
    options: RouteOptions = {},
  ) => request.send({ ...options, method: route.method, path: buildPath(route, appId).replace(/\*$/, tail) });

  return {
    /** The app's roles, with `id` and `name` added and `system` for the built-in ones. */
    async loadRoles(appId: string): Promise<Role[]> {
      const list = await request.route(r.loadRoles, [appId]);
      return list.map(named).map(withSystem);
    },

    /** Creates a role (PUT with the name in the path, no body); answers it with `id` and `name`. */
    async createRole(appId: string, name: string): Promise<Role> {
      return named(await request.route(r.createRole, [appId, encodeURIComponent(name)]));
    },

    /** Renames a role the developer created (Basalt addition). */
    async renameRole(appId: string, id: string, name: string): Promise<Role> {
      return named(await request.route(r.renameRole, [appId, id], { body: { name } }));
    },

    /** Deletes a role with its permissions and assignments. */
    deleteRole(appId: string, id: string): Promise<ResponseOf<typeof r.deleteRole>> {
      return request.route(r.deleteRole, [appId, id]);
    },

    /** Service-wide permissions of a role. */
    loadRolePermissions(appId: string, id: string): Promise<ResponseOf<typeof r.loadRolePermissions>> {
      return request.route(r.loadRolePermissions, [appId, id]);
    },

    /** Sets service-wide permissions of a role (`{service, operation, access}`, or a list). */
    setRolePermission(
      appId: string,
      id: string,
      permission: RolePermission | RolePermission[] | { permissions: RolePermission[] },
    ): Promise<ResponseOf<typeof r.setRolePermission>> {
      return request.route(r.setRolePermission, [appId, id], { body: permission });
    },

    /**
     * Permissions of one variant of the permission URL table, as `{data: [{id, name, permissions},
     * ...]}` sorted by name, permissions as `{operation: access}` (`{columnId: access}` for
     * columns). `filterParams` goes to the query (`identity`, when given, is sent as `name` too).
     * For users the total comes from the Users table's count (`identityColumnName like '%name%'`).
     */
    async loadPermissions(
      appId: string,
      policy: PermissionPolicy,
      service: PermissionService,
      serviceItemId: string,
      serviceItemName?: string,
      objectId?: string,
      filterParams: Query = {},
      identityColumnName = 'email',
    ): Promise<PermissionList> {
      const query: Query = { ...filterParams };
      if (query.identity !== undefined && query.identity !== null) query.name = query.identity;
      const target: PermissionTarget = { policy, service, serviceItemId, serviceItemName, objectId };
      const name = typeof query.name === 'string' && query.name ? query.name : undefined;
      const list = toPermissionList(
        alignList(await variant(r.loadPermissions, appId, readPermissionsPath(target, name), { query })),
      );
      if (policy !== 'users') return list;
      const identity = query.identity || query.name;
      const where = identity ? `${identityColumnName} like '%${identity}%'` : undefined;
      const count = await request.count<number>({
        method: 'GET',
        path: buildPath(Routes.tables.getCount, appId, 'Users').replace(/\/count$/, ''),
        query: { where },
      });
      return { ...list, totalRows: count };
    },

    /**
     * Sets a permission of one variant. Owner, column and record ACL permissions go as they are;
     * the others wrapped as `{permissions: [...]}`. Answers `{<policyItemId>: {operation: access}}`
     * (`{<roleId>: {...}}` for every role of a record's ACL, `{owner: {operation: access}}` for the
     * owner policy); column writes answer the server's list as it is.
     */
    async setPermission(
      appId: string,
      policy: PermissionPolicy,
      policyItemId: string,
      service: PermissionService,
      serviceItemId: string,
      serviceItemName: string | undefined,
      objectId: string | undefined,
      permission: PermissionChange | PermissionChange[],
    ): Promise<PermissionChangeAnswer> {
      const target: PermissionTarget = { policy, service, serviceItemId, serviceItemName, objectId };
      const body = sendsBarePermission(target) ? permission : { permissions: castArray(permission) };
      const single = Array.isArray(permission) ? undefined : permission;
      const answer = await variant(r.setPermission, appId, writePermissionPath(target, policyItemId, single ?? {}), {
        body,
      });
      return alignChange(answer, target, policyItemId, single?.operation) as PermissionChangeAnswer;
    },

    /** Drops permissions of one variant back to inherited (one operation, or all of the principal's); answers as `setPermission`. */
    async dropPermissions(
      appId: string,
      policy: PermissionPolicy,
      policyItemId: string,
      service: PermissionService,
      serviceItemId: string,
      serviceItemName?: string,
      objectId?: string,
      operation?: string,
    ): Promise<PermissionChangeAnswer> {
      const target: PermissionTarget = { policy, service, serviceItemId, serviceItemName, objectId };
      const answer = await variant(r.dropPermissions, appId, dropPermissionsPath(target, policyItemId, operation));
      return alignChange(answer, target, policyItemId, operation) as PermissionChangeAnswer;
    },

    /** Users (searched by identity) with their ACL on one record: `{data: [{id, name, permissions}]}` sorted by name. */
    async searchDataACLUsers(
      appId: string,
      tableName: string,
      objectId: string,
      query: string,
    ): Promise<PermissionList> {
      const tail = `data/${encodeURIComponent(tableName)}/objectAcl/${objectId}/users/search/${encodeURIComponent(query)}`;
      return toPermissionList({ data: castArray(await variant(r.loadPermissions, appId, tail)).filter(isRecord) });
    },

    /** Column permissions of a table (by table id), as the server answers them. */
    loadColumnPermissions(appId: string, tableId: string): Promise<PermissionListWire> {
      return variant(r.loadPermissions, appId, `data/${tableId}/columns/permissions`) as Promise<PermissionListWire>;
    },

    /** The audit log, newest first (`{data, totalRows}`); filters are a Basalt addition. */
    loadAuditLogs(appId: string, query: AuditLogQuery = {}): Promise<ResponseOf<typeof a.loadAuditLogs>> {
      return request.route(a.loadAuditLogs, [appId], { query: { ...query } });
    },

    /** Deletes the audit log, or only the entries older than `before` (Basalt addition). */
    deleteAuditLogs(appId: string, before?: number | string): Promise<ResponseOf<typeof a.deleteAuditLogs>> {
      return request.route(a.deleteAuditLogs, [appId], { query: { before } });
    },

    /** The audit entries of a date range as CSV text (parsed if it were JSON, as every answer). */
    downloadAuditLogs(
      appId: string,
      fromDate?: number | string,
      toDate?: number | string,
    ): Promise<ResponseOf<typeof a.downloadAuditLogs>> {
      return request.route(a.downloadAuditLogs, [appId], { query: { fromDate, toDate } });
    },

    /** Panic mode on: every app API call answers 503 until it is switched off. */
    activatePanicMode(
      appId: string,
      settings?: Open<BodyOf<typeof r.activatePanicMode>>,
    ): Promise<ResponseOf<typeof r.activatePanicMode>> {
      return request.route(r.activatePanicMode, [appId], { body: settings });
    },

    /** Panic mode off. */
    deactivatePanicMode(
      appId: string,
      settings?: Open<BodyOf<typeof r.deactivatePanicMode>>,
    ): Promise<ResponseOf<typeof r.deactivatePanicMode>> {
      return request.route(r.deactivatePanicMode, [appId], { body: settings });
    },

    /**
     * What a role (`roleName`) or an app user (`userId`) can read in a table, decided by the server's
     * permission engine as for the app API (Basalt addition).
     */
    runAs(appId: string, body: BodyOf<typeof r.runAs>): Promise<ResponseOf<typeof r.runAs>> {
      return request.route(r.runAs, [appId], { body });
    },

    /** Risks of the app, each with how to fix it: the security advisor (Basalt addition). */
    advisor(appId: string): Promise<ResponseOf<typeof r.advisor>> {
      return request.route(r.advisor, [appId]);
    },

    /** Whether panic mode is on (Basalt addition). */
    loadPanicMode(appId: string): Promise<ResponseOf<typeof r.loadPanicMode>> {
      return request.route(r.loadPanicMode, [appId]);
    },

    /** App users found by identity or id, with their session counts. */
    loadUsers(
      appId: string,
      { identityOrUserId, offset, pageSize, sortBy }: QueryOf<typeof r.loadUsers> = {},
    ): Promise<ResponseOf<typeof r.loadUsers>> {
      return request.route(r.loadUsers, [appId], { query: { identityOrUserId, offset, pageSize, sortBy } });
    },

    /** App users holding at least one session. */
    loadUsersWithSessions(
      appId: string,
      { cursor, pageSize }: QueryOf<typeof r.loadUsersWithSessions> = {},
    ): Promise<ResponseOf<typeof r.loadUsersWithSessions>> {
      return request.route(r.loadUsersWithSessions, [appId], { query: { pageSize, cursor } });
    },

    /** Sessions of one app user. */
    loadUserSessions(
      appId: string,
      userId: string,
      { cursor, pageSize }: QueryOf<typeof r.loadUserSessions> = {},
    ): Promise<ResponseOf<typeof r.loadUserSessions>> {
      return request.route(r.loadUserSessions, [appId, userId], { query: { pageSize, cursor } });
    },

    /** Ends every session of an app user (the id is the bare body); answers how many ended. */
    logoutUserSessions(appId: string, userId: string): Promise<ResponseOf<typeof r.logoutUserSessions>> {
      return request.route(r.logoutUserSessions, [appId], { body: userId });
    },

    /** HIPAA compliance on: data reads through the app API are audited too. */
    activateHIPAACompliance(appId: string): Promise<ResponseOf<typeof a.activateHIPAACompliance>> {
      return request.route(a.activateHIPAACompliance, [appId]);
    },

    /** HIPAA compliance off. */
    deactivateHIPAACompliance(appId: string): Promise<ResponseOf<typeof a.deactivateHIPAACompliance>> {
      return request.route(a.deactivateHIPAACompliance, [appId]);
    },

    /** Whether HIPAA compliance is on (Basalt addition). */
    getHIPAACompliance(appId: string): Promise<ResponseOf<typeof a.getHIPAACompliance>> {
      return request.route(a.getHIPAACompliance, [appId]);
    },
  };
}

/** The `security` group. */
export type SecurityGroup = ReturnType<typeof createSecurityGroup>;
