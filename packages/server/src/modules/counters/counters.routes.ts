import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { CountersService } from './counters.service.js';

const r = Routes.counters;

// Every handler's params, query, body and answer are typed by its route's schemas.
export function registerCounterRoutes(app: FastifyInstance, ctx: ServerContext, service: CountersService): void {
  handle(app, ctx, r.get, ({ params, query }) => service.list(params.appId, query));

  handle(app, ctx, r.listNames, ({ params }) => service.listNames(params.appId, params.pattern));

  handle(app, ctx, r.listCounters, ({ params, body }) => service.listByNames(params.appId, body));

  handle(app, ctx, r.create, ({ params, body }) => service.create(params.appId, params.name, body.value ?? 0));

  handle(app, ctx, r.update, ({ params, body }) =>
    service.update(params.appId, params.name, body.currentValue, body.newValue),
  );

  handle(app, ctx, r.remove, async ({ params }) => {
    await service.remove(params.appId, params.name);
    return { success: true };
  });
}
