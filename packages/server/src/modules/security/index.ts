import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { securityMigrations } from './security.migrations.js';
import { registerRoleRoutes } from './roles.routes.js';
import { registerPermissionRoutes } from './permissions.routes.js';
import { registerSessionRoutes } from './sessions.routes.js';
import { registerAdvisorRoutes } from './advisor.routes.js';
import type { Caller } from './permission-engine.js';
import { canonicalOperation } from './permissions.repo.js';
import { rekeyColumnRules } from './column-rules.migration.js';
import { ChannelItemsRepo } from './channel-items.repo.js';

export { Security, type SchemaSource } from './security.service.js';
export type { Caller, Decision, RowFilter } from './permission-engine.js';
export { SYSTEM_ROLES, CLIENT_ROLE_BY_DEVICE } from './roles.service.js';
export { writeSdkPermission, isServerCode } from './app-permissions.js';

/** Folders of a path, nearest first: `a/b/c.txt` → `a/b/c.txt`, `a/b`, `a`. Rules on a folder cover what is inside. */
function pathChain(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  const out: string[] = [];
  for (let i = parts.length; i > 0; i--) out.push(parts.slice(0, i).join('/'));
  return out.length ? out : [''];
}

/**
 * May the caller Read, Write or Delete a file (root-relative path)? Rules on the path, then on its
 * folders, then the caller's roles' service-wide file rules; refuses with 403.
 */
export async function checkFilePermission(
  ctx: ServerContext,
  caller: Caller,
  path: string,
  operation: 'Read' | 'Write' | 'Delete' | string,
): Promise<void> {
  const op = canonicalOperation('files', operation);
  await ctx.security.engine.require(caller, 'files', pathChain(path), op, undefined, `'${path.slice(0, 200)}'`);
}

/**
 * May the caller `operation` a path and everything stored inside it? The path is decided as by
 * `checkFilePermission`; inside it, only paths carrying rules of their own can decide otherwise, so
 * each such rule path that denies the caller refuses the call when `present` says something is
 * stored there (for a destination: will be). A rule for a path where nothing is refuses nothing.
 */
export async function checkFileTree(
  ctx: ServerContext,
  caller: Caller,
  path: string,
  operation: 'Read' | 'Write' | 'Delete' | string,
  present: (inner: string) => Promise<boolean>,
): Promise<void> {
  await checkFilePermission(ctx, caller, path, operation);
  const op = canonicalOperation('files', operation);
  const engine = ctx.security.engine;
  const skip = path === '' ? 0 : path.length + 1;
  for (const item of await engine.itemsInside(caller.appId, 'files', path)) {
    if ((await engine.decide(caller, 'files', pathChain(item), op)).access !== 'DENY') continue;
    if (await present(item.slice(skip)))
      throw ApiError.forbidden(`Permission denied: ${op} on '${item.slice(0, 200)}'`);
  }
}

/**
 * May the caller Publish to or Subscribe to a channel? Rules are kept by channel id (console) or
 * name; both are consulted. Answers a decision instead of throwing, for the real-time hook.
 */
export async function checkChannelPermission(
  ctx: ServerContext,
  caller: Caller,
  channel: string,
  operation: 'Publish' | 'Subscribe',
): Promise<{ allowed: true } | { allowed: false; message: string }> {
  const id = await new ChannelItemsRepo(ctx.dbs.system).idOf(caller.appId, channel);
  const d = await ctx.security.engine.decide(caller, 'messaging', id ? [id, channel] : [channel], operation);
  return d.access === 'GRANT'
    ? { allowed: true }
    : { allowed: false, message: `Permission denied: ${operation} on channel '${channel.slice(0, 100)}'` };
}

/** The caller of a real-time connection (API key device type and the user token it gave). */
export async function realtimeCaller(
  ctx: ServerContext,
  appId: string,
  deviceType: string,
  userToken: string | null,
): Promise<Caller | undefined> {
  const security = ctx.security;
  if (!userToken) return security.callerFor(appId, deviceType, null);
  const session = await security.sessions.resolve(appId, userToken);
  if (!session) return undefined;
  return security.callerFor(appId, deviceType, { objectId: session.userId });
}

/**
 * May a real-time client subscribe? Channels need Subscribe; a table's changes need Find on some of
 * its rows (a caller denied every row is refused). An unknown user token is refused.
 */
export async function checkRealtimeSubscription(
  ctx: ServerContext,
  client: { appId: string; deviceType: string; userToken: string | null },
  target: { kind: 'channel'; channel: string } | { kind: 'table'; table: string },
): Promise<{ allowed: true } | { allowed: false; message: string }> {
  const caller = await realtimeCaller(ctx, client.appId, client.deviceType, client.userToken);
  if (!caller) return { allowed: false, message: 'The user token is not valid or has expired' };
  if (target.kind === 'channel') return checkChannelPermission(ctx, caller, target.channel, 'Subscribe');
  const table = (await ctx.data.schema(client.appId))?.table(target.table);
  if (!table) return { allowed: true };
  const rows = await ctx.security.engine.rowFilter(caller, table.tableId, 'Find');
  return rows.kind === 'none'
    ? { allowed: false, message: `Permission denied: Find on table '${table.name}'` }
    : { allowed: true };
}

/**
 * Security: roles, the permission engine and its rules, panic mode and app users' sessions.
 * The app-facing API (modules/appapi) asks this module about every call.
 */
export const securityModule: ServerModule = {
  area: 'security',
  name: 'security',
  systemMigrations: securityMigrations,
  async register(app, ctx) {
    const security = ctx.security;
    // Stored column rules keyed by name move to column ids before the first request is served.
    await rekeyColumnRules(ctx);
    // A new app is handed over with its system roles in place.
    ctx.appCreatedHooks.push((appId) => security.roles.ensureSystemRoles(appId));
    registerRoleRoutes(app, ctx, security);
    registerPermissionRoutes(app, ctx, security);
    registerSessionRoutes(app, ctx, security);
    registerAdvisorRoutes(app, ctx, security);
  },
};
