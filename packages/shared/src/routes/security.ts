import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, PageSchema, SuccessSchema } from '../schemas.js';

const base = '/:appId/console/security';
const Open = { additionalProperties: true } as const;

/** A role name: shown in the console and sent raw in app API paths, so no slashes. */
export const RoleNameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9 _.-]*$' });

/** GRANT or DENY; a permission that is absent is inherited. */
export const AccessSchema = Type.Union([Type.Literal('GRANT'), Type.Literal('DENY')]);

/** A role as the console routes answer it. */
export const SecurityRoleSchema = Type.Object({
  roleId: Type.String(),
  rolename: Type.String(),
  /** Built-in roles cannot be renamed or deleted. */
  system: Type.Boolean(),
});
export type SecurityRole = Static<typeof SecurityRoleSchema>;

/** A role and which of the asked users hold it (`tables.loadAssignedUserRoles`). */
export const RoleAssignmentSchema = Type.Object({
  ...SecurityRoleSchema.properties,
  users: Type.Array(Type.String()),
  status: Type.Union([Type.Literal('ALL'), Type.Literal('SOME'), Type.Literal('NONE')]),
});
export type RoleAssignment = Static<typeof RoleAssignmentSchema>;

/** One permission as the permission routes send it. */
export const PermissionEntrySchema = Type.Object({ operation: Type.String(), access: AccessSchema });
export type PermissionEntry = Static<typeof PermissionEntrySchema>;

/** A column permission: the column by id (stable across renames) and by its current name. */
export const ColumnPermissionEntrySchema = Type.Object({
  columnId: Type.String(),
  column: Type.String(),
  operation: Type.String(),
  access: AccessSchema,
});
export type ColumnPermissionEntry = Static<typeof ColumnPermissionEntrySchema>;

/**
 * One row of a permission list as the server sends it: a role (`roleId`), a user (`userId`) or
 * the owner (neither), with its permissions as a list (the reference client's shape). Column
 * lists carry `columnId` and `column` in each permission.
 */
export const PermissionListRowWireSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  roleId: Type.Optional(Type.String()),
  userId: Type.Optional(Type.String()),
  permissions: Type.Array(
    Type.Object({
      columnId: Type.Optional(Type.String()),
      column: Type.Optional(Type.String()),
      operation: Type.String(),
      access: AccessSchema,
    }),
  ),
});
export type PermissionListRowWire = Static<typeof PermissionListRowWireSchema>;

/** Answer of the permission list routes (GET of the permission URL table). */
export const PermissionListWireSchema = PageSchema(PermissionListRowWireSchema);
export type PermissionListWire = Static<typeof PermissionListWireSchema>;

/** A service-wide permission of a role, as `loadRolePermissions` lists it. */
export const RolePermissionWireSchema = Type.Object({
  service: Type.String(),
  operation: Type.String(),
  access: AccessSchema,
});
export type RolePermissionWire = Static<typeof RolePermissionWireSchema>;

/** Panic mode of an app. */
export const PanicStateSchema = Type.Object({
  enabled: Type.Boolean(),
  message: NullableSchema(Type.String()),
  since: NullableSchema(Type.Number()),
});
export type PanicState = Static<typeof PanicStateSchema>;

/** An app user with its session count (`loadUsers`, `loadUsersWithSessions`). */
export const SessionUserSchema = Type.Object({
  objectId: Type.String(),
  email: NullableSchema(Type.String()),
  name: NullableSchema(Type.String()),
  sessions: Type.Integer(),
  /** `loadUsersWithSessions`: the last use of any of its sessions (epoch ms). */
  lastActive: Type.Optional(Type.Number()),
  /** `loadUsers`: when the user was made (epoch ms). */
  created: Type.Optional(Type.Number()),
});
export type SessionUser = Static<typeof SessionUserSchema>;

/** One session of an app user (the token is never shown). */
export const UserSessionSchema = Type.Object({
  sessionId: Type.String(),
  created: Type.Number(),
  lastUsed: Type.Number(),
  deviceType: Type.String(),
});
export type UserSessionWire = Static<typeof UserSessionSchema>;

/** A page read with a cursor: `cursor` is null on the last page. */
const CursorPageSchema = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), cursor: NullableSchema(Type.String()) });

/** One operation of a run-as answer: the decision for the table and the step that made it. */
export const RunAsDecisionSchema = Type.Object({
  access: AccessSchema,
  /** `user`, `role` or `default` (record ACLs and the owner policy apply per record, see `rows`). */
  by: Type.Union([
    Type.Literal('acl'),
    Type.Literal('owner'),
    Type.Literal('user'),
    Type.Literal('role'),
    Type.Literal('default'),
  ]),
  /** The deciding rule in words. */
  rule: Type.String(),
});
export type RunAsDecision = Static<typeof RunAsDecisionSchema>;

/** What a role or an app user gets from the app API for one table (`security.runAs`). */
export const RunAsAnswerSchema = Type.Object({
  table: Type.String(),
  /** Every role the caller has (for a user: implied through the REST key, and assigned). */
  roles: Type.Array(Type.String()),
  userId: NullableSchema(Type.String()),
  operations: Type.Object({
    Find: RunAsDecisionSchema,
    Create: RunAsDecisionSchema,
    Update: RunAsDecisionSchema,
    Remove: RunAsDecisionSchema,
  }),
  /** Which rows Find reaches: all, none, or some (record ACLs or the owner policy choose). */
  rows: Type.Union([Type.Literal('all'), Type.Literal('none'), Type.Literal('some')]),
  hidden: Type.Array(Type.String()),
  /** Records as the app API answers them: their columns are the app's. */
  records: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  totalRows: Type.Integer(),
});
export type RunAsAnswer = Static<typeof RunAsAnswerSchema>;

/** Kinds of risk the security advisor reports. */
export const AdvisorRiskKindSchema = Type.Union([
  Type.Literal('anonymous-writes'),
  Type.Literal('dynamic-schema'),
  Type.Literal('no-roles'),
  Type.Literal('stale-keys'),
  Type.Literal('members-without-2fa'),
]);
export type AdvisorRiskKind = Static<typeof AdvisorRiskKindSchema>;

/** One risk the security advisor found (`security.advisor`). */
export const AdvisorRiskSchema = Type.Object({
  /** Stable per risk (`anonymous-writes:<tableId>` …): the console keys rows by it. */
  id: Type.String(),
  kind: AdvisorRiskKindSchema,
  level: Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')]),
  title: Type.String(),
  /** What the risk means, in a sentence. */
  detail: Type.String(),
  /** anonymous-writes: the table and the write operations NotAuthenticatedUser is granted there. */
  table: Type.Optional(
    Type.Object({
      tableId: Type.String(),
      name: Type.String(),
      operations: Type.Array(Type.Union([Type.Literal('Create'), Type.Literal('Update'), Type.Literal('Remove')])),
    }),
  ),
  /** anonymous-writes: the NotAuthenticatedUser role, for the fix (a DENY through the permission routes). */
  roleId: Type.Optional(Type.String()),
  /** stale-keys: names of the keys not changed for `staleKeyDays`. */
  keys: Type.Optional(Type.Array(Type.String())),
  /** members-without-2fa: e-mail addresses of the team members without two-factor sign-in. */
  members: Type.Optional(Type.Array(Type.String())),
});
export type AdvisorRisk = Static<typeof AdvisorRiskSchema>;

/** Answer of `security.advisor`. */
export const AdvisorAnswerSchema = Type.Object({
  risks: Type.Array(AdvisorRiskSchema),
  /** A key older than this many days (since made or last regenerated) counts as never rotated. */
  staleKeyDays: Type.Integer(),
});
export type AdvisorAnswer = Static<typeof AdvisorAnswerSchema>;

const Cursor = Type.Object(
  {
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  Open,
);

/**
 * Security of an application (`security` group of the reference client): roles, GRANT/DENY
 * permissions in every variant of the reference's permission URL table, panic mode and the app
 * users' sessions. The permission variants share one path pattern per verb (`/security/*`): the
 * server reads the variant from the path segments (see docs/security.md).
 */
export const securityRoutes = {
  loadRoles: defineRoute({
    name: 'security.loadRoles',
    method: 'GET',
    path: `${base}/roles`,
    auth: 'developer',
    response: Type.Array(SecurityRoleSchema),
    summary: 'Roles of the app: `[{roleId, rolename, system}]`',
  }),
  createRole: defineRoute({
    name: 'security.createRole',
    method: 'PUT',
    path: `${base}/roles/:roleName`,
    auth: 'developer',
    response: SecurityRoleSchema,
    devPermission: DevOperations.ROLES_ADD_ASSIGN,
    summary: 'Creates a role named in the path (409 when the name is taken)',
  }),
  renameRole: defineRoute({
    name: 'security.renameRole',
    method: 'PUT',
    path: `${base}/roles/:roleId/rename`,
    auth: 'developer',
    response: SecurityRoleSchema,
    devPermission: DevOperations.ROLES_ADD_ASSIGN,
    body: Type.Object({ name: RoleNameSchema }, Open),
    summary: 'Renames a role the developer created (system roles keep their names: 400)',
  }),
  deleteRole: defineRoute({
    name: 'security.deleteRole',
    method: 'DELETE',
    path: `${base}/roles/:roleId`,
    auth: 'developer',
    response: SuccessSchema,
    devPermission: DevOperations.ROLES_ADD_ASSIGN,
    summary: 'Deletes a role with its permissions and assignments (system roles: 400)',
  }),
  loadRolePermissions: defineRoute({
    name: 'security.loadRolePermissions',
    method: 'GET',
    path: `${base}/roles/permissions/:roleId`,
    auth: 'developer',
    response: Type.Array(RolePermissionWireSchema),
    summary: 'Service-wide permissions of a role',
  }),
  setRolePermission: defineRoute({
    name: 'security.setRolePermission',
    method: 'PUT',
    path: `${base}/roles/permissions/:roleId`,
    auth: 'developer',
    // One change, a list of them or `{permissions: [...]}`: the handler reads each and names what is wrong.
    body: Type.Unknown(),
    response: Type.Record(Type.String(), Type.Record(Type.String(), AccessSchema)),
    devPermission: DevOperations.ROLE_PERMISSIONS,
    summary:
      'Sets service-wide permissions of a role: `{service, operation, access}`, a list of them or `{permissions: [...]}`; access null drops one',
  }),
  loadPermissions: defineRoute({
    name: 'security.loadPermissions',
    method: 'GET',
    path: `${base}/*`,
    auth: 'developer',
    response: Type.Union([PermissionListWireSchema, Type.Array(PermissionListRowWireSchema)]),
    summary: 'Permissions of one variant of the permission URL table',
  }),
  setPermission: defineRoute({
    name: 'security.setPermission',
    method: 'PUT',
    path: `${base}/*`,
    auth: 'developer',
    body: Type.Unknown(),
    response: Type.Unknown(),
    summary: 'Sets permissions of one variant; the developer permission needed depends on the service',
  }),
  dropPermissions: defineRoute({
    name: 'security.dropPermissions',
    method: 'DELETE',
    path: `${base}/*`,
    auth: 'developer',
    response: Type.Unknown(),
    summary: 'Drops permissions of one variant (back to inherited)',
  }),
  activatePanicMode: defineRoute({
    name: 'security.activatePanicMode',
    method: 'PUT',
    path: '/:appId/console/panic/enable',
    auth: 'developer',
    response: PanicStateSchema,
    devPermission: DevOperations.PANIC_MODE,
    body: Type.Optional(Type.Object({ message: Type.Optional(Type.String({ maxLength: 500 })) }, Open)),
    summary: 'Every app API call answers 503 until panic mode is disabled; the console keeps working',
  }),
  deactivatePanicMode: defineRoute({
    name: 'security.deactivatePanicMode',
    method: 'PUT',
    path: '/:appId/console/panic/disable',
    auth: 'developer',
    response: PanicStateSchema,
    devPermission: DevOperations.PANIC_MODE,
    body: Type.Optional(Type.Object({}, Open)),
  }),
  runAs: defineRoute({
    name: 'security.runAs',
    method: 'POST',
    path: `${base}/run-as`,
    auth: 'developer',
    response: RunAsAnswerSchema,
    // It shows how the table permissions apply, records included: the permission of those rules.
    devPermission: DevOperations.TABLE_PERMISSIONS,
    body: Type.Object(
      {
        table: Type.String({ minLength: 1, maxLength: 100 }),
        roleName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        userId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' })),
        where: Type.Optional(Type.String({ maxLength: 5000 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        offset: Type.Optional(Type.Integer({ minimum: 0 })),
      },
      Open,
    ),
    summary:
      'Evaluates the permission engine as a role or an app user: readable records (hidden columns removed) and Find/Create/Update/Remove decisions',
  }),
  advisor: defineRoute({
    name: 'security.advisor',
    method: 'GET',
    path: `${base}/advisor`,
    auth: 'developer',
    response: AdvisorAnswerSchema,
    summary:
      'Security advisor: risks of the app (`AdvisorAnswer`), each with how to fix it; what anonymous callers may do comes from the permission engine',
  }),
  loadPanicMode: defineRoute({
    name: 'security.loadPanicMode',
    method: 'GET',
    path: '/:appId/console/panic',
    auth: 'developer',
    response: PanicStateSchema,
    summary: '`{enabled, message, since}`',
  }),
  loadUsers: defineRoute({
    name: 'security.loadUsers',
    method: 'GET',
    path: '/:appId/console/user/sessions/users',
    auth: 'developer',
    response: PageSchema(SessionUserSchema),
    query: Type.Object(
      {
        identityOrUserId: Type.Optional(Type.String({ maxLength: 200 })),
        offset: Type.Optional(Type.Integer({ minimum: 0 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        sortBy: Type.Optional(Type.String({ maxLength: 100 })),
      },
      Open,
    ),
    summary:
      'App users by identity or id with their session count: `{data: [{objectId, email, name, sessions}], totalRows}`',
  }),
  loadUsersWithSessions: defineRoute({
    name: 'security.loadUsersWithSessions',
    method: 'GET',
    path: '/:appId/console/user/sessions/users-with-sessions',
    auth: 'developer',
    response: CursorPageSchema(SessionUserSchema),
    query: Cursor,
    summary: 'Users that hold at least one session: `{data: [{objectId, email, name, sessions, lastActive}], cursor}`',
  }),
  loadUserSessions: defineRoute({
    name: 'security.loadUserSessions',
    method: 'GET',
    path: '/:appId/console/user/sessions/:userId',
    auth: 'developer',
    response: CursorPageSchema(UserSessionSchema),
    query: Cursor,
    summary: 'Sessions of one user (never the token): `{data: [{sessionId, created, lastUsed, deviceType}], cursor}`',
  }),
  logoutUserSessions: defineRoute({
    name: 'security.logoutUserSessions',
    method: 'PUT',
    path: '/:appId/console/user/sessions/logout',
    auth: 'developer',
    // The user's objectId as a bare JSON string (the reference client), or `{userId}`.
    body: Type.Unknown(),
    response: Type.Integer(),
    devPermission: DevOperations.LOGOUT_ALL_USERS,
    summary: 'Ends every session of the user given as the bare body (or `{userId}`); answers the number ended',
  }),
} satisfies Record<string, RouteDef>;

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
