import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import type { TimerLoop } from '../../../jobs/timers.js';
import type { HandlersService } from './handlers.service.js';

const r = Routes.bl;

/** Event handlers, timers, chains, categories, events and timer logs (`servercode`, decision 0047). */
export function registerHandlerRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  service: HandlersService,
  timers: TimerLoop,
): void {
  handle(app, ctx, r.getCategories, () => service.categories());
  handle(app, ctx, r.getEvents, () => service.events());
  handle(app, ctx, r.getEventHandlers, ({ params, query }) => service.list(params.appId, query.mode));
  handle(app, ctx, r.createEventHandler, ({ params, body }) =>
    service.create(params.appId, params.mode, params.category, body),
  );
  handle(app, ctx, r.updateEventHandler, ({ params, body }) =>
    service.update(params.appId, params.mode, params.category, params.handlerId, body),
  );
  handle(app, ctx, r.deleteEventHandler, ({ params }) =>
    service.remove(params.appId, params.mode, params.category, params.handlerId),
  );
  handle(app, ctx, r.changeHandlerState, ({ params, body }) =>
    service.setState(params.appId, params.mode, params.category, params.handlerId, body.enabled),
  );
  handle(app, ctx, r.invokeTimer, async ({ params }) =>
    timers.runNow(await service.timerForRun(params.appId, params.mode, params.category, params.timerName)),
  );
  handle(app, ctx, r.getHandlerInvocationChain, async ({ params }) => {
    const { ev: _ev, ...chain } = await service.chain(params.appId, params.eventId, params.context);
    return chain;
  });
  handle(app, ctx, r.updateHandlerInvocationChain, ({ params, body }) =>
    service.setChain(params.appId, params.eventId, params.context, body.handlers),
  );
  handle(app, ctx, r.getTimerLogs, ({ params, query }) => service.timerLogs(params.appId, query));
}
