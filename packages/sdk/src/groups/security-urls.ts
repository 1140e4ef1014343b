/**
 * Paths of the permission routes: the reference client picks one of several URL shapes from the
 * policy, the service and the object id (the "Security permission URL variants" table). Each
 * function answers the part after `/{appId}/console/security/`.
 */
import { encodePath, type PermissionService } from '@basalt/shared';

/** Who a permission is about: a user, a role, the owner of a record, or a column. */
export type PermissionPolicy = 'users' | 'roles' | 'owner' | 'columns';

/** What a permission protects (the contract's table of services and operations). */
export type { PermissionService };

/** The object id that means "every object" (anything else edits one record's ACL). */
export const ALL_OBJECTS = 'all';

/** The arguments that pick a variant (names as in the reference client). */
export interface PermissionTarget {
  policy: PermissionPolicy;
  service: PermissionService;
  /** Table id, channel id, file path, service id … */
  serviceItemId: string;
  /** Table name (object ACLs address the table by name). */
  serviceItemName?: string;
  /** A record id, or `all` / empty for permissions that are not an object ACL. */
  objectId?: string;
}

/** True when a permission is about one record (an object id other than `all`). */
export const isAcl = (objectId: string | undefined) => !!objectId && objectId !== ALL_OBJECTS;

/** Reads send a file path as one encoded segment (its slashes encoded too). */
const itemOf = (t: PermissionTarget) => (t.service === 'files' ? encodeURIComponent(t.serviceItemId) : t.serviceItemId);

/** Writes and drops send a file path as path parts, each encoded, slashes kept (as the reference does). */
const writtenItemOf = (t: PermissionTarget) => (t.service === 'files' ? encodePath(t.serviceItemId) : t.serviceItemId);

/** GET (`loadPermissions`): `name` is the users' search text when one is given. */
export function readPermissionsPath(t: PermissionTarget, name?: string): string {
  const item = itemOf(t);
  if (t.policy === 'owner') return `${t.service}/ownerpolicy/${item}`;
  if (isAcl(t.objectId)) return `${t.service}/${t.serviceItemName}/objectAcl/${t.objectId}/${t.policy}`;
  if (t.service === 'files' && t.policy === 'roles') return `roles/files/${item}`;
  if (t.service === 'files' && t.policy === 'users')
    return name ? `users/search/${name}/files/${item}` : `files/users/${item}`;
  if (t.policy === 'columns') return `${t.service}/${item}/columns/permissions`;
  return `${t.service}/${item}/${t.policy}`;
}

/** PUT (`setPermission`). */
export function writePermissionPath(
  t: PermissionTarget,
  policyItemId: string,
  permission: { operation?: string; access?: string | null },
): string {
  const item = writtenItemOf(t);
  if (t.policy === 'owner') return `${t.service}/ownerpolicy/${item}`;
  if (isAcl(t.objectId)) return `${t.service}/${t.serviceItemName}/objectAcl/${t.objectId}/${t.policy}/${policyItemId}`;
  if (t.service === 'files' && t.policy === 'roles') return `roles/${policyItemId}/files/${item}`;
  if (t.service === 'files' && t.policy === 'users') return `users/${policyItemId}/file/${item}`;
  if (t.policy === 'columns') return `${t.service}/${item}/columns/permissions/${permission.operation}/${policyItemId}`;
  if (t.service === 'localservices' && permission.operation === 'all')
    return `localservices/${item}/${t.policy}/${policyItemId}/access/${permission.access}`;
  return `${t.service}/${item}/${t.policy}/${policyItemId}`;
}

/** DELETE (`dropPermissions`). */
export function dropPermissionsPath(t: PermissionTarget, policyItemId: string, operation?: string): string {
  const item = writtenItemOf(t);
  if (t.policy === 'owner') return `${t.service}/ownerpolicy/${item}/${operation}`;
  // Role ACL entries are dropped per operation: the operation takes the principal's slot.
  if (isAcl(t.objectId))
    return `${t.service}/${t.serviceItemName}/objectAcl/${t.objectId}/${t.policy}/${t.policy === 'roles' ? operation : policyItemId}`;
  if (t.service === 'files' && t.policy === 'roles') return `roles/${policyItemId}/files/${item}`;
  if (t.service === 'files' && t.policy === 'users') return `files/users/${policyItemId}/${item}`;
  const base = `${t.service}/${item}/${t.policy}/${policyItemId}`;
  return operation && operation !== 'all' ? `${base}/${operation}` : base;
}

/** True when `setPermission` sends the permission as it is rather than wrapped in `{permissions}`. */
export function sendsBarePermission(t: PermissionTarget): boolean {
  return t.policy === 'owner' || t.policy === 'columns' || isAcl(t.objectId);
}
