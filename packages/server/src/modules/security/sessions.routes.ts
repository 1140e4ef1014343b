import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import type { Security } from './security.service.js';

const r = Routes.security;
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Panic mode switches and app users' sessions. */
export function registerSessionRoutes(app: FastifyInstance, ctx: ServerContext, s: Security): void {
  const changed = (
    origin: object,
    appId: string,
    developerId: string,
    action: string,
    target: string,
    summary: string,
  ) => ctx.bus.emit('console.changed', { appId, developerId, action, target, summary, origin });

  handle(app, ctx, r.loadPanicMode, ({ params }) => s.panic.state(params.appId));
  handle(app, ctx, r.activatePanicMode, async ({ params, body, developer, req }) => {
    const state = await s.panic.set(params.appId, true, body?.message);
    changed(
      req,
      params.appId,
      developer.id,
      'panic.enable',
      params.appId,
      'Enabled panic mode: the app API answers 503',
    );
    return state;
  });
  handle(app, ctx, r.deactivatePanicMode, async ({ params, developer, req }) => {
    const state = await s.panic.set(params.appId, false);
    changed(req, params.appId, developer.id, 'panic.disable', params.appId, 'Disabled panic mode');
    return state;
  });

  handle(app, ctx, r.loadUsers, async ({ params, query }) => {
    const text = query.identityOrUserId?.trim();
    const [desc, field] = query.sortBy?.startsWith('-')
      ? [true, query.sortBy.slice(1)]
      : [false, query.sortBy ?? 'email'];
    const sort = (['email', 'name', 'created', 'objectId'] as const).find((c) => c === field) ?? 'email';
    const page = await s.users.page(params.appId, {
      text: text || undefined,
      sort,
      desc,
      limit: query.pageSize ?? 20,
      offset: query.offset ?? 0,
    });
    if (!page) return { data: [], totalRows: 0 };
    const { rows, total } = page;
    const counts = await s.sessions.countByUser(
      params.appId,
      rows.map((u) => String(u.objectId)),
    );
    return {
      data: rows.map((u) => ({
        objectId: String(u.objectId),
        email: textOrNull(u.email),
        name: textOrNull(u.name),
        created: Number(u.created),
        sessions: counts.get(String(u.objectId)) ?? 0,
      })),
      totalRows: total,
    };
  });

  handle(app, ctx, r.loadUsersWithSessions, async ({ params, query }) => {
    const page = await s.sessions.usersWithSessions(params.appId, query.pageSize ?? 20, query.cursor);
    const named = await s.users.named(
      params.appId,
      page.data.map((u) => u.userId),
    );
    return {
      data: page.data.map((u) => {
        const who = named.get(u.userId);
        return {
          objectId: u.userId,
          email: textOrNull(who?.email),
          name: textOrNull(who?.name),
          sessions: u.sessions,
          lastActive: u.lastActive,
        };
      }),
      cursor: page.cursor,
    };
  });

  handle(app, ctx, r.loadUserSessions, async ({ params, query }) => {
    if (!USER_ID.test(params.userId)) throw ApiError.badRequest('A user is named by its objectId');
    return s.sessions.ofUser(params.appId, params.userId, query.pageSize ?? 20, query.cursor);
  });

  handle(app, ctx, r.logoutUserSessions, async ({ params, body, developer, req }) => {
    const userId =
      typeof body === 'string'
        ? body.trim().replace(/^"|"$/g, '')
        : body && typeof body === 'object'
          ? String((body as { userId?: unknown }).userId ?? '')
          : '';
    if (!USER_ID.test(userId))
      throw ApiError.field('BAD_REQUEST', 'userId', 'Send the objectId of the user to log out');
    const ended = await s.sessions.revokeAll(params.appId, userId);
    changed(req, params.appId, developer.id, 'user.logout', userId, `Logged user ${userId} out of ${ended} session(s)`);
    return ended;
  });
}

/** A user's email or name as the session lists show it: text, or null when the record holds none. */
function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
