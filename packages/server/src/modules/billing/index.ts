import type { ServerModule } from '../module.js';
import { billingMigrations } from './billing.migrations.js';
import { registerBillingRoutes } from './billing.routes.js';
import { paymentsMigrations } from './payments.migrations.js';
import { registerPaymentRoutes } from './payments.routes.js';
import { PaymentsService } from './payments.service.js';

export { PlansService } from './plans.service.js';
export { loadCatalogue, readPlansFile } from './catalogue.js';

/** The jobs of payments (decision 0089): invoices of the present period, and the Stripe reconciliation. */
export const JOB_INVOICES = 'billing.invoices';
export const JOB_STRIPE_RECONCILE = 'billing.stripe-reconcile';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Billing (decisions 0082 and 0089): the operator's plan catalogue, each app's plan, usage against
 * limits and the switch; payment profiles (manual, Stripe), invoices and the operator's view. The
 * plans service (`ctx.plans`) is built by the composition root before any route, since the app
 * API, files and tables call it. Tiers and credit still answer 501 (the `billing` area is partial).
 */
export const billingModule: ServerModule = {
  partOf: ['billing'],
  name: 'billing',
  systemMigrations: { ...billingMigrations, ...paymentsMigrations },
  register(app, ctx) {
    const payments = new PaymentsService(ctx, ctx.plans);
    registerBillingRoutes(app, ctx, ctx.plans, payments);
    app.decorate('payments', payments);
    // Both at most once: a missed run is made up by the next one (invoices are keyed by period).
    ctx.jobs.register(JOB_INVOICES, {
      delivery: 'at-most-once',
      run: async () => {
        if (ctx.config.features.billing === false) return;
        const created = await payments.generateInvoices();
        if (created > 0) ctx.log.info({ created }, 'Invoices issued');
      },
    });
    ctx.jobs.register(JOB_STRIPE_RECONCILE, {
      delivery: 'at-most-once',
      leaseMs: 10 * 60_000,
      run: async () => {
        const r = await payments.reconcileStripe();
        ctx.log.info(r, 'Stripe reconciliation');
      },
    });
    app.addHook('onReady', async () => {
      const jobs: Array<[string, number]> = [[JOB_INVOICES, HOUR]];
      if (payments.stripe) jobs.push([JOB_STRIPE_RECONCILE, DAY]);
      for (const [id, every] of jobs) {
        if (await ctx.jobs.repo.byId(id)) continue;
        // Two processes starting together may both try: the loser's insert conflicts, which is fine.
        await ctx.jobs
          .add({ id, kind: id, appId: null, payload: null, runAt: Date.now() + every, repeatEveryMs: every })
          .catch(() => undefined);
      }
    });
    registerPaymentRoutes(app, ctx, payments);
  },
  close() {
    // The service is closed by the composition root with the server.
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}
