import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { CacheService } from './cache.service.js';

const r = Routes.cache;

export function registerCacheRoutes(app: FastifyInstance, ctx: ServerContext, service: CacheService): void {
  handle<{ appId: string }, { pagesize?: number; offset?: number }>(app, ctx, r.get, ({ params, query }) => service.list(params.appId, query.pagesize, query.offset));

  handle<{ appId: string }>(app, ctx, r.count, ({ params }) => service.count(params.appId));

  // The body is the value itself: parsed JSON (`application/json`) or a raw string (`text/plain`).
  handle<{ appId: string; key: string }, { expireAt?: number }, unknown>(app, ctx, r.update, ({ params, query, body }) =>
    service.put(params.appId, params.key, body, query.expireAt),
  );

  handle<{ appId: string; key: string }>(app, ctx, r.remove, async ({ params }) => {
    await service.remove(params.appId, params.key);
    return { success: true };
  });
}
