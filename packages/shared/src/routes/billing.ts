import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { billingPaymentRoutes, operatorBillingRoutes } from './billing-payments.js';
import { operatorCommunityRoutes } from './community.js';

export * from './billing-payments.js';

/**
 * Stable ids of plan components (decision 0082): `getComponentLimit` takes them in its path and
 * plan files name them, so an id is never renamed. `enforced` components are checked by the
 * platform; the others are reported with their limit and, where measured, their usage.
 */
export const PlanComponentIds = [
  'api-calls-per-minute',
  'api-calls-per-day',
  'db-storage-bytes',
  'file-storage-bytes',
  'tables',
  'records-per-table',
  'hive-bytes',
  'hive-keys',
  'realtime-connections',
  'team-members',
  'cloud-code-ms-per-day',
  'flow-runs-per-month',
  'ui-containers',
] as const;
export type PlanComponentId = (typeof PlanComponentIds)[number];

/** Product lines of the catalogue: apps, and automation (flows) billed apart. */
export const PlanLineSchema = Type.Union([Type.Literal('application'), Type.Literal('automation')]);
export type PlanLine = Static<typeof PlanLineSchema>;
export const BillingPeriodSchema = Type.Union([Type.Literal('monthly'), Type.Literal('yearly')]);
export type BillingPeriod = Static<typeof BillingPeriodSchema>;

const Limit = Type.Union([Type.Number(), Type.Null()], { description: 'null: unlimited' });

/** One component of a plan: its limit, and what it is (names and units for the console). */
export const PlanComponentSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  /** `rate`: per minute or day, refused with 429; `capacity`: a size or a count, refused with 402. */
  kind: Type.Union([Type.Literal('rate'), Type.Literal('capacity')]),
  limit: Limit,
  /** Whether the platform refuses what goes over the limit (the others are shown, not enforced yet). */
  enforced: Type.Boolean(),
});
export type PlanComponent = Static<typeof PlanComponentSchema>;

/** One plan of the catalogue. */
export const PlanSchema = Type.Object({
  id: Type.String(),
  line: PlanLineSchema,
  name: Type.String(),
  /** Price per period, in the operator's currency (0: free). */
  periods: Type.Object({ monthly: Type.Number(), yearly: Type.Number() }),
  components: Type.Array(PlanComponentSchema),
  public: Type.Boolean(),
  /** Whether this is the app's plan now. */
  current: Type.Boolean(),
});
export type Plan = Static<typeof PlanSchema>;

/** A component with the app's usage (`{component, limit, usage}`); usage null when not measured. */
export const ComponentLimitSchema = Type.Object({
  component: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  kind: Type.Union([Type.Literal('rate'), Type.Literal('capacity')]),
  limit: Limit,
  usage: Type.Union([Type.Number(), Type.Null()]),
  enforced: Type.Boolean(),
});
export type ComponentLimit = Static<typeof ComponentLimitSchema>;

/** A plan's components for a period, with the app's usage (`getAppPlanComponentsData`). */
export const PlanComponentsDataSchema = Type.Object({
  planId: Type.String(),
  planName: Type.String(),
  line: PlanLineSchema,
  period: BillingPeriodSchema,
  price: Type.Number(),
  components: Type.Array(ComponentLimitSchema),
});
export type PlanComponentsData = Static<typeof PlanComponentsDataSchema>;

/** An app's subscription on one line. */
export const SubscriptionStatusSchema = Type.Object({
  status: Type.Union([
    Type.Literal('active'),
    Type.Literal('pending'),
    Type.Literal('past_due'),
    Type.Literal('canceled'),
  ]),
  line: PlanLineSchema,
  planId: Type.String(),
  planName: Type.String(),
  period: BillingPeriodSchema,
  /** When the plan started (epoch ms), and when the current period renews. */
  since: Type.Number(),
  renewsAt: Type.Number(),
  /** Why the status is not `active`; null when it is. */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type SubscriptionStatus = Static<typeof SubscriptionStatusSchema>;

/** The billing period the app is in (`billing-period-info`). */
export const BillingPeriodInfoSchema = Type.Object({
  line: PlanLineSchema,
  period: BillingPeriodSchema,
  start: Type.Number(),
  end: Type.Number(),
  daysLeft: Type.Integer(),
  price: Type.Number(),
});
export type BillingPeriodInfo = Static<typeof BillingPeriodInfoSchema>;

/** Account info of an app's line: plan, price, the estimate of the period (`accountinfo`). */
export const BillingAccountInfoSchema = Type.Object({
  line: PlanLineSchema,
  planId: Type.String(),
  planName: Type.String(),
  period: BillingPeriodSchema,
  status: SubscriptionStatusSchema.properties.status,
  /** The price of the period on the plan, and the same for a year on each period. */
  price: Type.Number(),
  estimate: Type.Object({ monthly: Type.Number(), yearly: Type.Number(), yearlySaving: Type.Number() }),
  /** The payment provider; none is attached in this edition's free plans. */
  provider: Type.String(),
  paymentProfileId: Type.Union([Type.String(), Type.Null()]),
});
export type BillingAccountInfo = Static<typeof BillingAccountInfoSchema>;

/** Whether the app's API calls are refused now, and why (`apiCallsBlocked`). */
export const ApiCallsBlockedSchema = Type.Object({
  blocked: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
  component: Type.Union([Type.String(), Type.Null()]),
  limit: Limit,
  usage: Type.Number(),
  planId: Type.String(),
  /** When calls are accepted again (epoch ms); null when not blocked. */
  until: Type.Union([Type.Number(), Type.Null()]),
});
export type ApiCallsBlocked = Static<typeof ApiCallsBlockedSchema>;

/** Hive usage of the app (`loadHiveUsage`). */
export const HiveUsageSchema = Type.Object({
  stores: Type.Integer(),
  keys: Type.Integer(),
  bytes: Type.Number(),
  byHive: Type.Array(Type.Object({ hive: Type.String(), keys: Type.Integer(), bytes: Type.Number() })),
  measuredAt: Type.Number(),
  cached: Type.Boolean(),
});
export type HiveUsage = Static<typeof HiveUsageSchema>;

/** One app's subscription in the developer's list (`loadSubscriptionsInfo`). */
export const SubscriptionInfoSchema = Type.Object({
  appId: Type.String(),
  appName: Type.String(),
  subscriptions: Type.Array(SubscriptionStatusSchema),
});
export type SubscriptionInfo = Static<typeof SubscriptionInfoSchema>;

const app = '/:appId/console/billing';
const PLAN_OP = DevOperations.BILLING_PLAN;
const PlanParams = Type.Object({
  appId: Type.String(),
  planId: Type.String({ minLength: 1, maxLength: 64 }),
  billingPeriod: Type.String({ minLength: 1, maxLength: 16 }),
});
const Current = Type.Object({ appId: Type.String() });

/** The routes of one product line (`application` or `automation`): the same machinery twice. */
function lineRoutes<const L extends PlanLine, const N extends string>(line: L, noun: N) {
  return {
    plans: defineRoute({
      name: `billing.get${noun}Plans`,
      method: 'GET',
      path: `${app}/${line}/plans`,
      auth: 'developer',
      response: Type.Array(PlanSchema),
      summary: `The plans of the ${line} line this developer may choose, the current one marked`,
    }),
    components: defineRoute({
      name: `billing.get${noun}PlanComponentsData`,
      method: 'GET',
      path: `${app}/${line}/plans/:planId/:billingPeriod/components`,
      auth: 'developer',
      params: PlanParams,
      response: PlanComponentsDataSchema,
      summary: "A plan's components for a period with the app's usage (404 naming an unknown plan)",
    }),
    current: defineRoute({
      name: `billing.get${noun}CurrentPlanComponentData`,
      method: 'GET',
      path: `${app}/${line}/plans/current/current/components`,
      auth: 'developer',
      params: Current,
      response: PlanComponentsDataSchema,
      summary: "The current plan's components with the app's usage",
    }),
    switch: defineRoute({
      name: `billing.switchTo${noun}Plan`,
      method: 'PUT',
      path: `${app}/${line}/subscriptions/:planId/:billingPeriod`,
      auth: 'developer',
      devPermission: PLAN_OP,
      params: PlanParams,
      response: SubscriptionStatusSchema,
      summary: 'Switches the plan; 409 listing the components whose usage is over the new limits',
    }),
    accountInfo: defineRoute({
      name: `billing.get${noun}BillingInfo`,
      method: 'GET',
      path: `${app}/${line}/accountinfo`,
      auth: 'developer',
      response: BillingAccountInfoSchema,
      summary: 'Plan, price and estimates of the line',
    }),
    periodInfo: defineRoute({
      name: `billing.get${noun}BillingPeriodInfo`,
      method: 'GET',
      path: `${app}/${line}/billing-period-info`,
      auth: 'developer',
      response: BillingPeriodInfoSchema,
      summary: 'The billing period the line is in',
    }),
  };
}

const application = lineRoutes('application', 'App');
const automation = lineRoutes('automation', 'Automation');

/** A 501 stand-in declaration of the billing area (payment profiles, tiers, credit: later slices). */
function later<const N extends string, const M extends 'GET' | 'POST' | 'PUT' | 'DELETE', const P extends string>(
  name: N,
  method: M,
  path: P,
  body?: TSchema,
) {
  return defineRoute({
    name: `billing.${name}`,
    method,
    path,
    auth: 'developer',
    area: 'billing',
    ...(body ? { body } : {}),
    summary: 'Not available yet (payment profiles, tiers and credit come in a later slice)',
  });
}

/**
 * The `billing` group of the reference client (decision 0082): the operator's plan catalogue, an
 * app's subscription on each line, component limits with usage, and whether API calls are blocked.
 * Payment profiles, tiers, plan unlocking and points exchange answer 501 until built.
 */
export const billingRoutes = {
  getAppPlans: application.plans,
  getAppPlanComponentsData: application.components,
  getAppCurrentPlanComponentData: application.current,
  switchToAppPlan: application.switch,
  getAppBillingInfo: application.accountInfo,
  getAppBillingPeriodInfo: application.periodInfo,
  getAutomationPlans: automation.plans,
  getAutomationPlanComponentsData: automation.components,
  getAutomationCurrentPlanComponentData: automation.current,
  switchToAutomationPlan: automation.switch,
  getAutomationBillingInfo: automation.accountInfo,
  getAutomationBillingPeriodInfo: automation.periodInfo,
  getComponentLimit: defineRoute({
    name: 'billing.getComponentLimit',
    method: 'GET',
    path: `${app}/application/limits/:componentId`,
    auth: 'developer',
    params: Type.Object({ appId: Type.String(), componentId: Type.String({ minLength: 1, maxLength: 64 }) }),
    response: ComponentLimitSchema,
    summary: "One component's limit on the current plan and the app's usage (404 naming an unknown component)",
  }),
  apiCallsBlocked: defineRoute({
    name: 'billing.apiCallsBlocked',
    method: 'GET',
    path: `${app}/apicalls/blocked`,
    auth: 'developer',
    response: ApiCallsBlockedSchema,
    summary: "Whether the app's API calls are refused now, naming the component and until when",
  }),
  getSubscriptionStatus: defineRoute({
    name: 'billing.getSubscriptionStatus',
    method: 'GET',
    path: '/:appId/billing/subscriptions/status',
    auth: 'developer',
    response: SubscriptionStatusSchema,
    summary: "The app's subscription on the application line",
  }),
  // Hive usage and its plan limits: declared with their shapes, 501 until measured (a later slice).
  loadHiveUsage: defineRoute({
    name: 'billing.loadHiveUsage',
    method: 'GET',
    path: '/:appId/service/billing/usage/hive',
    auth: 'developer',
    area: 'billing',
    query: Type.Object({ cached: Type.Optional(Type.Boolean()) }),
    response: HiveUsageSchema,
    summary: "The app's hive usage: the last measure, or measured now with cached=false (501 until built)",
  }),
  loadHiveLimit: defineRoute({
    name: 'billing.loadHiveLimit',
    method: 'GET',
    path: '/:appId/billing/limits/hive',
    auth: 'developer',
    area: 'billing',
    response: Type.Array(ComponentLimitSchema),
    summary: "The current plan's hive components with usage (501 until built)",
  }),
  loadSubscriptionsInfo: defineRoute({
    name: 'billing.loadSubscriptionsInfo',
    method: 'GET',
    path: '/console/billing/developer/subscriptions-info',
    auth: 'developer',
    response: Type.Array(SubscriptionInfoSchema),
    summary: 'The subscriptions of every app the developer owns or is a member of',
  }),

  // Later slices: 501 until built.
  ...billingPaymentRoutes,
  exchangeBBtoUSD: later('exchangeBBtoUSD', 'POST', `${app}/application/bb/exchange`),
  scalePlanePricingEstimate: later('scalePlanePricingEstimate', 'GET', `${app}/application/tiers/price-estimation`),
  scaleFixedPlanePricingEstimate: later(
    'scaleFixedPlanePricingEstimate',
    'GET',
    `${app}/application/tiers/price-estimation/:tierId`,
  ),
  getMaxTier: later('getMaxTier', 'GET', `${app}/application/tiers/max`),
  setMaxTier: later('setMaxTier', 'PUT', `${app}/application/tiers/max`),
  getTiersList: later('getTiersList', 'GET', `${app}/application/tiers`),
  unlockPlan: later('unlockPlan', 'PUT', '/:appId/billing/plan/:planId/unlock'),
};

/** What the instance operator area tells a developer (Basalt addition). */
export const OperatorInfoSchema = Type.Object({
  /** Whether the caller is an operator of this server (BASALT_ADMINS, or the first developer). */
  operator: Type.Boolean(),
  /** How the operators are chosen. */
  operatorsFrom: Type.Union([Type.Literal('BASALT_ADMINS'), Type.Literal('first-developer')]),
  /** The operator's feature switches (BASALT_FEATURES). */
  features: Type.Record(Type.String(), Type.Boolean()),
  /** Where the plan catalogue comes from: `built-in` or the plans file (its path shown to operators only). */
  plansSource: Type.String(),
  /** Every plan of the catalogue, private ones included; empty for a developer who is not an operator. */
  plans: Type.Array(
    Type.Object({
      id: Type.String(),
      line: PlanLineSchema,
      name: Type.String(),
      public: Type.Boolean(),
      periods: Type.Object({ monthly: Type.Number(), yearly: Type.Number() }),
      limits: Type.Record(Type.String(), Type.Number()),
    }),
  ),
});
export type OperatorInfo = Static<typeof OperatorInfoSchema>;

/** The instance operator's view (Basalt addition, decision 0082). */
export const operatorRoutes = {
  loadOperator: defineRoute({
    name: 'operator.loadOperator',
    method: 'GET',
    path: '/console/operator',
    auth: 'developer',
    response: OperatorInfoSchema,
    summary: 'Whether the caller is an operator of this server, the feature switches and the plan catalogue',
  }),
  ...operatorBillingRoutes,
  ...operatorCommunityRoutes,
};
