import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { CounterListQuery, CountersService } from './counters.service.js';

const r = Routes.counters;

type NameParams = { appId: string; name: string };

export function registerCounterRoutes(app: FastifyInstance, ctx: ServerContext, service: CountersService): void {
  handle<{ appId: string }, CounterListQuery>(app, ctx, r.get, ({ params, query }) => service.list(params.appId, query));

  handle<{ appId: string; pattern: string }>(app, ctx, r.listNames, ({ params }) => service.listNames(params.appId, params.pattern));

  handle<{ appId: string }, object, string[]>(app, ctx, r.listCounters, ({ params, body }) => service.listByNames(params.appId, body));

  handle<NameParams, object, { value?: number }>(app, ctx, r.create, ({ params, body }) => service.create(params.appId, params.name, body?.value ?? 0));

  handle<NameParams, object, { currentValue: number; newValue: number }>(app, ctx, r.update, ({ params, body }) =>
    service.update(params.appId, params.name, body.currentValue, body.newValue),
  );

  handle<NameParams>(app, ctx, r.remove, async ({ params }) => {
    await service.remove(params.appId, params.name);
    return { success: true };
  });
}
