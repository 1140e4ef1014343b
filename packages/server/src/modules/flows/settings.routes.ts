import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { Retention } from './retention.js';

/** The app's flow settings (Basalt's own routes): how long finished instances are kept. */
export function registerFlowSettingsRoutes(app: FastifyInstance, ctx: ServerContext, retention: Retention) {
  const R = Routes.automation;
  handle(app, ctx, R.getFlowSettings, ({ params }) => retention.settings(params.appId));
  handle(app, ctx, R.updateFlowSettings, ({ params, body }) => retention.update(params.appId, body.retentionDays));
}
