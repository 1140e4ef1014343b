import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';

/** The console's cache-control policies (Security › Cache control). */
export function registerCacheControlRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const R = Routes.cacheControl;
  const svc = ctx.cacheControl;
  handle(app, ctx, R.loadAllServiceItems, ({ params }) => svc.list(params.appId, params.service));
  handle(app, ctx, R.loadServiceItem, ({ params }) => svc.get(params.appId, params.service, params.target));
  handle(app, ctx, R.createServiceItem, ({ params, body }) =>
    svc.create(params.appId, params.service, params.target, body),
  );
  handle(app, ctx, R.updateServiceItem, ({ params, body }) =>
    svc.update(params.appId, params.service, params.target, body),
  );
  handle(app, ctx, R.deleteServiceItem, ({ params }) => svc.remove(params.appId, params.service, params.target));
}
