import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import {
  createTestApp,
  listenForClients,
  registerDeveloper,
  startTestServer,
  testDbKinds,
  type TestServer,
} from '../../test-helpers.js';
import { writePlansFile } from './plans.test-helpers.js';
import { startStripeStandIn } from './payments.test-helpers.js';
import { stripeSignature } from './stripe.js';
import { holdsCardNumber } from './card-data.js';
import { JOB_INVOICES, JOB_STRIPE_RECONCILE } from './index.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

const SECRET = 'whsec_test_secret';
const OPERATOR = 'op@example.com';

describe('card numbers in a body', () => {
  it('finds Luhn-valid runs of 13–19 digits anywhere, and leaves other numbers alone', () => {
    expect(holdsCardNumber({ name: 'x', nested: [{ deep: '4242 4242 4242 4242' }] })).toBe(true);
    expect(holdsCardNumber({ n: 4111111111111111 })).toBe(true);
    expect(holdsCardNumber({ '5555-5555-5555-4444': 1 })).toBe(true);
    expect(holdsCardNumber({ note: 'order 004242424242424242x' })).toBe(true);
    expect(holdsCardNumber({ phone: '+1 415 555 0100', zip: '94105', id: '4242424242424241' })).toBe(false);
    expect(holdsCardNumber({ short: '424242424242', hash: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678' })).toBe(false);
    expect(holdsCardNumber({ typed: '4242 4242 4242 4242 12 30 123' })).toBe(true);
  });
});

for (const kind of testDbKinds()) {
  describe(`payment profiles, Stripe webhooks and invoices [${kind}]`, () => {
    let server: TestServer;
    let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
    let dir: string;
    let op: { authKey: string; id: string };
    let owner: { authKey: string; id: string; email: string };
    let appId: string;

    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authKey?: string, body?: unknown) =>
      server.call(method, url, { ...(authKey ? { authKey } : {}), ...(body !== undefined ? { body } : {}) });
    const profiles = async (authKey: string) =>
      (await call('GET', '/console/billing/developer/payment-profile', authKey)).json();
    const webhook = (event: object, signature?: string) => {
      const body = JSON.stringify(event);
      return server.call('POST', '/console/billing/stripe/webhook', {
        payload: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? stripeSignature(body, SECRET) },
      });
    };

    beforeAll(async () => {
      stripe = await startStripeStandIn();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-payments-'));
      server = await startTestServer(kind, {
        admins: [OPERATOR],
        plansFile: writePlansFile(dir),
        payments: { currency: 'EUR', stripe: { secretKey: 'sk_test_1', webhookSecret: SECRET, apiUrl: stripe.url } },
      });
      op = await registerDeveloper(server, OPERATOR);
      owner = await registerDeveloper(server);
      appId = await createTestApp(server, owner.authKey);
    });
    afterAll(async () => {
      await server?.close();
      await stripe?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('manual profiles: add, list, change, pay for an app, refuse deletion while used, delete', async () => {
      const added = await call('POST', '/console/billing/developer/payment-profile', owner.authKey, {
        name: 'Ada Ltd',
        email: 'billing@ada.test',
        company: 'Ada Ltd',
        address: '1 Main St',
      });
      expect(added.statusCode).toBe(200);
      const p = added.json();
      expect(p).toMatchObject({ provider: 'manual', status: 'active', card: null, setupUrl: null, apps: [] });
      // Bad input: a clear 400 under the field, nothing kept.
      const bad = await call('POST', '/console/billing/developer/payment-profile', owner.authKey, {
        name: 'X',
        email: 'not-mail',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fields[0].field).toBe('email');
      const unknown = await call('POST', '/console/billing/developer/payment-profile', owner.authKey, {
        provider: 'paypal',
        name: 'X',
        email: 'x@y.z',
      });
      expect(unknown.json().details.fields[0].field).toBe('provider');
      expect(await profiles(owner.authKey)).toHaveLength(1);

      const changed = await call('PUT', `/console/billing/developer/payment-profile/${p.id}`, owner.authKey, {
        address: '2 Side St',
      });
      expect(changed.json()).toMatchObject({ address: '2 Side St', name: 'Ada Ltd' });
      // Another developer's profile does not exist for them.
      const other = await registerDeveloper(server);
      expect(
        (await call('PUT', `/console/billing/developer/payment-profile/${p.id}`, other.authKey, {})).statusCode,
      ).toBe(404);

      const set = await call('PUT', `/${appId}/console/billing/application/creditcard/${p.id}`, owner.authKey);
      expect(set.statusCode).toBe(200);
      expect(set.json().apps).toEqual([expect.objectContaining({ appId, line: 'application' })]);
      const info = await call('GET', `/${appId}/console/billing/application/accountinfo`, owner.authKey);
      expect(info.json()).toMatchObject({ provider: 'manual', paymentProfileId: p.id });
      const forClone = await call(
        'GET',
        `/${appId}/console/billing/application/payment-profiles-for-clone-operation`,
        owner.authKey,
      );
      expect(forClone.json().map((x: any) => x.id)).toEqual([p.id]);

      const consolidated = await call(
        'PUT',
        `/${appId}/console/billing/application/consolidate/${p.id}?newBillingPlan=tiny&newBillingPeriod=yearly`,
        owner.authKey,
      );
      expect(consolidated.json()).toEqual({ paymentProfileId: p.id, planId: 'tiny', period: 'yearly' });
      await call('PUT', `/${appId}/console/billing/application/subscriptions/roomy/monthly`, owner.authKey);

      const busy = await call('DELETE', `/console/billing/developer/payment-profile/${p.id}`, owner.authKey);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().message).toContain('application');
    });

    it('refuses a body holding a card number (400 RAW_CARD_DATA_REFUSED) and keeps nothing', async () => {
      const before = await profiles(owner.authKey);
      for (const body of [
        { name: 'Ada', email: 'a@b.c', cardNumber: '4242424242424242' },
        { name: 'Ada', email: 'a@b.c', address: 'card 4000-0566-5566-5556 exp 12/30' },
        { name: 'Ada', email: 'a@b.c', extra: { nested: [5555555555554444] } },
      ]) {
        const res = await call('POST', '/console/billing/developer/payment-profile', owner.authKey, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('RAW_CARD_DATA_REFUSED');
        expect(res.body).not.toContain('4242424242424242');
      }
      const upd = await call('PUT', `/console/billing/developer/payment-profile/${before[0].id}`, owner.authKey, {
        name: '4111 1111 1111 1111',
      });
      expect(upd.json().code).toBe('RAW_CARD_DATA_REFUSED');
      expect(await profiles(owner.authKey)).toEqual(before);
      // Nothing of it went to Stripe either.
      expect(JSON.stringify(stripe.calls)).not.toMatch(/4242|4111|5555/);
    });

    it('refuses setting the profile to a teammate without operation 21 (403)', async () => {
      const mate = await registerDeveloper(server);
      expect((await call('POST', `/${appId}/console/devteam`, owner.authKey, { email: mate.email })).statusCode).toBe(
        200,
      );
      const deny = await call('PUT', `/${appId}/console/devteam/${mate.id}/permissions`, owner.authKey, [
        { operation: 21, access: 'DENY' },
      ]);
      expect(deny.statusCode).toBe(200);
      const mine = (
        await call('POST', '/console/billing/developer/payment-profile', mate.authKey, { name: 'Mate', email: 'm@m.m' })
      ).json();
      const refused = await call('PUT', `/${appId}/console/billing/application/creditcard/${mine.id}`, mate.authKey);
      expect(refused.statusCode).toBe(403);
      const consolidate = await call(
        'PUT',
        `/${appId}/console/billing/application/consolidate/${mine.id}`,
        mate.authKey,
      );
      expect(consolidate.statusCode).toBe(403);
      const info = await call('GET', `/${appId}/console/billing/application/accountinfo`, owner.authKey);
      expect(info.json().paymentProfileId).not.toBe(mine.id);
    });

    it('Stripe: the card is entered on Stripe; webhooks apply once, in order, and only when signed', async () => {
      const res = await call('POST', '/console/billing/developer/payment-profile', owner.authKey, {
        provider: 'stripe',
        name: 'Ada',
        email: 'ada@ada.test',
      });
      expect(res.statusCode).toBe(200);
      const p = res.json();
      expect(p).toMatchObject({ provider: 'stripe', status: 'pending', card: null });
      expect(p.setupUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      const created = stripe.calls.find((c) => c.path === '/v1/customers' && c.method === 'POST')!;
      expect(created.auth).toBe('Bearer sk_test_1');
      expect(created.form['metadata[basaltProfileId]']).toBe(p.id);
      const session = stripe.calls.find((c) => c.path === '/v1/checkout/sessions')!;
      expect(session.form.mode).toBe('setup');
      const customer = session.form.customer!;
      const now = Math.floor(Date.now() / 1000);
      const attached = {
        id: 'evt_attached',
        type: 'payment_method.attached',
        created: now - 100,
        data: {
          object: { id: 'pm_1', customer, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
        },
      };

      // A bad signature, a wrong secret, an old timestamp, none: 400 and nothing changes.
      const body = JSON.stringify(attached);
      for (const sig of [
        `t=${now},v1=${'0'.repeat(64)}`,
        stripeSignature(body, 'whsec_other'),
        stripeSignature(body, SECRET, now - 301),
        'garbage',
      ]) {
        const bad = await webhook(attached, sig);
        expect(bad.statusCode).toBe(400);
      }
      const tampered = await server.call('POST', '/console/billing/stripe/webhook', {
        payload: body.replace('4242', '0000'),
        headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(body, SECRET) },
      });
      expect(tampered.statusCode).toBe(400);
      expect((await profiles(owner.authKey)).find((x: any) => x.id === p.id).status).toBe('pending');

      // Signed: applied.
      const ok = await webhook(attached);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ received: true, result: 'applied' });
      let mine = (await profiles(owner.authKey)).find((x: any) => x.id === p.id);
      expect(mine).toMatchObject({
        status: 'active',
        setupUrl: null,
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      });

      // A newer event removes the customer; then the replay of the first one changes nothing.
      const deleted = {
        id: 'evt_deleted',
        type: 'customer.deleted',
        created: now - 10,
        data: { object: { id: customer } },
      };
      expect((await webhook(deleted)).json().result).toBe('applied');
      const replay = await webhook(attached);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().result).toBe('duplicate');
      mine = (await profiles(owner.authKey)).find((x: any) => x.id === p.id);
      expect(mine.status).toBe('detached');

      // Out of order: an event created before the last applied one of the same customer is ignored.
      const late = {
        id: 'evt_late_checkout',
        type: 'checkout.session.completed',
        created: now - 50,
        data: { object: { id: 'cs_1', customer, mode: 'setup' } },
      };
      expect((await webhook(late)).json().result).toBe('stale');
      expect((await profiles(owner.authKey)).find((x: any) => x.id === p.id).status).toBe('detached');
      // A detached profile cannot be chosen for an app.
      expect(
        (await call('PUT', `/${appId}/console/billing/application/creditcard/${p.id}`, owner.authKey)).statusCode,
      ).toBe(409);
    });

    it('the daily reconciliation reads each Stripe customer and card, on a job leased once', async () => {
      const p = (
        await call('POST', '/console/billing/developer/payment-profile', owner.authKey, {
          provider: 'stripe',
          name: 'Bo',
          email: 'bo@bo.test',
        })
      ).json();
      const customer = [...stripe.customers.keys()].at(-1)!;
      stripe.customers.get(customer)!.card = { brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2031 };
      const r = await server.app.payments.reconcileStripe();
      expect(r.changed).toBeGreaterThanOrEqual(1);
      const mine = (await profiles(owner.authKey)).find((x: any) => x.id === p.id);
      expect(mine).toMatchObject({ status: 'active', card: { brand: 'mastercard', last4: '4444' } });
      // The schedule: one repeating job of each kind in the job table (claimed by one process per run).
      const recon = await server.app.basalt.jobs.repo.byId(JOB_STRIPE_RECONCILE);
      expect(recon).toMatchObject({ kind: JOB_STRIPE_RECONCILE, state: 'pending' });
      expect(Number(recon!.repeat_every_ms)).toBe(24 * 3_600_000);
      expect(await server.app.basalt.jobs.repo.byId(JOB_INVOICES)).toBeTruthy();
    });

    it('invoices: issued once per period from the plan price; the operator marks paid or void, others get 403', async () => {
      // The app is on `roomy` (25 a month); a second app on `tiny` costs nothing and gets no invoice.
      const free = await createTestApp(server, owner.authKey);
      await call('PUT', `/${free}/console/billing/application/subscriptions/tiny/monthly`, owner.authKey);
      const gen = await call('POST', '/console/operator/invoices/generate', op.authKey);
      expect(gen.statusCode).toBe(200);
      expect(gen.json().created).toBeGreaterThanOrEqual(1);
      expect((await call('POST', '/console/operator/invoices/generate', op.authKey)).json()).toEqual({ created: 0 });
      expect((await call('POST', '/console/operator/invoices/generate', owner.authKey)).statusCode).toBe(403);

      const mine = (await call('GET', `/${appId}/console/billing/invoices`, owner.authKey)).json();
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ appId, planId: 'roomy', amount: 2500, currency: 'EUR', status: 'open' });
      expect((await call('GET', `/${free}/console/billing/invoices`, owner.authKey)).json()).toEqual([]);

      expect((await call('GET', '/console/operator/invoices', owner.authKey)).statusCode).toBe(403);
      const refused = await call('PUT', `/console/operator/invoices/${mine[0].id}/paid`, owner.authKey);
      expect(refused.statusCode).toBe(403);
      expect((await call('GET', `/${appId}/console/billing/invoices`, owner.authKey)).json()[0].status).toBe('open');

      const open = (await call('GET', '/console/operator/invoices?status=open', op.authKey)).json();
      expect(open.map((i: any) => i.id)).toContain(mine[0].id);
      const paid = await call('PUT', `/console/operator/invoices/${mine[0].id}/paid`, op.authKey);
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'paid', settledBy: OPERATOR });
      const again = await call('PUT', `/console/operator/invoices/${mine[0].id}/void`, op.authKey);
      expect(again.statusCode).toBe(409);
      expect((await call('PUT', '/console/operator/invoices/nope/paid', op.authKey)).statusCode).toBe(404);
      expect((await call('GET', '/console/operator/invoices?status=bogus', op.authKey)).statusCode).toBe(400);

      const apps = (await call('GET', '/console/operator/plan-apps', op.authKey)).json();
      expect(apps).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ appId, line: 'application', planId: 'roomy', ownerEmail: owner.email }),
          expect.objectContaining({ appId: free, line: 'application', planId: 'tiny' }),
        ]),
      );
      expect((await call('GET', '/console/operator/plan-apps', owner.authKey)).statusCode).toBe(403);
    });

    it('through the published console client: profiles, the app profile, and a card refused', async () => {
      const client = createReferenceClient(await listenForClients(server), owner.authKey);
      const p = await client.billing.addPaymentProfile({ provider: 'manual', name: 'Ref', email: 'ref@ref.test' });
      expect(p).toMatchObject({ provider: 'manual', status: 'active' });
      expect((await client.billing.loadPaymentProfiles()).map((x: any) => x.id)).toContain(p.id);
      const updated = await client.billing.updatePaymentProfile(p.id, { company: 'Ref Inc' });
      expect(updated.company).toBe('Ref Inc');
      expect((await client.billing.setAppPaymentProfile(appId, p.id)).apps).toEqual(
        expect.arrayContaining([expect.objectContaining({ appId, line: 'application' })]),
      );
      expect((await client.billing.getAppBillingInfo(appId)).paymentProfileId).toBe(p.id);
      const clone = await client.billing.loadPaymentProfilesForCloneApp(appId);
      expect(clone.map((x: any) => x.id)).toContain(p.id);
      const consolidated = await client.billing.confirmConsolidateApp(appId, { paymentProfileId: p.id });
      expect(consolidated).toMatchObject({ paymentProfileId: p.id, planId: 'roomy' });
      const refused = await client.billing
        .addPaymentProfile({ name: 'Ref', email: 'ref@ref.test', card: '4242424242424242' })
        .then(
          () => undefined,
          (e: any) => e,
        );
      expect(refused).toMatchObject({ status: 400 });
      const spare = await client.billing.addPaymentProfile({ name: 'Spare', email: 'spare@ref.test' });
      expect(await client.billing.deletePaymentProfile(spare.id)).toEqual({ success: true });
    });
  });
}

describe('Stripe not configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });
  it('offers manual only and answers webhooks 404', async () => {
    const dev = await registerDeveloper(server);
    const res = await server.call('POST', '/console/billing/developer/payment-profile', {
      authKey: dev.authKey,
      body: { provider: 'stripe', name: 'A', email: 'a@b.c' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields[0]).toMatchObject({ field: 'provider' });
    const hook = await server.call('POST', '/console/billing/stripe/webhook', {
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature('{}', SECRET) },
    });
    expect(hook.statusCode).toBe(404);
  });
});
