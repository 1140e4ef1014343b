import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { WebhooksService } from './webhooks.service.js';
import type { IntegrationsService } from './integrations/integrations.service.js';

/** The console's webhooks: the reference client's five routes, the delivery log and "Send test". */
export function registerWebhooksRoutes(app: FastifyInstance, ctx: ServerContext, svc: WebhooksService): void {
  const R = Routes.webhooks;
  handle(app, ctx, R.getWebhooks, ({ params }) => svc.list(params.appId));
  handle(app, ctx, R.getWebhookOperations, ({ params }) => svc.operations(params.appId));
  handle(app, ctx, R.saveWebhook, ({ params, body }) => svc.create(params.appId, body ?? {}));
  handle(app, ctx, R.updateWebhook, ({ params, body }) => svc.update(params.appId, params.webhookId, body ?? {}));
  handle(app, ctx, R.deleteWebhook, ({ params }) => svc.remove(params.appId, params.webhookId));
  handle(app, ctx, R.getWebhookDeliveries, ({ params, query }) =>
    svc.deliveries(params.appId, params.webhookId, query.limit, query.before),
  );
  handle(app, ctx, R.sendTestWebhook, ({ params }) => svc.sendTest(params.appId, params.webhookId));
}

/** The console's stored integrations, by name. */
export function registerIntegrationsRoutes(app: FastifyInstance, ctx: ServerContext, svc: IntegrationsService): void {
  const R = Routes.integrations;
  handle(app, ctx, R.getIntegrations, ({ params }) => svc.list(params.appId));
  handle(app, ctx, R.saveIntegration, ({ params, body }) => svc.create(params.appId, body ?? {}));
  handle(app, ctx, R.updateIntegration, ({ params, body }) => svc.update(params.appId, params.name, body ?? {}));
  handle(app, ctx, R.deleteIntegration, ({ params }) => svc.remove(params.appId, params.name));
}
