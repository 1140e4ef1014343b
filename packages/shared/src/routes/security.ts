import { Type } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';

const base = '/:appId/console/security';
const Open = { additionalProperties: true } as const;

/** A role name: shown in the console and sent raw in app API paths, so no slashes. */
export const RoleNameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9 _.-]*$' });

/** GRANT or DENY; a permission that is absent is inherited. */
export const AccessSchema = Type.Union([Type.Literal('GRANT'), Type.Literal('DENY')]);

const Cursor = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
}, Open);

/**
 * Security of an application (`security` group of the reference client): roles, GRANT/DENY
 * permissions in every variant of the reference's permission URL table, panic mode and the app
 * users' sessions. The permission variants share one path pattern per verb (`/security/*`): the
 * server reads the variant from the path segments (see docs/security.md).
 */
export const securityRoutes = {
  loadRoles: defineRoute({ name: 'security.loadRoles', method: 'GET', path: `${base}/roles`, auth: 'developer', summary: 'Roles of the app: `[{roleId, rolename, system}]`' }),
  createRole: defineRoute({
    name: 'security.createRole', method: 'PUT', path: `${base}/roles/:roleName`, auth: 'developer', devPermission: DevOperations.ROLES_ADD_ASSIGN,
    summary: 'Creates a role named in the path (409 when the name is taken)',
  }),
  renameRole: defineRoute({
    name: 'security.renameRole', method: 'PUT', path: `${base}/roles/:roleId/rename`, auth: 'developer', devPermission: DevOperations.ROLES_ADD_ASSIGN,
    body: Type.Object({ name: RoleNameSchema }, Open),
    summary: 'Renames a role the developer created (system roles keep their names: 400)',
  }),
  deleteRole: defineRoute({
    name: 'security.deleteRole', method: 'DELETE', path: `${base}/roles/:roleId`, auth: 'developer', devPermission: DevOperations.ROLES_ADD_ASSIGN,
    summary: 'Deletes a role with its permissions and assignments (system roles: 400)',
  }),
  loadRolePermissions: defineRoute({ name: 'security.loadRolePermissions', method: 'GET', path: `${base}/roles/permissions/:roleId`, auth: 'developer', summary: 'Service-wide permissions of a role' }),
  setRolePermission: defineRoute({
    name: 'security.setRolePermission', method: 'PUT', path: `${base}/roles/permissions/:roleId`, auth: 'developer', devPermission: DevOperations.ROLE_PERMISSIONS,
    summary: 'Sets service-wide permissions of a role: `{service, operation, access}`, a list of them or `{permissions: [...]}`; access null drops one',
  }),
  loadPermissions: defineRoute({ name: 'security.loadPermissions', method: 'GET', path: `${base}/*`, auth: 'developer', summary: 'Permissions of one variant of the permission URL table' }),
  setPermission: defineRoute({ name: 'security.setPermission', method: 'PUT', path: `${base}/*`, auth: 'developer', summary: 'Sets permissions of one variant; the developer permission needed depends on the service' }),
  dropPermissions: defineRoute({ name: 'security.dropPermissions', method: 'DELETE', path: `${base}/*`, auth: 'developer', summary: 'Drops permissions of one variant (back to inherited)' }),
  activatePanicMode: defineRoute({
    name: 'security.activatePanicMode', method: 'PUT', path: '/:appId/console/panic/enable', auth: 'developer', devPermission: DevOperations.PANIC_MODE,
    body: Type.Optional(Type.Object({ message: Type.Optional(Type.String({ maxLength: 500 })) }, Open)),
    summary: 'Every app API call answers 503 until panic mode is disabled; the console keeps working',
  }),
  deactivatePanicMode: defineRoute({
    name: 'security.deactivatePanicMode', method: 'PUT', path: '/:appId/console/panic/disable', auth: 'developer', devPermission: DevOperations.PANIC_MODE,
    body: Type.Optional(Type.Object({}, Open)),
  }),
  runAs: defineRoute({
    name: 'security.runAs', method: 'POST', path: `${base}/run-as`, auth: 'developer',
    // It shows how the table permissions apply, records included: the permission of those rules.
    devPermission: DevOperations.TABLE_PERMISSIONS,
    body: Type.Object({
      table: Type.String({ minLength: 1, maxLength: 100 }),
      roleName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      userId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' })),
      where: Type.Optional(Type.String({ maxLength: 5000 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      offset: Type.Optional(Type.Integer({ minimum: 0 })),
    }, Open),
    summary: 'Evaluates the permission engine as a role or an app user: readable records (hidden columns removed) and Find/Create/Update/Remove decisions',
  }),
  advisor: defineRoute({
    name: 'security.advisor', method: 'GET', path: `${base}/advisor`, auth: 'developer',
    summary: 'Security advisor: risks of the app (`AdvisorAnswer`), each with how to fix it; what anonymous callers may do comes from the permission engine',
  }),
  loadPanicMode: defineRoute({ name: 'security.loadPanicMode', method: 'GET', path: '/:appId/console/panic', auth: 'developer', summary: '`{enabled, message, since}`' }),
  loadUsers: defineRoute({
    name: 'security.loadUsers', method: 'GET', path: '/:appId/console/user/sessions/users', auth: 'developer',
    query: Type.Object({
      identityOrUserId: Type.Optional(Type.String({ maxLength: 200 })),
      offset: Type.Optional(Type.Integer({ minimum: 0 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      sortBy: Type.Optional(Type.String({ maxLength: 100 })),
    }, Open),
    summary: 'App users by identity or id with their session count: `{data: [{objectId, email, name, sessions}], totalRows}`',
  }),
  loadUsersWithSessions: defineRoute({
    name: 'security.loadUsersWithSessions', method: 'GET', path: '/:appId/console/user/sessions/users-with-sessions', auth: 'developer', query: Cursor,
    summary: 'Users that hold at least one session: `{data: [{objectId, email, name, sessions, lastActive}], cursor}`',
  }),
  loadUserSessions: defineRoute({
    name: 'security.loadUserSessions', method: 'GET', path: '/:appId/console/user/sessions/:userId', auth: 'developer', query: Cursor,
    summary: 'Sessions of one user (never the token): `{data: [{sessionId, created, lastUsed, deviceType}], cursor}`',
  }),
  logoutUserSessions: defineRoute({
    name: 'security.logoutUserSessions', method: 'PUT', path: '/:appId/console/user/sessions/logout', auth: 'developer', devPermission: DevOperations.LOGOUT_ALL_USERS,
    summary: 'Ends every session of the user given as the bare body (or `{userId}`); answers the number ended',
  }),
} satisfies Record<string, RouteDef>;

/** A role as the console routes answer it. */
export interface SecurityRole {
  roleId: string;
  rolename: string;
  /** Built-in roles cannot be renamed or deleted. */
  system: boolean;
}

/** One permission as the permission routes send it. */
export interface PermissionEntry {
  operation: string;
  access: 'GRANT' | 'DENY';
}

/** A column permission: the column by id (stable across renames) and by its current name. */
export interface ColumnPermissionEntry extends PermissionEntry {
  columnId: string;
  column: string;
}

/**
 * One row of a permission list as the server sends it: a role (`roleId`), a user (`userId`) or
 * the owner (neither), with its permissions as a list (the reference client's shape).
 */
export interface PermissionListRowWire {
  id: string;
  name: string;
  roleId?: string;
  userId?: string;
  permissions: PermissionEntry[] | ColumnPermissionEntry[];
}

/** Answer of the permission list routes (GET of the permission URL table). */
export interface PermissionListWire {
  data: PermissionListRowWire[];
  totalRows: number;
}

/** Rules of one record's ACL by roles, per operation (answer of role ACL writes). */
export interface AclOperationWire {
  operationId: string;
  operationName: string;
  roles: Array<{ roleId: string; roleName: string; access: 'GRANT' | 'DENY' }>;
}

/**
 * One row of a permission list as the client answers it: a role, a user or the owner, with its
 * permissions as a map. The server's fields (`roleId`, `userId`) stay on the row.
 */
export interface PermissionRow {
  id: string;
  name: string;
  /** operation (or column id, for column permissions) → access */
  permissions: Record<string, 'GRANT' | 'DENY'>;
  roleId?: string;
  userId?: string;
}

/** Answer of the client's `security.loadPermissions`. */
export interface PermissionList {
  data: PermissionRow[];
  totalRows?: number;
}

/** One operation of a run-as answer: the decision for the table and the step that made it. */
export interface RunAsDecision {
  access: 'GRANT' | 'DENY';
  /** `user`, `role` or `default` (record ACLs and the owner policy apply per record, see `rows`). */
  by: 'acl' | 'owner' | 'user' | 'role' | 'default';
  /** The deciding rule in words. */
  rule: string;
}

/** What a role or an app user gets from the app API for one table (`security.runAs`). */
export interface RunAsAnswer {
  table: string;
  /** Every role the caller has (for a user: implied through the REST key, and assigned). */
  roles: string[];
  userId: string | null;
  operations: Record<'Find' | 'Create' | 'Update' | 'Remove', RunAsDecision>;
  /** Which rows Find reaches: all, none, or some (record ACLs or the owner policy choose). */
  rows: 'all' | 'none' | 'some';
  hidden: string[];
  records: Array<Record<string, unknown>>;
  totalRows: number;
}

/** Kinds of risk the security advisor reports. */
export type AdvisorRiskKind = 'anonymous-writes' | 'dynamic-schema' | 'no-roles' | 'stale-keys' | 'members-without-2fa';

/** One risk the security advisor found (`security.advisor`). */
export interface AdvisorRisk {
  /** Stable per risk (`anonymous-writes:<tableId>` …): the console keys rows by it. */
  id: string;
  kind: AdvisorRiskKind;
  level: 'high' | 'medium' | 'low';
  title: string;
  /** What the risk means, in a sentence. */
  detail: string;
  /** anonymous-writes: the table and the write operations NotAuthenticatedUser is granted there. */
  table?: { tableId: string; name: string; operations: Array<'Create' | 'Update' | 'Remove'> };
  /** anonymous-writes: the NotAuthenticatedUser role, for the fix (a DENY through the permission routes). */
  roleId?: string;
  /** stale-keys: names of the keys not changed for `staleKeyDays`. */
  keys?: string[];
  /** members-without-2fa: e-mail addresses of the team members without two-factor sign-in. */
  members?: string[];
}

/** Answer of `security.advisor`. */
export interface AdvisorAnswer {
  risks: AdvisorRisk[];
  /** A key older than this many days (since made or last regenerated) counts as never rotated. */
  staleKeyDays: number;
}
