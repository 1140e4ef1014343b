import { PermissionOperations, RecordPermissionOperations } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { Caller } from './permission-engine.js';
import { canonicalAccess, type Service } from './permissions.repo.js';

const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** What the SDK's Permissions objects can change: FIND/UPDATE/REMOVE of a record, READ/WRITE/DELETE of a file. */
const upperCased = (ops: readonly string[]): Record<string, string> =>
  Object.fromEntries(ops.map((op) => [op.toUpperCase(), op]));
const SDK_OPERATIONS: Record<'data' | 'files', Record<string, string>> = {
  data: upperCased(RecordPermissionOperations),
  files: upperCased(PermissionOperations.files),
};

export const isServerCode = (c: Caller) => c.roles.some((r) => r.name === 'ServerCodeUser');

/** The body of an SDK permission write: `{permission, user}` or `{permission, role}`, `*` meaning all. */
export interface SdkPermissionBody {
  permission?: unknown;
  user?: unknown;
  role?: unknown;
}

/**
 * One GRANT or DENY written by the app SDK (`Backendless.Data.Permissions…`, `Files.Permissions…`)
 * into the same rules the console edits: a record's ACL for data, the path's rules for files. The
 * caller's right to write it is checked by the route (owner or server code).
 */
export async function writeSdkPermission(
  ctx: ServerContext,
  caller: Caller,
  target: { service: 'data' | 'files'; item: string; objectId: string },
  accessText: string,
  body: unknown,
): Promise<true> {
  const s = ctx.security;
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as SdkPermissionBody;
  const access = canonicalAccess(accessText);
  const operation = SDK_OPERATIONS[target.service][String(b.permission ?? '').toUpperCase()];
  if (!operation)
    throw ApiError.field(
      'BAD_REQUEST',
      'permission',
      `'permission' must be one of ${Object.keys(SDK_OPERATIONS[target.service]).join(', ')}`,
    );
  if ((b.user === undefined) === (b.role === undefined))
    throw ApiError.field('BAD_REQUEST', 'user', "Name either a 'user' or a 'role' (\"*\" for all)");
  let principal: { principalType: 'user' | 'role'; principal: string };
  if (b.user !== undefined) {
    if (typeof b.user !== 'string' || (b.user !== '*' && !USER_ID.test(b.user)))
      throw ApiError.field('BAD_REQUEST', 'user', "'user' must be a user's objectId or \"*\"");
    principal = { principalType: 'user', principal: b.user };
  } else {
    if (typeof b.role !== 'string' || !b.role)
      throw ApiError.field('BAD_REQUEST', 'role', '\'role\' must be a role name or "*"');
    const role = b.role === '*' ? undefined : await s.roles.find(caller.appId, b.role);
    if (b.role !== '*' && !role)
      throw ApiError.field('BAD_REQUEST', 'role', `Role '${b.role.slice(0, 100)}' does not exist`);
    principal = { principalType: 'role', principal: role?.id ?? '*' };
  }
  const service: Service = target.service;
  await s.repo.set(
    caller.appId,
    { service, item: target.item, objectId: target.objectId, column: '', ...principal, operation },
    access,
  );
  s.engine.invalidate(caller.appId);
  return true;
}
