import type { FastifyInstance } from 'fastify';
import { Routes, type BodyOf, type RunAsDecision } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { userFacts, type AppCaller } from '../../http/app-auth.js';
import { handle } from '../../http/route.js';
import type { AppData } from '../appapi/data-access.js';
import type { DecidedBy } from './permission-engine.js';

type Body = BodyOf<typeof Routes.security.runAs>;

const OPS = ['Find', 'Create', 'Update', 'Remove'] as const;
/** A user is run as a REST client: the key type adds its role (RestUser) as for any app. */
const DEVICE = 'REST';

const RULE: Record<DecidedBy, string> = {
  acl: "the record's own permissions",
  owner: 'the owner policy',
  user: 'a rule for this user on the table',
  role: "a rule of one of the caller's roles (on the table, or for every table)",
  default: 'the default: no rule denies it',
};

/**
 * "Run as" of the console: the app API's own find (AppData, the permission engine's row filter,
 * hidden columns, related records) and the engine's table decisions, evaluated as a role alone or
 * as an app user with all its roles. Nothing is estimated on the side, so the console shows
 * exactly what that caller receives. Registered by the appapi module, which owns AppData.
 */
export function registerRunAsRoute(app: FastifyInstance, ctx: ServerContext, data: AppData): void {
  const security = ctx.security;

  /** No API key or token: the console asks on the caller's behalf, nothing is sent with its credentials. */
  async function callerOf(appId: string, body: Body): Promise<AppCaller> {
    if ((body.roleName === undefined) === (body.userId === undefined))
      throw ApiError.field('BAD_REQUEST', 'roleName', 'Name either roleName or userId');
    if (body.roleName !== undefined) {
      const role = await security.roles.find(appId, body.roleName);
      if (!role)
        throw ApiError.field('BAD_REQUEST', 'roleName', `Role '${body.roleName.slice(0, 100)}' does not exist`);
      return {
        appId,
        deviceType: DEVICE,
        userId: null,
        roles: [{ id: role.id, name: role.name }],
        apiKey: '',
        token: null,
      };
    }
    const user = await userFacts(ctx, appId, body.userId!);
    if (!user) throw ApiError.field('BAD_REQUEST', 'userId', `User '${body.userId!.slice(0, 100)}' does not exist`);
    return { ...(await security.callerFor(appId, DEVICE, user)), apiKey: '', token: null };
  }

  handle(app, ctx, Routes.security.runAs, async ({ params, body }) => {
    const { appId } = params;
    const table = (await ctx.data.schema(appId)).table(body.table);
    if (!table) throw ApiError.field('BAD_REQUEST', 'table', `Table '${body.table.slice(0, 100)}' does not exist`);
    const caller = await callerOf(appId, body);
    const operations = {} as Record<(typeof OPS)[number], RunAsDecision>;
    for (const op of OPS) {
      const d = await security.engine.decide(caller, 'data', table.tableId, op);
      operations[op] = { access: d.access, by: d.by, rule: RULE[d.by] };
    }
    const filter = await security.engine.rowFilter(caller, table.tableId, 'Find');
    const query = { where: body.where || undefined, pageSize: body.pageSize ?? 20, offset: body.offset ?? 0 };
    const records = await data.find(caller, table.name, query, false);
    const totalRows = await data.count(caller, table.name, { where: query.where }, false);
    const rows: 'some' | 'all' | 'none' = filter.kind === 'where' ? 'some' : filter.kind;
    return {
      table: table.name,
      roles: caller.roles.map((r) => r.name),
      userId: caller.userId,
      operations,
      rows,
      hidden: [...(await data.hidden(caller, table))].filter((c) => c !== 'password' || table.name !== 'Users').sort(),
      records,
      totalRows,
    };
  });
}
