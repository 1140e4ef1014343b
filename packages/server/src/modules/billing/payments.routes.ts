import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle, type Authed } from '../../http/route.js';
import { assertFeature, assertInstanceOperator, isInstanceOperator } from '../../http/dev-access.js';
import type { PaymentsService } from './payments.service.js';

/** Where Stripe delivers its events (set this URL in the Stripe dashboard). */
export const STRIPE_WEBHOOK_PATH = '/console/billing/stripe/webhook';
/** A Stripe event is small; a bigger body is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Payment profiles, invoices and the operator's billing routes (decision 0089). */
export function registerPaymentRoutes(app: FastifyInstance, ctx: ServerContext, payments: PaymentsService): void {
  const R = Routes.billing;
  const O = Routes.operator;
  const on = () => assertFeature(ctx.config.features, 'billing', 'Billing');
  const operator = async (a: Authed) => {
    on();
    await assertInstanceOperator(ctx.dbs, ctx.config.admins, a.developer);
  };

  handle(app, ctx, R.loadPaymentProfiles, ({ developer }) => (on(), payments.profiles(developer.id)));
  handle(
    app,
    ctx,
    R.loadPaymentProfilesForCloneApp,
    ({ developer }) => (on(), payments.profilesForClone(developer.id)),
  );
  handle(app, ctx, R.addPaymentProfile, ({ developer, body }) => (on(), payments.add(developer.id, body)));
  handle(
    app,
    ctx,
    R.updatePaymentProfile,
    ({ developer, params, body }) => (on(), payments.update(developer.id, params.id, body)),
  );
  handle(app, ctx, R.deletePaymentProfile, ({ developer, params }) => (on(), payments.remove(developer.id, params.id)));
  handle(
    app,
    ctx,
    R.setAppPaymentProfile,
    ({ developer, params }) => (
      on(),
      payments.setAppProfile(params.appId, 'application', developer.id, params.paymentProfileId)
    ),
  );
  handle(
    app,
    ctx,
    R.setAutomationPaymentProfile,
    ({ developer, params }) => (
      on(),
      payments.setAppProfile(params.appId, 'automation', developer.id, params.paymentProfileId)
    ),
  );
  handle(app, ctx, R.confirmConsolidateApp, async (a) => {
    on();
    const isOperator = await isInstanceOperator(ctx.dbs, ctx.config.admins, a.developer);
    return payments.consolidate(
      a.params.appId,
      { id: a.developer.id, operator: isOperator },
      a.params.paymentProfileId,
      a.query.newBillingPlan,
      a.query.newBillingPeriod,
    );
  });
  handle(app, ctx, R.loadAppInvoices, ({ params }) => (on(), payments.appInvoices(params.appId)));

  handle(app, ctx, O.loadPlanApps, async (a) => (await operator(a), payments.planApps()));
  handle(app, ctx, O.loadInvoices, async (a) => (await operator(a), payments.allInvoices(a.query.status)));
  handle(
    app,
    ctx,
    O.generateInvoices,
    async (a) => (await operator(a), { created: await payments.generateInvoices() }),
  );
  handle(app, ctx, O.markInvoicePaid, async (a) => {
    await operator(a);
    return payments.settle(a.params.invoiceId, 'paid', a.developer.email);
  });
  handle(app, ctx, O.voidInvoice, async (a) => {
    await operator(a);
    return payments.settle(a.params.invoiceId, 'void', a.developer.email);
  });

  // Stripe's deliveries: the signature covers the exact bytes, so this scope keeps the body raw.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const sig = req.headers['stripe-signature'];
      return payments.stripeWebhook(Array.isArray(sig) ? sig[0] : sig, raw);
    });
  });
}
