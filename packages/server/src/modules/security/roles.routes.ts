import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import { asService, canonicalAccess, canonicalOperation } from './permissions.repo.js';
import type { Security } from './security.service.js';

const r = Routes.security;
type P = { appId: string; roleName: string; roleId: string };

/** A role permission as sent: `{service, operation, access}`; access null (or absent) drops it. */
function rolePermissions(body: unknown): Array<{ service: string; operation: string; access: unknown }> {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' && Array.isArray((body as { permissions?: unknown }).permissions) ? (body as { permissions: unknown[] }).permissions : [body];
  return list.map((p) => {
    if (!p || typeof p !== 'object') throw ApiError.badRequest('A permission is an object {service, operation, access}');
    const o = p as Record<string, unknown>;
    return { service: String(o.service ?? 'data'), operation: String(o.operation ?? ''), access: o.access };
  });
}

/** Roles: list, create, rename, delete, and each role's service-wide permissions. */
export function registerRoleRoutes(app: FastifyInstance, ctx: ServerContext, s: Security): void {
  const changed = (origin: object, appId: string, developerId: string, action: string, target: string, summary: string) =>
    ctx.bus.emit('console.changed', { appId, developerId, action, target, summary, origin });

  handle<P>(app, ctx, r.loadRoles, ({ params }) => s.roles.list(params.appId));
  handle<P>(app, ctx, r.createRole, async ({ params, developer, req }) => {
    const role = await s.roles.create(params.appId, params.roleName);
    changed(req, params.appId, developer.id, 'role.create', role.rolename, `Created role ${role.rolename}`);
    return role;
  });
  handle<P, object, { name: string }>(app, ctx, r.renameRole, async ({ params, body, developer, req }) => {
    const before = await s.roles.get(params.appId, params.roleId);
    const role = await s.roles.rename(params.appId, params.roleId, body.name);
    changed(req, params.appId, developer.id, 'role.rename', role.rolename, `Renamed role ${before.name} to ${role.rolename}`);
    return role;
  });
  handle<P>(app, ctx, r.deleteRole, async ({ params, developer, req }) => {
    const role = await s.roles.remove(params.appId, params.roleId);
    s.engine.invalidate(params.appId);
    changed(req, params.appId, developer.id, 'role.delete', role.name, `Deleted role ${role.name}`);
    return { success: true };
  });

  handle<P>(app, ctx, r.loadRolePermissions, async ({ params }) => {
    const role = await s.roles.get(params.appId, params.roleId);
    const out = [];
    for (const service of ['data', 'files', 'messaging', 'localservices', 'geo'] as const) {
      const rules = await s.repo.list(params.appId, { service, item: '*', objectId: '', column: '', principalType: 'role', principal: role.id });
      out.push(...rules.map((x) => ({ service, operation: x.operation, access: x.access })));
    }
    return out;
  });
  handle<P, object, unknown>(app, ctx, r.setRolePermission, async ({ params, body, developer, req }) => {
    const role = await s.roles.get(params.appId, params.roleId);
    for (const p of rolePermissions(body)) {
      const service = asService(p.service);
      const operation = canonicalOperation(service, p.operation);
      const key = { service, item: '*', principalType: 'role' as const, principal: role.id, operation };
      if (p.access === null || p.access === undefined || p.access === 'INHERIT') await s.repo.drop(params.appId, { ...key, objectId: '', column: '' });
      else await s.repo.set(params.appId, key, canonicalAccess(p.access));
    }
    s.engine.invalidate(params.appId);
    changed(req, params.appId, developer.id, 'permission.role', role.name, `Changed the service permissions of role ${role.name}`);
    const rules = await s.repo.list(params.appId, { service: 'data', item: '*', objectId: '', column: '', principalType: 'role', principal: role.id });
    return { [role.id]: Object.fromEntries(rules.map((x) => [x.operation, x.access])) };
  });
}
