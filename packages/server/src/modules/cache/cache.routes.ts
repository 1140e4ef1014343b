import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { CacheService } from './cache.service.js';

const r = Routes.cache;

export function registerCacheRoutes(app: FastifyInstance, ctx: ServerContext, service: CacheService): void {
  handle(app, ctx, r.get, ({ params, query }) => service.list(params.appId, query.pagesize, query.offset));

  handle(app, ctx, r.count, ({ params }) => service.count(params.appId));

  handle(app, ctx, r.update, ({ params, query, body }) => service.put(params.appId, params.key, body, query.expireAt));

  handle(app, ctx, r.remove, async ({ params }) => {
    await service.remove(params.appId, params.key);
    return { success: true };
  });
}
