import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema, PageSchema, SuccessSchema } from '../schemas.js';
import { AccessSchema } from './security.js';

const base = '/:appId/console/devteam';
const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' });
const Id = Type.String({ minLength: 1, maxLength: 64 });

/** One `{operation, access}` entry, the wire shape of developer-team permissions. */
export const DevPermissionSchema = Type.Object({
  operation: Type.Integer({ minimum: 1, maximum: 1000 }),
  access: AccessSchema,
});
export type DevPermission = Static<typeof DevPermissionSchema>;

/** One `{group, access}` entry: every operation of a permission group at once. */
export const DevPermissionGroupSchema = Type.Object({
  group: Type.String({ minLength: 1, maxLength: 64 }),
  access: AccessSchema,
});
export type DevPermissionGroup = Static<typeof DevPermissionGroupSchema>;

/** A member of an app's developer team (or a pending invitation), as `getDevelopers` lists it. */
export const TeamMemberSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  owner: Type.Boolean(),
  status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('PENDING')]),
  permissions: Type.Array(DevPermissionSchema),
  groups: Type.Array(DevPermissionGroupSchema),
  created: Type.Number(),
});
export type TeamMember = Static<typeof TeamMemberSchema>;

const DeveloperSchema = Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() });

/** A pending ownership transfer. */
export const OwnershipProposalSchema = Type.Object({
  id: Type.String(),
  appId: Type.String(),
  appName: Type.String(),
  fromDeveloper: DeveloperSchema,
  toDeveloper: DeveloperSchema,
  created: Type.Number(),
  expires: Type.Number(),
});
export type OwnershipProposal = Static<typeof OwnershipProposalSchema>;

/** The caller's access to one developer operation (`devPermissions.get`). */
export const DevOperationAccessSchema = Type.Object({
  operation: Type.Integer(),
  /** What the operation allows, in words (`api keys` …). */
  name: Type.String(),
  access: AccessSchema,
});
export type DevOperationAccess = Static<typeof DevOperationAccessSchema>;

/** One audit log entry. `developerId` is null for app users' data reads (HIPAA). */
export const AuditLogEntrySchema = Type.Object({
  id: Type.String(),
  appId: Type.String(),
  developerId: NullableSchema(Type.String()),
  actor: Type.String(),
  action: Type.String(),
  target: Type.String(),
  summary: Type.String(),
  created: Type.Number(),
});
export type AuditLogEntry = Static<typeof AuditLogEntrySchema>;

/** HIPAA compliance state of an app: when and by whom it last changed. */
export const ComplianceStateSchema = Type.Object({
  enabled: Type.Boolean(),
  changed: NullableSchema(Type.Number()),
  changedBy: NullableSchema(Type.String()),
});
export type ComplianceState = Static<typeof ComplianceStateSchema>;

/**
 * Sections of the numbered developer operations (`DevOperations` in `../dev-permissions.ts`). A permission group sets every operation
 * of its section at once; the console shows one switch per group.
 */
export const DevPermissionGroups: Record<string, { title: string; operations: number[] }> = {
  team: { title: 'Team', operations: [1, 3] },
  appSettings: { title: 'App settings', operations: [4, 5, 6, 7, 8, 9, 11, 13, 14, 110] },
  logging: { title: 'Logging', operations: [17, 18, 19, 115] },
  billing: { title: 'Billing and marketplace', operations: [20, 21, 22, 23, 94, 98] },
  transfer: { title: 'App transfer', operations: [24, 25, 27] },
  landing: { title: 'Landing page', operations: [29, 30] },
  users: { title: 'Users', operations: [31, 32, 33, 107] },
  roles: { title: 'Roles', operations: [37, 39] },
  data: { title: 'Data', operations: [40, 42, 44, 46, 47, 54, 109, 99, 102, 106] },
  files: { title: 'Files', operations: [57, 59, 60] },
  messaging: { title: 'Messaging', operations: [67, 69, 70, 71, 73, 75, 77] },
  geo: { title: 'Geo', operations: [81, 83, 84, 85, 88] },
  cloudCode: { title: 'Cloud code', operations: [93, 96, 97] },
  ui: { title: 'UI', operations: [111] },
  safety: { title: 'Safety', operations: [112, 114, 116] },
  flows: { title: 'Flows', operations: [117, 118, 119, 120] },
};

/** Developer team of an application (`devTeam` group of the reference client). */
export const devTeamRoutes = {
  getDevelopers: defineRoute({
    name: 'devTeam.getDevelopers',
    method: 'GET',
    path: base,
    auth: 'developer',
    response: Type.Array(TeamMemberSchema),
    summary: 'The owner, the members and pending invitations (`status: PENDING`), owner first',
  }),
  updateDevPermissions: defineRoute({
    name: 'devTeam.updateDevPermissions',
    method: 'PUT',
    path: `${base}/:devId/permissions`,
    auth: 'developer',
    response: TeamMemberSchema,
    devPermission: DevOperations.TEAM_ASSIGN_PERMISSION,
    body: Type.Array(DevPermissionSchema, { maxItems: 200 }),
    summary: 'Owner only: sets the listed operations of a member; answers the member',
  }),
  updateDevPermissionGroups: defineRoute({
    name: 'devTeam.updateDevPermissionGroups',
    method: 'PUT',
    path: `${base}/:devId/permission/groups`,
    auth: 'developer',
    response: TeamMemberSchema,
    devPermission: DevOperations.TEAM_ASSIGN_PERMISSION,
    body: Type.Array(DevPermissionGroupSchema, { maxItems: 50 }),
    summary: 'Owner only: sets every operation of each listed group (see `DevPermissionGroups`)',
  }),
  inviteDeveloper: defineRoute({
    name: 'devTeam.inviteDeveloper',
    method: 'POST',
    path: base,
    auth: 'developer',
    response: TeamMemberSchema,
    devPermission: DevOperations.TEAM_INVITE_REMOVE,
    // The reference client sends the address itself as a bare body; `{email}` works too.
    body: Type.Union([Type.Object({ email: Email }), Email]),
    summary: 'Owner only: an existing developer joins at once; anyone else gets a confirmation code by mail',
  }),
  removeDeveloper: defineRoute({
    name: 'devTeam.removeDeveloper',
    method: 'DELETE',
    path: `${base}/:devId`,
    auth: 'developer',
    response: SuccessSchema,
    devPermission: DevOperations.TEAM_INVITE_REMOVE,
    summary: 'Owner only: removes a member or withdraws a pending invitation (by its id)',
  }),
  updateNotificationSettings: defineRoute({
    name: 'devTeam.updateNotificationSettings',
    method: 'PUT',
    path: '/:appId/console/notifications/limits',
    auth: 'developer',
    response: Type.Object({}, { additionalProperties: true }),
    devPermission: DevOperations.LIMIT_NOTIFICATION,
    body: Type.Object({}, { additionalProperties: true }),
    summary: 'Stores the plan-limit notification settings of the app; answers them',
  }),
  transferOwnership: defineRoute({
    name: 'devTeam.transferOwnership',
    method: 'PUT',
    path: `${base}/owner`,
    auth: 'developer',
    response: OwnershipProposalSchema,
    devPermission: DevOperations.TEAM_INVITE_REMOVE,
    body: Type.Object({ developerId: Id }),
    summary: 'Owner only: proposes a member as the new owner; they confirm with the code from the mail',
  }),
  loadOwnershipTransferProposals: defineRoute({
    name: 'devTeam.loadOwnershipTransferProposals',
    method: 'GET',
    path: '/console/devteam/application-owner-change/pending-received-proposal',
    auth: 'developer',
    response: Type.Array(OwnershipProposalSchema),
  }),
  confirmOwnershipChange: defineRoute({
    name: 'devTeam.confirmOwnershipChange',
    method: 'PUT',
    path: `${base}/owner-confirm`,
    auth: 'developer',
    response: OwnershipProposalSchema,
    body: Type.Object({
      confirmationCode: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      id: Type.Optional(Id),
    }),
    summary: 'The proposed developer accepts, with the mailed `confirmationCode` or the proposal `id`',
  }),
  loadSentOwnershipTransfer: defineRoute({
    name: 'devTeam.loadSentOwnershipTransfer',
    method: 'GET',
    path: `${base}/application-owner-change/pending-sent-proposal`,
    auth: 'developer',
    response: NullableSchema(OwnershipProposalSchema),
  }),
  cancelSentOwnershipTransfer: defineRoute({
    name: 'devTeam.cancelSentOwnershipTransfer',
    method: 'DELETE',
    path: `${base}/application-owner-change/pending-sent-proposal`,
    auth: 'developer',
    response: SuccessSchema,
    devPermission: DevOperations.TEAM_INVITE_REMOVE,
  }),
  generateDeveloperSignature: defineRoute({
    name: 'devTeam.generateDeveloperSignature',
    method: 'GET',
    path: '/console/developer/signature',
    auth: 'developer',
    response: Type.String(),
    summary: 'A signature of the developer id (HMAC with a server secret) for embedded widgets',
  }),
} satisfies Record<string, RouteDef>;

/** `devPermissions` group: the caller's access to one operation, group or to all of them. */
export const devPermissionsRoutes = {
  get: defineRoute({
    name: 'devPermissions.get',
    method: 'GET',
    path: '/:appId/console/security/:operation',
    auth: 'developer',
    response: Type.Union([DevOperationAccessSchema, Type.Array(DevOperationAccessSchema)]),
    summary: '`:operation` is an id (40), a name (`tables`) or a group (`data`); `all` lists every operation',
  }),
} satisfies Record<string, RouteDef>;

const DateQuery = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 40 })]);

/**
 * Audit log and HIPAA compliance rows of the `security` group (declared here, served by the audit
 * module). The lead may fold them into `Routes.security`.
 */
export const auditRoutes = {
  loadAuditLogs: defineRoute({
    name: 'security.loadAuditLogs',
    method: 'GET',
    path: '/:appId/console/security/audit-logs',
    auth: 'developer',
    response: PageSchema(AuditLogEntrySchema),
    query: Type.Object({
      developer: Type.Optional(Type.String({ maxLength: 254 })),
      action: Type.Optional(Type.String({ maxLength: 200 })),
      from: Type.Optional(DateQuery),
      to: Type.Optional(DateQuery),
      offset: Type.Optional(Type.Integer({ minimum: 0 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    }),
    summary: '`{data: [AuditLogEntry], totalRows}`, newest first; `developer` is an id or an email',
  }),
  deleteAuditLogs: defineRoute({
    name: 'security.deleteAuditLogs',
    method: 'DELETE',
    path: '/:appId/console/security/audit-logs',
    auth: 'developer',
    response: Type.Object({ deleted: Type.Integer() }),
    devPermission: DevOperations.DELETE_AUDIT_LOGS,
    query: Type.Object({ before: Type.Optional(DateQuery) }),
    summary: 'Deletes the whole log, or the entries older than `before`; answers `{deleted}`',
  }),
  downloadAuditLogs: defineRoute({
    name: 'security.downloadAuditLogs',
    method: 'GET',
    path: '/:appId/console/security/audit-logs/download',
    auth: 'developer',
    response: Type.String(),
    query: Type.Object({ fromDate: Type.Optional(DateQuery), toDate: Type.Optional(DateQuery) }),
    summary: 'The entries of a date range as CSV (text/csv attachment)',
  }),
  activateHIPAACompliance: defineRoute({
    name: 'security.activateHIPAACompliance',
    method: 'PUT',
    path: '/:appId/console/compliance/hipaa/enable',
    auth: 'developer',
    response: ComplianceStateSchema,
    devPermission: DevOperations.HIPAA,
  }),
  deactivateHIPAACompliance: defineRoute({
    name: 'security.deactivateHIPAACompliance',
    method: 'PUT',
    path: '/:appId/console/compliance/hipaa/disable',
    auth: 'developer',
    response: ComplianceStateSchema,
    devPermission: DevOperations.HIPAA,
  }),
  getHIPAACompliance: defineRoute({
    name: 'security.getHIPAACompliance',
    method: 'GET',
    path: '/:appId/console/compliance/hipaa',
    auth: 'developer',
    response: ComplianceStateSchema,
    summary: 'Basalt addition: `{enabled, changed, changedBy}` so the console can show the state',
  }),
} satisfies Record<string, RouteDef>;
