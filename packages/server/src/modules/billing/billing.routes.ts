import type { FastifyInstance } from 'fastify';
import { Routes, type PlanLine } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle, type Authed } from '../../http/route.js';
import { assertFeature, isInstanceOperator } from '../../http/dev-access.js';
import type { PlansService } from './plans.service.js';
import type { PaymentsService } from './payments.service.js';

/**
 * The `billing` routes of plans and limits (decision 0082). Every one checks that the operator
 * has not switched billing off; switching a plan takes developer operation 21 (the route's
 * `devPermission`, checked by `handle`).
 */
export function registerBillingRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  plans: PlansService,
  payments: PaymentsService,
): void {
  const R = Routes.billing;
  const on = () => assertFeature(ctx.config.features, 'billing', 'Billing');
  const operator = (a: Authed) => isInstanceOperator(ctx.dbs, ctx.config.admins, a.developer);

  const lines = [
    {
      line: 'application' as PlanLine,
      plans: R.getAppPlans,
      components: R.getAppPlanComponentsData,
      current: R.getAppCurrentPlanComponentData,
      switchTo: R.switchToAppPlan,
      accountInfo: R.getAppBillingInfo,
      periodInfo: R.getAppBillingPeriodInfo,
    },
    {
      line: 'automation' as PlanLine,
      plans: R.getAutomationPlans,
      components: R.getAutomationPlanComponentsData,
      current: R.getAutomationCurrentPlanComponentData,
      switchTo: R.switchToAutomationPlan,
      accountInfo: R.getAutomationBillingInfo,
      periodInfo: R.getAutomationBillingPeriodInfo,
    },
  ];
  for (const l of lines) {
    // `current/current` first: the same path shape as a plan and a period, answered as the app's own.
    handle(app, ctx, l.current, ({ params }) => (on(), plans.components(params.appId, l.line, 'current', 'current')));
    handle(app, ctx, l.plans, async (a) => (on(), plans.plans(a.params.appId, l.line, await operator(a))));
    handle(
      app,
      ctx,
      l.components,
      ({ params }) => (on(), plans.components(params.appId, l.line, params.planId, params.billingPeriod)),
    );
    handle(app, ctx, l.switchTo, async (a) => {
      on();
      return plans.switchPlan(a.params.appId, l.line, a.params.planId, a.params.billingPeriod, {
        id: a.developer.id,
        operator: await operator(a),
      });
    });
    handle(app, ctx, l.accountInfo, async ({ params }) => {
      on();
      // The provider and profile paying for the line (decision 0089) over the plan's figures.
      return {
        ...(await plans.accountInfo(params.appId, l.line)),
        ...(await payments.appPayment(params.appId, l.line)),
      };
    });
    handle(app, ctx, l.periodInfo, ({ params }) => (on(), plans.periodInfo(params.appId, l.line)));
  }
  handle(app, ctx, R.getComponentLimit, ({ params }) => (on(), plans.componentLimit(params.appId, params.componentId)));
  handle(app, ctx, R.apiCallsBlocked, ({ params }) => (on(), plans.blocked(params.appId)));
  handle(app, ctx, R.getSubscriptionStatus, ({ params }) => (on(), plans.status(params.appId, 'application')));
  handle(app, ctx, R.loadSubscriptionsInfo, ({ developer }) => (on(), plans.subscriptionsOf(developer.id)));

  handle(app, ctx, Routes.operator.loadOperator, async (a) => {
    const isOperator = await operator(a);
    return {
      operator: isOperator,
      operatorsFrom: ctx.config.admins.length > 0 ? ('BASALT_ADMINS' as const) : ('first-developer' as const),
      features: { ...ctx.config.features },
      plansSource: isOperator ? plans.catalogue.source : plans.catalogue.source === 'built-in' ? 'built-in' : 'file',
      plans: isOperator
        ? [...plans.catalogue.plans.values()].map((p) => ({
            id: p.id,
            line: p.line,
            name: p.name,
            public: p.public,
            periods: { ...p.periods },
            limits: Object.fromEntries(p.limits),
          }))
        : [],
    };
  });
}
