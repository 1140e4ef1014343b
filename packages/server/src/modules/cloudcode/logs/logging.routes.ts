import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle } from '../../../http/route.js';
import type { LogLevels } from './log-levels.service.js';

const r = Routes.logging;

/** The logging configuration of `settings` and the console's read of the recent lines. */
export function registerLoggingRoutes(app: FastifyInstance, ctx: ServerContext, levels: LogLevels): void {
  handle(app, ctx, r.getAppLogging, ({ params }) => levels.config(params.appId));
  handle(app, ctx, r.setAppLoggingConfig, ({ params, body }) => levels.setConfig(params.appId, body.loggers));
  handle(app, ctx, r.getRecentLogs, ({ params, query }) => ({
    lines: ctx.cloudLogs.recent(params.appId, query.limit),
  }));
}
