import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';

/**
 * Payment profiles, invoices and the operator's billing view (decision 0089). A profile is paid
 * through a provider: `manual` (invoices the operator marks paid or void) or `stripe` (the card is
 * entered on Stripe's own page; Basalt keeps the customer id and the card's brand and last digits).
 */
export const PaymentProviderSchema = Type.Union([Type.Literal('manual'), Type.Literal('stripe')]);
export type PaymentProvider = Static<typeof PaymentProviderSchema>;

export const PaymentProfileSchema = Type.Object({
  id: Type.String(),
  provider: PaymentProviderSchema,
  name: Type.String(),
  email: Type.String(),
  company: Type.String(),
  address: Type.String(),
  /** `pending`: a Stripe profile whose card is not entered yet; `detached`: removed at the provider. */
  status: Type.Union([Type.Literal('active'), Type.Literal('pending'), Type.Literal('detached')]),
  /** What the provider told about the card (never its number). */
  card: Type.Union([
    Type.Object({ brand: Type.String(), last4: Type.String(), expMonth: Type.Integer(), expYear: Type.Integer() }),
    Type.Null(),
  ]),
  /** Stripe: the page where the card is entered (a Checkout session in setup mode); null otherwise. */
  setupUrl: Type.Union([Type.String(), Type.Null()]),
  /** The apps and lines this profile pays for. */
  apps: Type.Array(Type.Object({ appId: Type.String(), appName: Type.String(), line: Type.String() })),
  created: Type.Number(),
  updated: Type.Number(),
});
export type PaymentProfile = Static<typeof PaymentProfileSchema>;

/**
 * The body of a new or changed profile. Open on purpose: the server looks at every value for card
 * numbers and refuses them (`RAW_CARD_DATA_REFUSED`) before it reads the fields it knows.
 */
export const PaymentProfileInputSchema = Type.Object(
  {
    provider: Type.Optional(Type.String({ maxLength: 16 })),
    name: Type.Optional(Type.String({ maxLength: 100 })),
    email: Type.Optional(Type.String({ maxLength: 200 })),
    company: Type.Optional(Type.String({ maxLength: 200 })),
    address: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: true, maxProperties: 30 },
);

export const InvoiceStatusSchema = Type.Union([Type.Literal('open'), Type.Literal('paid'), Type.Literal('void')]);
export type InvoiceStatus = Static<typeof InvoiceStatusSchema>;

/** One invoice of a billing period of an app's line. Amounts in the currency's smallest unit (cents). */
export const InvoiceSchema = Type.Object({
  id: Type.String(),
  number: Type.String(),
  appId: Type.String(),
  appName: Type.String(),
  line: Type.String(),
  planId: Type.String(),
  period: Type.String(),
  periodStart: Type.Number(),
  periodEnd: Type.Number(),
  amount: Type.Integer(),
  currency: Type.String(),
  status: InvoiceStatusSchema,
  provider: PaymentProviderSchema,
  paymentProfileId: Type.Union([Type.String(), Type.Null()]),
  created: Type.Number(),
  /** When it was marked paid or void, and by whom (an operator's e-mail, or `stripe`). */
  settled: Type.Union([Type.Number(), Type.Null()]),
  settledBy: Type.Union([Type.String(), Type.Null()]),
});
export type Invoice = Static<typeof InvoiceSchema>;

const app = '/:appId/console/billing';
const op = DevOperations.BILLING_PLAN;
const ProfileId = Type.String({ minLength: 1, maxLength: 64 });

/** The payment routes of the reference client's `billing` group, and the app's invoices (a Basalt addition). */
export const billingPaymentRoutes = {
  loadPaymentProfilesForCloneApp: defineRoute({
    name: 'billing.loadPaymentProfilesForCloneApp',
    method: 'GET',
    path: `${app}/application/payment-profiles-for-clone-operation`,
    auth: 'developer',
    response: Type.Array(PaymentProfileSchema),
    summary: "The caller's active payment profiles that may pay for a clone of the app",
  }),
  confirmConsolidateApp: defineRoute({
    name: 'billing.confirmConsolidateApp',
    method: 'PUT',
    path: `${app}/application/consolidate/:paymentProfileId`,
    auth: 'developer',
    devPermission: op,
    params: Type.Object({ appId: Type.String(), paymentProfileId: ProfileId }),
    query: Type.Object({
      newBillingPlan: Type.Optional(Type.String({ maxLength: 64 })),
      newBillingPeriod: Type.Optional(Type.String({ maxLength: 16 })),
    }),
    response: Type.Object({ paymentProfileId: Type.String(), planId: Type.String(), period: Type.String() }),
    summary: "Puts the app's application line on one of the caller's profiles, and on a new plan when given",
  }),
  loadPaymentProfiles: defineRoute({
    name: 'billing.loadPaymentProfiles',
    method: 'GET',
    path: '/console/billing/developer/payment-profile',
    auth: 'developer',
    response: Type.Array(PaymentProfileSchema),
    summary: "The caller's payment profiles with the apps each pays for",
  }),
  setAppPaymentProfile: defineRoute({
    name: 'billing.setAppPaymentProfile',
    method: 'PUT',
    path: `${app}/application/creditcard/:paymentProfileId`,
    auth: 'developer',
    devPermission: op,
    params: Type.Object({ appId: Type.String(), paymentProfileId: ProfileId }),
    response: PaymentProfileSchema,
    summary: "Makes one of the caller's profiles pay for the app's application line (operation 21)",
  }),
  setAutomationPaymentProfile: defineRoute({
    name: 'billing.setAutomationPaymentProfile',
    method: 'PUT',
    path: `${app}/automation/creditcard/:paymentProfileId`,
    auth: 'developer',
    devPermission: op,
    params: Type.Object({ appId: Type.String(), paymentProfileId: ProfileId }),
    response: PaymentProfileSchema,
    summary: "Makes one of the caller's profiles pay for the app's automation line (operation 21)",
  }),
  addPaymentProfile: defineRoute({
    name: 'billing.addPaymentProfile',
    method: 'POST',
    path: '/console/billing/developer/payment-profile',
    auth: 'developer',
    body: PaymentProfileInputSchema,
    response: PaymentProfileSchema,
    summary: 'Adds a profile; Stripe answers the page where the card is entered. A card number is refused (400)',
  }),
  updatePaymentProfile: defineRoute({
    name: 'billing.updatePaymentProfile',
    method: 'PUT',
    path: '/console/billing/developer/payment-profile/:id',
    auth: 'developer',
    params: Type.Object({ id: ProfileId }),
    body: PaymentProfileInputSchema,
    response: PaymentProfileSchema,
    summary: "Changes a profile's name, e-mail, company or address. A card number is refused (400)",
  }),
  deletePaymentProfile: defineRoute({
    name: 'billing.deletePaymentProfile',
    method: 'DELETE',
    path: '/console/billing/developer/payment-profile/:id',
    auth: 'developer',
    params: Type.Object({ id: ProfileId }),
    response: Type.Object({ success: Type.Boolean() }),
    summary: 'Deletes a profile no app uses (409 naming the apps otherwise)',
  }),
  loadAppInvoices: defineRoute({
    name: 'billing.loadAppInvoices',
    method: 'GET',
    path: `${app}/invoices`,
    auth: 'developer',
    response: Type.Array(InvoiceSchema),
    summary: "The app's invoices, newest first (Basalt addition)",
  }),
};

/** One app on a plan, for the operator (Basalt addition). */
export const PlanAppSchema = Type.Object({
  appId: Type.String(),
  appName: Type.String(),
  ownerEmail: Type.String(),
  line: Type.String(),
  planId: Type.String(),
  period: Type.String(),
  paymentProfileId: Type.Union([Type.String(), Type.Null()]),
});
export type PlanApp = Static<typeof PlanAppSchema>;

const InvoiceParams = Type.Object({ invoiceId: Type.String({ minLength: 1, maxLength: 64 }) });

/** The operator's billing routes (Basalt additions, decision 0089): every one refuses a non-operator (403). */
export const operatorBillingRoutes = {
  loadPlanApps: defineRoute({
    name: 'operator.loadPlanApps',
    method: 'GET',
    path: '/console/operator/plan-apps',
    auth: 'developer',
    response: Type.Array(PlanAppSchema),
    summary: 'Every app with its plan on each line and the profile that pays for it',
  }),
  loadInvoices: defineRoute({
    name: 'operator.loadInvoices',
    method: 'GET',
    path: '/console/operator/invoices',
    auth: 'developer',
    query: Type.Object({ status: Type.Optional(InvoiceStatusSchema) }),
    response: Type.Array(InvoiceSchema),
    summary: 'The invoices of every app, newest first, optionally of one status',
  }),
  generateInvoices: defineRoute({
    name: 'operator.generateInvoices',
    method: 'POST',
    path: '/console/operator/invoices/generate',
    auth: 'developer',
    response: Type.Object({ created: Type.Integer() }),
    summary: 'Issues now the invoices of the present period that the daily job has not issued yet',
  }),
  markInvoicePaid: defineRoute({
    name: 'operator.markInvoicePaid',
    method: 'PUT',
    path: '/console/operator/invoices/:invoiceId/paid',
    auth: 'developer',
    params: InvoiceParams,
    response: InvoiceSchema,
    summary: 'Marks an open invoice paid (409 when it is paid or void already)',
  }),
  voidInvoice: defineRoute({
    name: 'operator.voidInvoice',
    method: 'PUT',
    path: '/console/operator/invoices/:invoiceId/void',
    auth: 'developer',
    params: InvoiceParams,
    response: InvoiceSchema,
    summary: 'Voids an open invoice (409 when it is paid or void already)',
  }),
};
