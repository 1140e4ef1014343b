import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const B = `${H}/A/console/billing`;

// The reference client's billing paths, verb by verb (console-api-routes.md › billing).
describeShapes('billing', [
  ['getAppPlans', (c) => c.billing.getAppPlans('A'), get(`${B}/application/plans`)],
  ['getAutomationPlans', (c) => c.billing.getAutomationPlans('A'), get(`${B}/automation/plans`)],
  [
    'getAppPlanComponentsData',
    (c) => c.billing.getAppPlanComponentsData('A', 'tiny', 'monthly'),
    get(`${B}/application/plans/tiny/monthly/components`),
  ],
  [
    'getAppCurrentPlanComponentData',
    (c) => c.billing.getAppCurrentPlanComponentData('A'),
    get(`${B}/application/plans/current/current/components`),
  ],
  [
    'getAutomationPlanComponentsData',
    (c) => c.billing.getAutomationPlanComponentsData('A', 'p', 'yearly'),
    get(`${B}/automation/plans/p/yearly/components`),
  ],
  [
    'getAutomationCurrentPlanComponentData',
    (c) => c.billing.getAutomationCurrentPlanComponentData('A'),
    get(`${B}/automation/plans/current/current/components`),
  ],
  ['getComponentLimit', (c) => c.billing.getComponentLimit('A', 'tables'), get(`${B}/application/limits/tables`)],
  ['apiCallsBlocked', (c) => c.billing.apiCallsBlocked('A'), get(`${B}/apicalls/blocked`)],
  [
    'switchToAppPlan',
    (c) => c.billing.switchToAppPlan('A', 'tiny', 'monthly'),
    bare('PUT', `${B}/application/subscriptions/tiny/monthly`),
  ],
  [
    'switchToAutomationPlan',
    (c) => c.billing.switchToAutomationPlan('A', 'p', 'yearly'),
    bare('PUT', `${B}/automation/subscriptions/p/yearly`),
  ],
  ['getAppBillingInfo', (c) => c.billing.getAppBillingInfo('A'), get(`${B}/application/accountinfo`)],
  ['getAutomationBillingInfo', (c) => c.billing.getAutomationBillingInfo('A'), get(`${B}/automation/accountinfo`)],
  ['getSubscriptionStatus', (c) => c.billing.getSubscriptionStatus('A'), get(`${H}/A/billing/subscriptions/status`)],
  [
    'loadSubscriptionsInfo',
    (c) => c.billing.loadSubscriptionsInfo(),
    get(`${H}/console/billing/developer/subscriptions-info`),
  ],
  [
    'getAppBillingPeriodInfo',
    (c) => c.billing.getAppBillingPeriodInfo('A'),
    get(`${B}/application/billing-period-info`),
  ],
  [
    'getAutomationBillingPeriodInfo',
    (c) => c.billing.getAutomationBillingPeriodInfo('A'),
    get(`${B}/automation/billing-period-info`),
  ],
  ['loadHiveUsage', (c) => c.billing.loadHiveUsage('A'), get(`${H}/A/service/billing/usage/hive?cached=true`)],
  [
    'loadHiveUsage(cached false)',
    (c) => c.billing.loadHiveUsage('A', false),
    get(`${H}/A/service/billing/usage/hive?cached=false`),
  ],
  ['loadHiveLimit', (c) => c.billing.loadHiveLimit('A'), get(`${H}/A/billing/limits/hive`)],
  [
    'loadPaymentProfilesForCloneApp',
    (c) => c.billing.loadPaymentProfilesForCloneApp('A'),
    get(`${B}/application/payment-profiles-for-clone-operation`),
  ],
  [
    'confirmConsolidateApp',
    (c) =>
      c.billing.confirmConsolidateApp('A', {
        paymentProfileId: 'P',
        newBillingPlan: 'tiny',
        newBillingPeriod: 'monthly',
      }),
    bare('PUT', `${B}/application/consolidate/P?newBillingPlan=tiny&newBillingPeriod=monthly`),
  ],
  [
    'loadPaymentProfiles',
    (c) => c.billing.loadPaymentProfiles(),
    get(`${H}/console/billing/developer/payment-profile`),
  ],
  [
    'setAppPaymentProfile',
    (c) => c.billing.setAppPaymentProfile('A', 'P'),
    bare('PUT', `${B}/application/creditcard/P`),
  ],
  [
    'setAutomationPaymentProfile',
    (c) => c.billing.setAutomationPaymentProfile('A', 'P'),
    bare('PUT', `${B}/automation/creditcard/P`),
  ],
  [
    'addPaymentProfile',
    (c) => c.billing.addPaymentProfile({ provider: 'manual' }),
    json('POST', `${H}/console/billing/developer/payment-profile`, { provider: 'manual' }),
  ],
  [
    'updatePaymentProfile',
    (c) => c.billing.updatePaymentProfile('P', { name: 'X' }),
    json('PUT', `${H}/console/billing/developer/payment-profile/P`, { name: 'X' }),
  ],
  [
    'deletePaymentProfile',
    (c) => c.billing.deletePaymentProfile('P'),
    bare('DELETE', `${H}/console/billing/developer/payment-profile/P`),
  ],
  ['loadAppInvoices', (c) => c.billing.loadAppInvoices('A'), get(`${B}/invoices`)],
  ['exchangeBBtoUSD', (c) => c.billing.exchangeBBtoUSD('A', 500), json('POST', `${B}/application/bb/exchange`, 500)],
  [
    'scalePlanePricingEstimate',
    (c) => c.billing.scalePlanePricingEstimate('A', { days: 30 }),
    get(`${B}/application/tiers/price-estimation?days=30`),
  ],
  [
    'scaleFixedPlanePricingEstimate',
    (c) => c.billing.scaleFixedPlanePricingEstimate('A', 'T1', { days: 7 }),
    get(`${B}/application/tiers/price-estimation/T1?days=7`),
  ],
  ['getMaxTier', (c) => c.billing.getMaxTier('A'), get(`${B}/application/tiers/max`)],
  ['setMaxTier', (c) => c.billing.setMaxTier('A', 'T2'), json('PUT', `${B}/application/tiers/max`, { tierId: 'T2' })],
  ['getTiersList', (c) => c.billing.getTiersList('A'), get(`${B}/application/tiers`)],
  ['unlockPlan', (c) => c.billing.unlockPlan('A', 'gold'), bare('PUT', `${H}/A/billing/plan/gold/unlock`)],
]);

describe('billing group: channel', () => {
  it('goes to its own host with basic auth when billingURL and billingAuth are set', async () => {
    const { client, calls } = recordingClient('K', { billingURL: 'http://billing.test', billingAuth: 'dXNlcjpwYXNz' });
    await client.billing.getAppPlans('A');
    expect(calls[0].url).toBe('http://billing.test/A/console/billing/application/plans');
    expect(calls[0].headers).toMatchObject({ Authorization: 'Basic dXNlcjpwYXNz' });
  });
});

const O = `${H}/console/operator`;

// The operator's routes (Basalt additions, decisions 0082, 0089 and 0092).
describeShapes('operator', [
  ['loadOperator', (c) => c.operator.loadOperator(), get(O)],
  ['loadPlanApps', (c) => c.operator.loadPlanApps(), get(`${O}/plan-apps`)],
  ['loadInvoices', (c) => c.operator.loadInvoices(), get(`${O}/invoices`)],
  ['loadInvoices(status)', (c) => c.operator.loadInvoices('open'), get(`${O}/invoices?status=open`)],
  ['generateInvoices', (c) => c.operator.generateInvoices(), bare('POST', `${O}/invoices/generate`)],
  ['markInvoicePaid', (c) => c.operator.markInvoicePaid('I1'), bare('PUT', `${O}/invoices/I1/paid`)],
  ['voidInvoice', (c) => c.operator.voidInvoice('I1'), bare('PUT', `${O}/invoices/I1/void`)],
  ['loadComments', (c) => c.operator.loadComments(), get(`${H}/console/community/operator/comments`)],
  [
    'loadComments(status, limit)',
    (c) => c.operator.loadComments('all', 20),
    get(`${H}/console/community/operator/comments?status=all&limit=20`),
  ],
]);
