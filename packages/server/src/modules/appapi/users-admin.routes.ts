import type { FastifyInstance, FastifyRequest } from 'fastify';
import { columnIn } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { appHooked } from '../../events/app-hooks.js';
import { authenticateApp, type AppCaller } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { isServerCode } from '../security/index.js';
import type { AppData } from './data-access.js';
import type { UsersRepo } from './users.repo.js';
import { describeTable } from './schema-info.routes.js';
import { UsersPolicy } from './users-policy.js';

type P = { appId: string; apiKey: string; roleName: string; userId: string; identity: string };
type R = FastifyRequest<{ Params: P; Querystring: Record<string, unknown>; Body: unknown }>;
type Rec = Record<string, unknown>;

/** Most users findByRole answers in one call. */
const MAX_ROLE_USERS = 10_000;

const bad = (message: string) => new ApiError('BAD_REQUEST', message);

/** Changes to other users' roles and status are for server code (the BL key, cloud code) only, as in the reference. */
function requireServerCode(caller: AppCaller, what: string): void {
  if (!isServerCode(caller))
    throw new ApiError('FORBIDDEN', `Permission denied: ${what} is allowed to server code only`);
}

/**
 * The rest of the SDK's Users section: `describeUserClass`, `findByRole`, `assignRole` /
 * `unassignRole`, `enableUser` / `disableUser` (email confirmation is in users.routes.ts).
 */
export function registerUserAdminRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  data: AppData,
  repo: UsersRepo,
): void {
  const base = '/:appId/:apiKey/users';
  const caller = (req: FastifyRequest) => authenticateApp(ctx, req);
  const policy = new UsersPolicy(ctx);

  app.get(`${base}/userclassprops`, async (req: R) => {
    const c = await caller(req);
    return appHooked(ctx, req, 'user', 'Describe', '*', {}, async () => {
      const { table } = await data.table(c.appId, 'Users');
      const identity = (await policy.identityColumn(c.appId, table)).name;
      return (await describeTable(data, c, table)).map((d) => ({ ...d, identity: d.name === identity }));
    });
  });

  app.get(`${base}/role/:roleName`, async (req: R) => {
    const c = await caller(req);
    const security = ctx.security;
    const role = await security.roles.find(c.appId, req.params.roleName);
    if (!role) throw new ApiError('NOT_FOUND', `Role '${req.params.roleName.slice(0, 100)}' does not exist`);
    const ids = await security.roles.usersWith(c.appId, role.id, MAX_ROLE_USERS + 1);
    if (ids.length > MAX_ROLE_USERS)
      throw bad(
        `More than ${MAX_ROLE_USERS} users have role '${role.name}': find them through the Users table with a where clause`,
      );
    if (!ids.length) return [];
    const { loadRoles, ...query } = req.query;
    // The Users find the caller may make, narrowed to the role's users: permissions apply as in any find.
    const users = await data.find(c, 'Users', query, true, [columnIn('objectId', ids)]);
    if (loadRoles === 'true') {
      for (const u of users)
        u.roles = (await security.roles.assignedTo(c.appId, String(u.objectId))).map((r) => r.name);
    }
    return users;
  });

  /** The objectId of a user named by its identity (the login column) or its objectId. */
  const userOf = async (appId: string, identity: unknown): Promise<string> => {
    if (
      (typeof identity !== 'string' && typeof identity !== 'number') ||
      String(identity).length > 254 ||
      !String(identity).trim()
    )
      throw bad("Send 'user' (the user's identity or objectId)");
    const { table } = await data.table(appId, 'Users');
    const column = await policy.identityColumn(appId, table);
    const values = policy.identityValues(column, String(identity).trim());
    const byIdentity = values.length
      ? await repo.withIdentity(appId, table.sqlName, column.sqlName, values, ['objectId'])
      : [];
    if (byIdentity.length === 1) return String(byIdentity[0].objectId);
    const byId = await repo.get(appId, table.sqlName, String(identity), ['objectId']);
    if (byId) return String(byId.objectId);
    throw new ApiError('NOT_FOUND', 'The user does not exist');
  };

  for (const [path, assign] of [
    ['assignRole', true],
    ['unassignRole', false],
  ] as const) {
    app.post(`${base}/${path}`, async (req: R) => {
      const c = await caller(req);
      requireServerCode(c, path);
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Rec;
      if (typeof body.roleName !== 'string' || !body.roleName) throw bad("Send 'roleName'");
      const userId = await userOf(c.appId, body.user);
      await ctx.security.roles.assign(c.appId, [userId], [{ role: body.roleName, assign }]);
      return null;
    });
  }

  app.put(`${base}/:userId/status`, async (req: R) => {
    const c = await caller(req);
    requireServerCode(c, 'changing a user status');
    const status = req.body && typeof req.body === 'object' ? (req.body as Rec).userStatus : undefined;
    if (status !== 'ENABLED' && status !== 'DISABLED') throw bad("Send {userStatus: 'ENABLED' | 'DISABLED'}");
    const { table } = await data.table(c.appId, 'Users');
    if (!(await data.raw(c.appId, table, req.params.userId.slice(0, 100))))
      throw new ApiError('NOT_FOUND', 'The user does not exist');
    await data.data.records.update(c.appId, 'Users', req.params.userId, { userStatus: status });
    // A disabled user's sessions end at once, not when their tokens would have expired.
    if (status === 'DISABLED') await ctx.security.sessions.revokeAll(c.appId, req.params.userId);
    return null;
  });
}
