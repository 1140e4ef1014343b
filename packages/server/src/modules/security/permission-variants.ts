import { PermissionServices } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { asService, type Service } from './permissions.repo.js';

/**
 * One case of the reference's permission URL table, read from the path segments after
 * `/{appId}/console/security/` (each segment percent-decoded once).
 */
export type Variant =
  | { kind: 'owner'; service: Service; item: string; operation?: string }
  | {
      kind: 'acl';
      service: Service;
      itemName: string;
      objectId: string;
      policy: 'users' | 'roles';
      principal?: string;
      search?: string;
    }
  | { kind: 'fileRoles'; item: string; principal?: string }
  | { kind: 'fileUsers'; item: string; principal?: string; search?: string }
  | { kind: 'columns'; service: Service; item: string; operation?: string; principal?: string }
  | { kind: 'localAccess'; item: string; policy: 'users' | 'roles'; principal: string; access: string }
  | {
      kind: 'default';
      service: Service;
      item: string;
      policy: 'users' | 'roles' | 'columns' | 'owner';
      principal?: string;
      operation?: string;
    };

const POLICIES = ['users', 'roles', 'owner', 'columns'];
const SERVICES: readonly string[] = PermissionServices;

function policyOf(value: string): 'users' | 'roles' {
  if (value === 'users' || value === 'roles') return value;
  throw ApiError.notFound(`Unknown permission policy '${value.slice(0, 40)}'`);
}

/** Segments of a request URL after `/security/`, decoded once. */
export function securitySegments(url: string): string[] {
  const path = url.split('?')[0];
  const at = path.indexOf('/console/security/');
  const tail = at < 0 ? '' : path.slice(at + '/console/security/'.length);
  try {
    return tail
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    throw ApiError.badRequest('The path holds an invalid percent-escape');
  }
}

/**
 * The file path of a write or a drop: the reference client sends it as it is, slashes and all
 * (reads send it as one encoded segment), so it is every segment from `from` on.
 */
const fileTail = (s: string[], from: number) => s.slice(from).join('/');

const unknown = (s: string[]) => ApiError.notFound(`No security route /${s.map((x) => x.slice(0, 60)).join('/')}`);

/** GET: which permissions to list. */
export function readVariant(s: string[]): Variant {
  if (s[0] === 'roles' && s[1] === 'files' && s.length === 3) return { kind: 'fileRoles', item: s[2] };
  if (s[0] === 'files' && s[1] === 'users' && s.length === 3) return { kind: 'fileUsers', item: s[2] };
  if (s[0] === 'users' && s[1] === 'search' && s[3] === 'files' && s.length === 5)
    return { kind: 'fileUsers', item: s[4], search: s[2] };
  if (!SERVICES.includes(s[0])) throw unknown(s);
  const service = asService(s[0]);
  if (s[1] === 'ownerpolicy' && s.length === 3) return { kind: 'owner', service, item: s[2] };
  if (s[2] === 'objectAcl' && s.length === 5)
    return { kind: 'acl', service, itemName: s[1], objectId: s[3], policy: policyOf(s[4]) };
  if (s[2] === 'objectAcl' && s[4] === 'users' && s[5] === 'search' && s.length === 7)
    return { kind: 'acl', service, itemName: s[1], objectId: s[3], policy: 'users', search: s[6] };
  if (s[2] === 'columns' && s[3] === 'permissions' && s.length === 4) return { kind: 'columns', service, item: s[1] };
  if (s.length === 3 && POLICIES.includes(s[2]))
    return { kind: 'default', service, item: s[1], policy: s[2] as 'users' };
  throw unknown(s);
}

/** PUT: which permissions to set. */
export function writeVariant(s: string[]): Variant {
  if (s[0] === 'roles' && s[2] === 'files' && s.length >= 4)
    return { kind: 'fileRoles', principal: s[1], item: fileTail(s, 3) };
  if (s[0] === 'users' && s[2] === 'file' && s.length >= 4)
    return { kind: 'fileUsers', principal: s[1], item: fileTail(s, 3) };
  if (!SERVICES.includes(s[0])) throw unknown(s);
  const service = asService(s[0]);
  if (s[1] === 'ownerpolicy' && s.length === 3) return { kind: 'owner', service, item: s[2] };
  if (s[2] === 'objectAcl' && s.length === 6)
    return { kind: 'acl', service, itemName: s[1], objectId: s[3], policy: policyOf(s[4]), principal: s[5] };
  if (s[2] === 'columns' && s[3] === 'permissions' && s.length === 6)
    return { kind: 'columns', service, item: s[1], operation: s[4], principal: s[5] };
  if (service === 'localservices' && s[4] === 'access' && s.length === 6)
    return { kind: 'localAccess', item: s[1], policy: policyOf(s[2]), principal: s[3], access: s[5] };
  if (s.length === 4 && POLICIES.includes(s[2]))
    return { kind: 'default', service, item: s[1], policy: s[2] as 'users', principal: s[3] };
  throw unknown(s);
}

/** DELETE: which permissions to drop (back to inherited). */
export function dropVariant(s: string[]): Variant {
  if (s[0] === 'roles' && s[2] === 'files' && s.length >= 4)
    return { kind: 'fileRoles', principal: s[1], item: fileTail(s, 3) };
  if (s[0] === 'files' && s[1] === 'users' && s.length >= 4)
    return { kind: 'fileUsers', principal: s[2], item: fileTail(s, 3) };
  if (!SERVICES.includes(s[0])) throw unknown(s);
  const service = asService(s[0]);
  if (s[1] === 'ownerpolicy' && s.length === 4) return { kind: 'owner', service, item: s[2], operation: s[3] };
  if (s[2] === 'objectAcl' && s.length === 6) {
    const policy = policyOf(s[4]);
    // For roles the reference client puts the operation in the last slot, for users the user id.
    return policy === 'roles'
      ? { kind: 'acl', service, itemName: s[1], objectId: s[3], policy }
      : { kind: 'acl', service, itemName: s[1], objectId: s[3], policy, principal: s[5] };
  }
  if ((s.length === 4 || s.length === 5) && POLICIES.includes(s[2])) {
    return { kind: 'default', service, item: s[1], policy: s[2] as 'users', principal: s[3], operation: s[4] };
  }
  throw unknown(s);
}

/** The operation slot of a role object-ACL drop (see `dropVariant`). */
export function aclRoleDropOperation(s: string[]): string {
  return s[5];
}
