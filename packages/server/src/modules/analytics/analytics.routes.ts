import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { AnalyticsService } from './analytics.service.js';

const r = Routes.analytics;
const a = Routes.activityManager;

export function registerAnalyticsRoutes(app: FastifyInstance, ctx: ServerContext, service: AnalyticsService): void {
  handle(app, ctx, r.getAppStats, ({ params, query }) => service.appStats(params.appId, query.period));
  handle(app, ctx, r.performance, ({ params, query }) => service.performance(params.appId, query));
  handle(app, ctx, r.concurrentRequests, ({ params, query }) => service.concurrentRequests(params.appId, query));
  handle(app, ctx, r.apiCalls, ({ params, query }) => service.apiCalls(params.appId, query));
  handle(app, ctx, r.messages, ({ params, query }) => service.messages(params.appId, query));
  handle(app, ctx, r.users, ({ params, query }) => service.users(params.appId, query));
  handle(app, ctx, r.workers, ({ params, query }) => service.workers(params.appId, query));
  handle(app, ctx, a.send, async ({ params, body, developer }) => {
    await service.recordActivity(params.appId, developer.id, body);
    return { success: true };
  });
  handle(app, ctx, a.load, ({ params, query }) => service.loadActivity(params.appId, query));
}
