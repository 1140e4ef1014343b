import type { ServerModule } from '../module.js';
import { Deliverer, DELIVERY_JOB, DISPATCH_JOB } from './deliverer.js';
import { Dispatcher } from './dispatcher.js';
import { IntegrationsService } from './integrations/integrations.service.js';
import { webhooksMigrations } from './webhooks.migrations.js';
import { WebhooksRepo } from './webhooks.repo.js';
import { registerIntegrationsRoutes, registerWebhooksRoutes } from './webhooks.routes.js';
import { WebhooksService } from './webhooks.service.js';
import { scheduleRearm, scheduleSweep } from './retention.js';

/**
 * Webhooks (Cloud Code › Webhooks, decision 0077): HTTP endpoints that hear about an app's events.
 * The bus's events are queued as deliveries off the request path (dispatcher.ts) and sent by one
 * dispatch loop per webhook (a job of the scheduler, leased to one process), signed with
 * HMAC-SHA256, retried with backoff, ordered per record, behind a circuit breaker (deliverer.ts,
 * decision 0085).
 */
export const webhooksModule: ServerModule = {
  area: 'webhooks',
  name: 'webhooks',
  systemMigrations: webhooksMigrations,
  register(app, ctx) {
    const repo = new WebhooksRepo(ctx.dbs);
    const deliverer = new Deliverer(ctx, repo);
    const own = new Dispatcher(ctx, repo, deliverer);
    ctx.jobs.register<{ webhookId: string }>(DISPATCH_JOB, {
      delivery: 'at-least-once',
      // Longer than an attempt's deadline (renewed while a run lasts): a slow receiver does not
      // let another process start a second loop of the same webhook meanwhile.
      leaseMs: ctx.config.webhookTimeoutMs + 30_000,
      run: (job) => deliverer.dispatch(job.payload.webhookId),
    });
    // Queues written before the dispatch loops: each old job hands its delivery to its webhook's loop.
    ctx.jobs.register<{ id: string }>(DELIVERY_JOB, {
      delivery: 'at-least-once',
      run: (job) => deliverer.legacy(job.payload.id),
    });
    ctx.cluster.invalidation.register('webhooks', (appId) => {
      own.reload(appId).catch((err: unknown) => ctx.log.error({ err }, 'reloading webhooks failed'));
    });
    const ensureSweep = scheduleSweep(ctx, repo);
    const ensureRearm = scheduleRearm(ctx, repo, deliverer);
    // The index is whole before the first request: no event of a webhook's app is missed.
    app.addHook('onReady', async () => {
      await own.start();
      await ensureSweep();
      await ensureRearm();
    });
    // Events still buffered are written before the databases close.
    app.addHook('preClose', () => own.stop());
    registerWebhooksRoutes(app, ctx, new WebhooksService(ctx, repo, own, deliverer));
  },
};

/**
 * Integrations (stored third-party configurations: Slack, Zapier-style hooks, log services). Only
 * the reference client's `integrations` group: the flows' integration connections (`frExtensions`)
 * still answer 501, so the area is partly built.
 */
export const integrationsModule: ServerModule = {
  partOf: ['integrations'],
  name: 'integrations',
  register(app, ctx) {
    registerIntegrationsRoutes(app, ctx, new IntegrationsService(ctx));
  },
};
