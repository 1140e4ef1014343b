import type { FastifyInstance } from 'fastify';
import { Routes, type AppLogging } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';

const r = Routes.logging;

/** `getAppLogging`'s answer: the levels, and the integration with what this process saw of its deliveries. */
async function answer(ctx: ServerContext, appId: string): Promise<AppLogging> {
  const { levels, forwarder } = ctx.cloudLogs;
  const integration = await levels.integration(appId);
  return {
    ...(await levels.config(appId)),
    integration: integration && { ...integration, delivery: forwarder.delivery(appId) },
  };
}

/** The logging configuration of `settings` and the console's read of the recent lines. */
export function registerLoggingRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { levels } = ctx.cloudLogs;
  handle(app, ctx, r.getAppLogging, ({ params }) => answer(ctx, params.appId));
  handle(app, ctx, r.setAppLoggingConfig, async ({ params, body }) => {
    await levels.setConfig(params.appId, body.loggers);
    return answer(ctx, params.appId);
  });
  handle(app, ctx, r.setAppLoggingIntegration, async ({ params, body }) => {
    await levels.setIntegration(params.appId, body);
    // What was seen of the old endpoint says nothing of the new one.
    ctx.cloudLogs.forwarder.forget(params.appId);
    return answer(ctx, params.appId);
  });
  handle(app, ctx, r.clearLoggers, async ({ params }) => {
    const removedLoggers = await levels.clearLoggers(params.appId);
    await ctx.cluster.invalidation.changed('log-lines', params.appId);
    return { removedLoggers };
  });
  handle(app, ctx, r.getRecentLogs, ({ params, query }) => ({
    lines: ctx.cloudLogs.recent(params.appId, query.limit),
  }));
}
