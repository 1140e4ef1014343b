/**
 * The reference client's reshaping of security answers, done the same way here: roles get `id`,
 * `name` and `system`; permission lists become `{data: [{id, name, permissions: {op: access}}]}`
 * sorted by name; writes answer `{<principal | owner>: {op: access}}`.
 */
import type { PermissionList, SecurityRole } from '@basalt/shared';
import { isRecord } from '../transport/errors.js';
import { isAcl, type PermissionTarget } from './security-urls.js';

/** The built-in roles; the client marks them `system` even when an answer does not. */
export const SYSTEM_ROLE_NAMES = [
  'ASUser',
  'GooglePlusUser',
  'NotAuthenticatedUser',
  'DotNetUser',
  'SocialUser',
  'AndroidUser',
  'FacebookUser',
  'IOSUser',
  'TwitterUser',
  'AuthenticatedUser',
  'RestUser',
  'ServerCodeUser',
  'JSUser',
  'GuestUser',
] as const;

/** A role as the client answers it: the server's fields plus `id`, `name` and `system`. */
export interface Role extends SecurityRole {
  id: string;
  name: string;
}

const SYSTEM = new Set<string>(SYSTEM_ROLE_NAMES);

type Loose = Record<string, unknown>;
/** A value as a list (a list stays as it is). */
export const castArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** A role with `id` and `name` added from `roleId` and `rolename` (the server's own fields win). */
export function named(raw: unknown): Role {
  const role = (isRecord(raw) ? raw : {}) as Loose;
  return { id: role.roleId, name: role.rolename, ...role } as Role;
}

/** `named`, plus `system` for the built-in role names unless the server said. */
export function withSystem(role: Role): Role {
  const own = role as unknown as Loose;
  return { ...role, system: 'system' in own ? own.system : SYSTEM.has(role.name) } as Role;
}

/** `[{operation, access}]` (or column permissions `[{columnId, access}]`) as a map. */
function toAccessMap(list: unknown, byColumn: boolean): Record<string, string> {
  if (isRecord(list)) return list as Record<string, string>;
  const map: Record<string, string> = {};
  if (Array.isArray(list))
    for (const p of list.filter(isRecord)) map[String(byColumn ? p.columnId : p.operation)] = p.access as string;
  return map;
}

/** A record's ACL by roles (`[{operationName, roles: [{roleId, roleName, access}]}]`) as role rows. */
function aclRoleRows(answer: Loose[]): Loose[] {
  const rows = new Map<string, { roleId: unknown; name: unknown; permissions: Loose[] }>();
  for (const op of answer) {
    for (const role of (Array.isArray(op.roles) ? op.roles : []).filter(isRecord)) {
      const key = String(role.roleId);
      if (!rows.has(key)) rows.set(key, { roleId: role.roleId, name: role.roleName, permissions: [] });
      rows.get(key)!.permissions.push({ operation: op.operationName, access: role.access });
    }
  }
  return [...rows.values()];
}

/**
 * Any answer of a permission list as `{data: [...]}`: kept when it has `data`; a bare list of
 * column rows, role or user rows, ACL operations, or the owner's permissions is wrapped.
 */
export function alignList(answer: unknown): { data: Loose[]; totalRows?: number } {
  if (isRecord(answer) && answer.data) return answer as { data: Loose[] };
  const list = Array.isArray(answer) ? answer : [];
  if (!list.length) return { data: [] };
  const first = isRecord(list[0]) ? list[0] : {};
  const firstPermission =
    Array.isArray(first.permissions) && isRecord(first.permissions[0]) ? first.permissions[0] : undefined;
  if (firstPermission?.columnId)
    return {
      data: list
        .filter(isRecord)
        .map((item) => ({ name: item.roleName, roleId: item.roleId, permissions: item.permissions })),
    };
  if (first.permissions) return { data: list };
  if (first.operationId) return { data: aclRoleRows(list.filter(isRecord)) };
  if (first.userId) return { data: list };
  return { data: [{ permissions: list }] };
}

/** Sorts rows by name as the reference does (stable; rows without a name last). */
function byName<T extends Loose>(rows: T[]): T[] {
  const rank = (v: unknown) => (v === undefined ? 2 : v === null ? 1 : 0);
  return rows
    .map((row, i) => ({ row, i }))
    .sort((x, y) => {
      const a = x.row.name as string;
      const b = y.row.name as string;
      return rank(a) - rank(b) || (a > b ? 1 : a < b ? -1 : 0) || x.i - y.i;
    })
    .map(({ row }) => row);
}

/** Rows with permission maps and `id` (user, role, or `owner`), sorted by name. */
export function toPermissionList(list: { data: Loose[]; totalRows?: number }): PermissionList {
  const first = list.data[0];
  const byColumn = !!(
    first &&
    Array.isArray(first.permissions) &&
    isRecord(first.permissions[0]) &&
    first.permissions[0].columnId
  );
  const data = list.data.map((item) => ({
    ...item,
    permissions: toAccessMap(item.permissions, byColumn),
    id: item.userId || item.roleId || 'owner',
  }));
  return { ...list, data: byName(data) } as PermissionList;
}

/** A permission write's answer as `{<principal | owner>: {operation: access}}` (column writes as they are). */
export function alignChange(answer: unknown, t: PermissionTarget, policyItemId: string, operation: unknown): unknown {
  if (!answer) return {};
  if (t.policy === 'owner') return { owner: { [String(operation)]: answer } };
  if (isAcl(t.objectId) && t.policy === 'roles') {
    const out: Record<string, Record<string, unknown>> = {};
    for (const row of aclRoleRows(castArray(answer).filter(isRecord)))
      out[String(row.roleId)] = toAccessMap(row.permissions, false);
    return out;
  }
  if (t.policy === 'columns') return answer;
  const list = isRecord(answer) && answer.permissions ? answer.permissions : answer;
  return { [policyItemId]: toAccessMap(list, false) };
}
