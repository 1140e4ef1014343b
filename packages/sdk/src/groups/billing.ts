import { Routes, type BodyOf, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';
import type { Query } from '../transport/encode.js';

const r = Routes.billing;

/**
 * The `billing` group of the reference client, on the billing channel (its own host with
 * `billingURL`, the same server otherwise; decision 0082). Plans, components and limits, the
 * subscription and its period, and whether API calls are blocked work; payment profiles, tiers,
 * plan unlocking and points exchange are present and answer 501 until the server builds them.
 */
export function createBillingGroup({ request }: GroupContext) {
  const b = request.billing;
  /** A 501 route of a later slice: sent as the reference client sends it. */
  const later = (route: (typeof r)[keyof typeof r], params: unknown[], body?: unknown, query?: Query) =>
    b.route(route, params, { ...(body !== undefined ? { body } : {}), ...(query ? { query } : {}) });
  return {
    /** The application plans this developer may choose, the current one marked. */
    getAppPlans(appId: string): Promise<ResponseOf<typeof r.getAppPlans>> {
      return b.route(r.getAppPlans, [appId]);
    },
    /** The automation (flows) plans. */
    getAutomationPlans(appId: string): Promise<ResponseOf<typeof r.getAutomationPlans>> {
      return b.route(r.getAutomationPlans, [appId]);
    },
    /** A plan's components for a billing period, with the app's usage (`{component, limit, usage}`). */
    getAppPlanComponentsData(
      appId: string,
      planId: string,
      billingPeriod: string,
    ): Promise<ResponseOf<typeof r.getAppPlanComponentsData>> {
      return b.route(r.getAppPlanComponentsData, [appId, planId, billingPeriod]);
    },
    /** The current application plan's components with usage. */
    getAppCurrentPlanComponentData(appId: string): Promise<ResponseOf<typeof r.getAppCurrentPlanComponentData>> {
      return b.route(r.getAppCurrentPlanComponentData, [appId]);
    },
    getAutomationPlanComponentsData(
      appId: string,
      planId: string,
      billingPeriod: string,
    ): Promise<ResponseOf<typeof r.getAutomationPlanComponentsData>> {
      return b.route(r.getAutomationPlanComponentsData, [appId, planId, billingPeriod]);
    },
    getAutomationCurrentPlanComponentData(
      appId: string,
    ): Promise<ResponseOf<typeof r.getAutomationCurrentPlanComponentData>> {
      return b.route(r.getAutomationCurrentPlanComponentData, [appId]);
    },
    /** One component's limit and usage on the current plan (404 naming an unknown component). */
    getComponentLimit(appId: string, componentId: string): Promise<ResponseOf<typeof r.getComponentLimit>> {
      return b.route(r.getComponentLimit, [appId, componentId]);
    },
    /** Whether the app's API calls are refused now, naming the component and until when. */
    apiCallsBlocked(appId: string): Promise<ResponseOf<typeof r.apiCallsBlocked>> {
      return b.route(r.apiCallsBlocked, [appId]);
    },
    /** Switches the app's plan (operation 21); 409 lists the components whose usage is over the new limits. */
    switchToAppPlan(
      appId: string,
      planId: string,
      billingPeriod: string,
    ): Promise<ResponseOf<typeof r.switchToAppPlan>> {
      return b.route(r.switchToAppPlan, [appId, planId, billingPeriod]);
    },
    switchToAutomationPlan(
      appId: string,
      planId: string,
      billingPeriod: string,
    ): Promise<ResponseOf<typeof r.switchToAutomationPlan>> {
      return b.route(r.switchToAutomationPlan, [appId, planId, billingPeriod]);
    },
    /** Plan, price and yearly estimates of the application line. */
    getAppBillingInfo(appId: string): Promise<ResponseOf<typeof r.getAppBillingInfo>> {
      return b.route(r.getAppBillingInfo, [appId]);
    },
    getAutomationBillingInfo(appId: string): Promise<ResponseOf<typeof r.getAutomationBillingInfo>> {
      return b.route(r.getAutomationBillingInfo, [appId]);
    },
    /** The subscription on the application line: status, plan, period, renewal. */
    getSubscriptionStatus(appId: string): Promise<ResponseOf<typeof r.getSubscriptionStatus>> {
      return b.route(r.getSubscriptionStatus, [appId]);
    },
    /** Every app's subscriptions for this developer. */
    loadSubscriptionsInfo(): Promise<ResponseOf<typeof r.loadSubscriptionsInfo>> {
      return b.route(r.loadSubscriptionsInfo, []);
    },
    getAppBillingPeriodInfo(appId: string): Promise<ResponseOf<typeof r.getAppBillingPeriodInfo>> {
      return b.route(r.getAppBillingPeriodInfo, [appId]);
    },
    getAutomationBillingPeriodInfo(appId: string): Promise<ResponseOf<typeof r.getAutomationBillingPeriodInfo>> {
      return b.route(r.getAutomationBillingPeriodInfo, [appId]);
    },
    /** Hive usage (`cached` true: the last measure). Answers 501 until built. */
    loadHiveUsage(appId: string, cached = true): Promise<ResponseOf<typeof r.loadHiveUsage>> {
      return b.route(r.loadHiveUsage, [appId], { query: { cached } });
    },
    /** The plan's hive components. Answers 501 until built. */
    loadHiveLimit(appId: string): Promise<ResponseOf<typeof r.loadHiveLimit>> {
      return b.route(r.loadHiveLimit, [appId]);
    },

    /** The caller's active payment profiles that may pay for a clone of the app. */
    loadPaymentProfilesForCloneApp(appId: string): Promise<ResponseOf<typeof r.loadPaymentProfilesForCloneApp>> {
      return b.route(r.loadPaymentProfilesForCloneApp, [appId]);
    },
    /** Puts the app's application line on a profile, and on a new plan when given (operation 21). */
    confirmConsolidateApp(
      appId: string,
      {
        paymentProfileId,
        newBillingPlan,
        newBillingPeriod,
      }: { paymentProfileId: string; newBillingPlan?: string; newBillingPeriod?: string },
    ): Promise<ResponseOf<typeof r.confirmConsolidateApp>> {
      return b.route(r.confirmConsolidateApp, [appId, paymentProfileId], {
        query: { newBillingPlan, newBillingPeriod },
      });
    },
    /** The caller's payment profiles (manual and Stripe) with the apps each pays for. */
    loadPaymentProfiles(): Promise<ResponseOf<typeof r.loadPaymentProfiles>> {
      return b.route(r.loadPaymentProfiles, []);
    },
    /** Makes one of the caller's profiles pay for the app's application line (operation 21). */
    setAppPaymentProfile(appId: string, paymentProfileId: string): Promise<ResponseOf<typeof r.setAppPaymentProfile>> {
      return b.route(r.setAppPaymentProfile, [appId, paymentProfileId]);
    },
    setAutomationPaymentProfile(
      appId: string,
      paymentProfileId: string,
    ): Promise<ResponseOf<typeof r.setAutomationPaymentProfile>> {
      return b.route(r.setAutomationPaymentProfile, [appId, paymentProfileId]);
    },
    /**
     * Adds a profile (`{provider: 'manual' | 'stripe', name, email, company?, address?}`); a Stripe
     * profile answers `setupUrl`, the page where the card is entered. Card numbers are refused.
     */
    addPaymentProfile(data: BodyOf<typeof r.addPaymentProfile>): Promise<ResponseOf<typeof r.addPaymentProfile>> {
      return b.route(r.addPaymentProfile, [], { body: data });
    },
    updatePaymentProfile(
      id: string,
      data: BodyOf<typeof r.updatePaymentProfile>,
    ): Promise<ResponseOf<typeof r.updatePaymentProfile>> {
      return b.route(r.updatePaymentProfile, [id], { body: data });
    },
    deletePaymentProfile(id: string): Promise<ResponseOf<typeof r.deletePaymentProfile>> {
      return b.route(r.deletePaymentProfile, [id]);
    },
    /** The app's invoices, newest first (Basalt addition). */
    loadAppInvoices(appId: string): Promise<ResponseOf<typeof r.loadAppInvoices>> {
      return b.route(r.loadAppInvoices, [appId]);
    },

    // Later slices (the server answers 501 NOT_AVAILABLE_YET).
    exchangeBBtoUSD: (appId: string, bbAmount: number) =>
      b.send({
        ...b.routeSpec(r.exchangeBBtoUSD, [appId]),
        body: JSON.stringify(bbAmount),
        contentType: 'application/json',
      }),
    scalePlanePricingEstimate: (appId: string, query: Query = {}) =>
      later(r.scalePlanePricingEstimate, [appId], undefined, query),
    scaleFixedPlanePricingEstimate: (appId: string, tierId: string, query: Query = {}) =>
      later(r.scaleFixedPlanePricingEstimate, [appId, tierId], undefined, query),
    getMaxTier: (appId: string) => later(r.getMaxTier, [appId]),
    setMaxTier: (appId: string, tierId: string) => later(r.setMaxTier, [appId], { tierId }),
    getTiersList: (appId: string) => later(r.getTiersList, [appId]),
    unlockPlan: (appId: string, planId: string) => later(r.unlockPlan, [appId, planId]),
  };
}

export type BillingGroup = ReturnType<typeof createBillingGroup>;

/** The instance operator's view (Basalt addition): role, feature switches, the whole catalogue. */
export function createOperatorGroup({ request }: GroupContext) {
  const o = Routes.operator;
  return {
    loadOperator(): Promise<ResponseOf<typeof Routes.operator.loadOperator>> {
      return request.route(Routes.operator.loadOperator, []);
    },
    /** Every app with its plan on each line (operators only). */
    loadPlanApps(): Promise<ResponseOf<typeof o.loadPlanApps>> {
      return request.route(o.loadPlanApps, []);
    },
    /** Every app's invoices, optionally of one status (operators only). */
    loadInvoices(status?: 'open' | 'paid' | 'void'): Promise<ResponseOf<typeof o.loadInvoices>> {
      return request.route(o.loadInvoices, [], status ? { query: { status } } : {});
    },
    /** Issues now the invoices of the present period the job has not issued yet (operators only). */
    generateInvoices(): Promise<ResponseOf<typeof o.generateInvoices>> {
      return request.route(o.generateInvoices, []);
    },
    markInvoicePaid(invoiceId: string): Promise<ResponseOf<typeof o.markInvoicePaid>> {
      return request.route(o.markInvoicePaid, [invoiceId]);
    },
    voidInvoice(invoiceId: string): Promise<ResponseOf<typeof o.voidInvoice>> {
      return request.route(o.voidInvoice, [invoiceId]);
    },
    /** Comments of every item to moderate: hidden ones unless `status` says otherwise (operators only). */
    loadComments(status?: 'hidden' | 'visible' | 'all', limit?: number): Promise<ResponseOf<typeof o.loadComments>> {
      const query = { ...(status ? { status } : {}), ...(limit !== undefined ? { limit } : {}) };
      return request.route(o.loadComments, [], Object.keys(query).length ? { query } : {});
    },
  };
}
