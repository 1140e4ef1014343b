import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import { asService, canonicalAccess, canonicalOperation } from './permissions.repo.js';
import type { Security } from './security.service.js';

const r = Routes.security;
const t = Routes.tables;

/** A role permission as sent: `{service, operation, access}`; access null (or absent) drops it. */
function rolePermissions(body: unknown): Array<{ service: string; operation: string; access: unknown }> {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { permissions?: unknown }).permissions)
      ? (body as { permissions: unknown[] }).permissions
      : [body];
  return list.map((p) => {
    if (!p || typeof p !== 'object')
      throw ApiError.badRequest('A permission is an object {service, operation, access}');
    const o = p as Record<string, unknown>;
    return { service: String(o.service ?? 'data'), operation: String(o.operation ?? ''), access: o.access };
  });
}

/** Roles of each listed user (`tables.loadAssignedUserRoles`). */
function loadAssignedUserRoles(s: Security, appId: string, users: unknown) {
  const ids = (Array.isArray(users) ? users : String(users ?? '').split(','))
    .map((u) => String(u).trim())
    .filter(Boolean)
    .slice(0, 1000);
  return s.roles.assignments(appId, ids);
}

/**
 * Assigns or removes roles for users (`tables.updateAssignedUserRoles`, body `{roles, users}`).
 * A role is a name or id (assigned), or `{roleId | rolename | name, assigned | status}` where
 * status ALL/ASSIGNED adds, NONE/UNASSIGNED removes and SOME leaves it as it is.
 */
async function updateAssignedUserRoles(
  s: Security,
  appId: string,
  body: { roles?: unknown; users?: unknown },
): Promise<{ success: boolean }> {
  const users = (Array.isArray(body?.users) ? body.users : [])
    .map((u) => (typeof u === 'object' && u !== null ? (u as { objectId?: unknown }).objectId : u))
    .map(String)
    .filter(Boolean);
  const changes: Array<{ role: string; assign: boolean }> = [];
  for (const r of Array.isArray(body?.roles) ? body.roles : []) {
    if (typeof r === 'string') changes.push({ role: r, assign: true });
    else if (r && typeof r === 'object') {
      const o = r as Record<string, unknown>;
      const role = String(o.roleId ?? o.rolename ?? o.name ?? '');
      const status = String(o.status ?? '').toUpperCase();
      const assign = o.assigned === true || status === 'ALL' || status === 'ASSIGNED' || status === 'ASSIGN';
      const unassign = o.assigned === false || status === 'NONE' || status === 'UNASSIGNED' || status === 'UNASSIGN';
      if (role && (assign || unassign)) changes.push({ role, assign });
    }
  }
  await s.roles.assign(appId, users, changes);
  return { success: true };
}

/** Roles: list, create, rename, delete, and each role's service-wide permissions. */
export function registerRoleRoutes(app: FastifyInstance, ctx: ServerContext, s: Security): void {
  const changed = (
    origin: object,
    appId: string,
    developerId: string,
    action: string,
    target: string,
    summary: string,
  ) => ctx.bus.emit('console.changed', { appId, developerId, action, target, summary, origin });

  handle(app, ctx, r.loadRoles, ({ params }) => s.roles.list(params.appId));
  handle(app, ctx, r.createRole, async ({ params, developer, req }) => {
    const role = await s.roles.create(params.appId, params.roleName);
    changed(req, params.appId, developer.id, 'role.create', role.rolename, `Created role ${role.rolename}`);
    return role;
  });
  handle(app, ctx, r.renameRole, async ({ params, body, developer, req }) => {
    const before = await s.roles.get(params.appId, params.roleId);
    const role = await s.roles.rename(params.appId, params.roleId, body.name);
    changed(
      req,
      params.appId,
      developer.id,
      'role.rename',
      role.rolename,
      `Renamed role ${before.name} to ${role.rolename}`,
    );
    return role;
  });
  handle(app, ctx, r.deleteRole, async ({ params, developer, req }) => {
    const role = await s.roles.remove(params.appId, params.roleId);
    s.engine.invalidate(params.appId);
    changed(req, params.appId, developer.id, 'role.delete', role.name, `Deleted role ${role.name}`);
    return { success: true };
  });

  handle(app, ctx, r.loadRolePermissions, async ({ params }) => {
    const role = await s.roles.get(params.appId, params.roleId);
    const out = [];
    for (const service of ['data', 'files', 'messaging', 'localservices', 'geo'] as const) {
      const rules = await s.repo.list(params.appId, {
        service,
        item: '*',
        objectId: '',
        column: '',
        principalType: 'role',
        principal: role.id,
      });
      out.push(...rules.map((x) => ({ service, operation: x.operation, access: x.access })));
    }
    return out;
  });
  handle(app, ctx, r.setRolePermission, async ({ params, body, developer, req }) => {
    const role = await s.roles.get(params.appId, params.roleId);
    for (const p of rolePermissions(body)) {
      const service = asService(p.service);
      const operation = canonicalOperation(service, p.operation);
      const key = { service, item: '*', principalType: 'role' as const, principal: role.id, operation };
      if (p.access === null || p.access === undefined || p.access === 'INHERIT')
        await s.repo.drop(params.appId, { ...key, objectId: '', column: '' });
      else await s.repo.set(params.appId, key, canonicalAccess(p.access));
    }
    s.engine.invalidate(params.appId);
    changed(
      req,
      params.appId,
      developer.id,
      'permission.role',
      role.name,
      `Changed the service permissions of role ${role.name}`,
    );
    const rules = await s.repo.list(params.appId, {
      service: 'data',
      item: '*',
      objectId: '',
      column: '',
      principalType: 'role',
      principal: role.id,
    });
    return { [role.id]: Object.fromEntries(rules.map((x) => [x.operation, x.access])) };
  });

  // Role assignments sit under the security path, though the reference client lists them with tables.
  handle(app, ctx, t.loadAssignedUserRoles, ({ params, query }) => loadAssignedUserRoles(s, params.appId, query.users));
  handle(app, ctx, t.updateAssignedUserRoles, ({ params, body }) => updateAssignedUserRoles(s, params.appId, body));
}
