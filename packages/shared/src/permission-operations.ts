import { DevOperations } from './dev-permissions.js';

/**
 * The GRANT/DENY permission table of app data, files, messaging, business logic and geo: which
 * operations each service has, in the spelling answers use. The server validates and stores rules
 * with it; the console draws its permission matrices from it. Declared once so both always agree.
 */

/** Services a permission rule can be about. */
export const PermissionServices = ['data', 'files', 'messaging', 'localservices', 'geo'] as const;
export type PermissionService = (typeof PermissionServices)[number];

/** Operations of each permission service, in the order the server lists them. */
export const PermissionOperations: Readonly<Record<PermissionService, readonly string[]>> = {
  data: ['Find', 'Create', 'Update', 'Remove', 'LoadRelations', 'AddRelation', 'SetRelation', 'DeleteRelation'],
  files: ['Read', 'Write', 'Delete'],
  messaging: ['Publish', 'Subscribe'],
  localservices: ['Invoke'],
  geo: ['Find', 'Create', 'Update', 'Remove'],
};

/** Column permissions: a DENY on Find hides the column, a DENY on Update refuses writes to it. */
export const ColumnPermissionOperations: readonly string[] = ['Find', 'Update'];

/** Operations of one record's ACL and of the owner policy (what a caller may do to a record it reaches). */
export const RecordPermissionOperations: readonly string[] = ['Find', 'Update', 'Remove'];

/** Developer-team operation needed to change the permissions of each service. */
export const PermissionDevOperations: Readonly<Record<PermissionService, number>> = {
  data: DevOperations.TABLE_PERMISSIONS,
  files: DevOperations.FILE_PERMISSIONS,
  messaging: DevOperations.CHANNEL_PERMISSIONS,
  geo: DevOperations.GEO_PERMISSIONS,
  localservices: DevOperations.BUSINESS_LOGIC,
};
