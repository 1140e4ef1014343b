import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import {
  listenForClients,
  registerDeveloper,
  startTestServer,
  testDbKinds,
  type TestServer,
} from '../../test-helpers.js';
import { multipart } from '../files/files.test-helpers.js';
import { freshMinute, writePlansFile } from './plans.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;
/** The reference client's request library sends the `form-data` package's forms as multipart under Node. */
const NodeFormData: new () => { append(field: string, value: Buffer, fileName: string): void } = createRequire(
  require.resolve('backendless-request'),
)('form-data');

const KB = 1024;
const MB = 1024 * KB;

/** Sends a form with the reference client and answers what it answered or the error it rejected with. */
async function settle<T>(p: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: any }> {
  try {
    return { ok: true, value: await p };
  } catch (error) {
    return { ok: false, error };
  }
}

for (const kind of testDbKinds()) {
  describe(`plans and limits through the published console client [${kind}]`, () => {
    let server: TestServer;
    let url: string;
    let dir: string;
    let owner: any;
    let ownerKey: string;
    let appId: string;
    let rest: string;

    const find = async (i: number) => {
      // Half through the fast lane (POST …/find), half through Fastify's routes (GET …/data/T).
      const res =
        i % 2 === 0
          ? await fetch(`${url}/${appId}/${rest}/data/Things/find`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            })
          : await fetch(`${url}/${appId}/${rest}/data/Things`);
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
    };
    const upload = (name: string, bytes: number) => {
      const form = new NodeFormData();
      form.append('file', Buffer.alloc(bytes, 7), name);
      return settle(owner.files.uploadFile(appId, form, 'docs', name));
    };

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-plans-'));
      server = await startTestServer(kind, { plansFile: writePlansFile(dir) });
      url = await listenForClients(server);
      owner = createReferenceClient(url);
      const email = `planowner${Date.now()}@example.com`;
      await owner.user.register({ email, password: 'reference password 1' });
      ownerKey = (await owner.user.login(email, 'reference password 1')).authKey;
      appId = (await owner.apps.createApp({ appName: 'Planned' })).id;
      rest = (await owner.settings.getAppSettings(appId)).apiKeysMap.REST;
      await owner.tables.create(appId, { name: 'Things' });
    });
    afterAll(async () => {
      await server?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('lists the public plans with their components; a new app is on the first plan', async () => {
      const plans = await owner.billing.getAppPlans(appId);
      // The owner registered first, so is the operator here: the private plan is listed for them.
      expect(plans.map((p: any) => [p.id, p.current, p.public])).toEqual([
        ['roomy', true, true],
        ['tiny', false, true],
        ['staff', false, false],
      ]);
      const tiny = plans.find((p: any) => p.id === 'tiny');
      expect(tiny.components.find((c: any) => c.id === 'api-calls-per-minute')).toMatchObject({
        limit: 50,
        enforced: true,
      });
      expect(tiny.components.find((c: any) => c.id === 'hive-bytes')).toMatchObject({ limit: null });
      expect(await owner.billing.getSubscriptionStatus(appId)).toMatchObject({ status: 'active', planId: 'roomy' });
      const components = await owner.billing.getAppPlanComponentsData(appId, 'tiny', 'yearly');
      expect(components).toMatchObject({ planId: 'tiny', period: 'yearly', price: 0 });
      expect(components.components.find((c: any) => c.component === 'tables')).toEqual(
        expect.objectContaining({ limit: 2, usage: 1 }),
      );
    });

    it('answers 404 naming an unknown plan, period or component', async () => {
      const plan = await settle(owner.billing.switchToAppPlan(appId, 'gold', 'monthly'));
      expect(plan.ok).toBe(false);
      expect((plan as any).error).toMatchObject({ status: 404 });
      expect((plan as any).error.message).toContain("'gold'");
      const period = await settle(owner.billing.getAppPlanComponentsData(appId, 'tiny', 'weekly'));
      expect((period as any).error.message).toContain("'weekly'");
      const component = await settle(owner.billing.getComponentLimit(appId, 'unicorns'));
      expect((component as any).error).toMatchObject({ status: 404 });
      expect((component as any).error.message).toContain("'unicorns'");
    });

    it('refuses the switch to a teammate without operation 21 (403)', async () => {
      const mate = await registerDeveloper(server);
      const added = await server.call('POST', `/${appId}/console/devteam`, {
        authKey: ownerKey,
        body: { email: mate.email },
      });
      expect(added.statusCode).toBe(200);
      const deny = await server.call('PUT', `/${appId}/console/devteam/${mate.id}/permissions`, {
        authKey: ownerKey,
        body: [{ operation: 21, access: 'DENY' }],
      });
      expect(deny.statusCode).toBe(200);
      const mateClient = createReferenceClient(url, mate.authKey);
      const refused = await settle(mateClient.billing.switchToAppPlan(appId, 'tiny', 'monthly'));
      expect((refused as any).error).toMatchObject({ status: 403 });
      // Reading is allowed; the private plan stays hidden from a developer who is not the operator.
      expect((await mateClient.billing.getAppPlans(appId)).map((p: any) => p.id)).toEqual(['roomy', 'tiny']);
      expect((await owner.billing.getSubscriptionStatus(appId)).planId).toBe('roomy');
    });

    it('on tiny: 50 calls a minute pass, the rest are 429 naming 50, the component and the plan', async () => {
      const switched = await owner.billing.switchToAppPlan(appId, 'tiny', 'monthly');
      expect(switched).toMatchObject({ status: 'active', planId: 'tiny', period: 'monthly' });
      const current = await owner.billing.getAppCurrentPlanComponentData(appId);
      expect(current.planId).toBe('tiny');
      expect(current.components.find((c: any) => c.component === 'file-storage-bytes')).toMatchObject({
        limit: MB,
        usage: 0,
      });

      await freshMinute();
      const answers = [];
      for (let i = 0; i < 60; i++) answers.push(await find(i));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(10);
      for (const a of refused) {
        expect(Number(a.retryAfter)).toBeGreaterThan(0);
        expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
        expect(a.body.message).toContain('50');
        expect(a.body.message).toContain('api-calls-per-minute');
        expect(a.body.message).toContain("'tiny'");
        expect(a.body.details).toMatchObject({ component: 'api-calls-per-minute', limit: 50, planId: 'tiny' });
      }
      // The first 50 passed, then everything was refused: no call slipped through later.
      expect(answers.slice(0, 50).every((a) => a.status === 200)).toBe(true);

      const blocked = await owner.billing.apiCallsBlocked(appId);
      expect(blocked).toMatchObject({ blocked: true, component: 'api-calls-per-minute', limit: 50, planId: 'tiny' });
      expect(blocked.usage).toBeGreaterThanOrEqual(60);
      expect(blocked.reason).toContain('50');
      expect((await owner.billing.getComponentLimit(appId, 'api-calls-per-minute')).usage).toBeGreaterThanOrEqual(60);

      // One notice per threshold (80, 90, 100 %) was kept (and mailed to the owner).
      const notices = async () =>
        (await server.app.basalt.dbs.system
          .selectFrom('billing_limit_notices' as any)
          .select(['threshold' as any])
          .where('app_id' as any, '=', appId)
          .where('component' as any, '=', 'api-calls-per-minute')
          .execute()) as Array<{ threshold: number }>;
      for (let i = 0; i < 100 && (await notices()).length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      expect((await notices()).map((n) => Number(n.threshold)).sort((a, b) => a - b)).toEqual([80, 90, 100]);
    });

    it('file storage: a second 600 KB upload is a 402 naming file storage, and nothing of it is kept', async () => {
      const first = await upload('one.bin', 600 * KB);
      expect(first.ok).toBe(true);
      const second = await upload('two.bin', 600 * KB);
      expect(second.ok).toBe(false);
      const error = (second as any).error;
      expect(error).toMatchObject({ status: 402 });
      expect(error.message).toContain('File storage');
      expect(error.message).toContain("'tiny'");
      const listing = await owner.files.loadDirectory(appId, 'docs');
      expect(listing.data.map((f: any) => f.name)).toEqual(['one.bin']);

      // The same refusal through the app API (the numeric code its SDK reads, and the details), on
      // another app so that the burst above does not fill its minute.
      const other = (await owner.apps.createApp({ appName: 'PlannedFiles' })).id;
      await owner.billing.switchToAppPlan(other, 'tiny', 'monthly');
      const key = (await owner.settings.getAppSettings(other)).apiKeysMap.REST;
      const put = (name: string) => {
        const form = multipart('file', name, Buffer.alloc(600 * KB, 1));
        return server.call('POST', `/${other}/${key}/files/docs/${name}`, {
          payload: form.payload,
          headers: form.headers,
        });
      };
      expect((await put('a.bin')).statusCode).toBe(200);
      const res = await put('b.bin');
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({
        code: 3037,
        details: { component: 'file-storage-bytes', limit: MB, usage: 600 * KB, planId: 'tiny' },
      });
      expect(res.json().message).toContain('File storage');
      const left = await owner.files.loadDirectory(other, 'docs');
      expect(left.data.map((f: any) => f.name)).toEqual(['a.bin']);
    });

    it('tables: creating one past the limit is a 402 and makes nothing', async () => {
      await owner.tables.create(appId, { name: 'Second' });
      const third = await settle(owner.tables.create(appId, { name: 'Third' }));
      expect((third as any).error).toMatchObject({ status: 402 });
      expect((third as any).error.message).toContain('tables');
      const names = (await owner.tables.get(appId)).tables.map((t: any) => t.name);
      expect(names).not.toContain('Third');
    });

    it('switching to roomy lifts both limits; switching back is refused listing what is over', async () => {
      await owner.billing.switchToAppPlan(appId, 'roomy', 'yearly');
      const call = await find(1);
      expect(call.status).toBe(200);
      expect((await owner.billing.apiCallsBlocked(appId)).blocked).toBe(false);
      expect((await upload('two.bin', 600 * KB)).ok).toBe(true);
      expect((await owner.files.loadDirectory(appId, 'docs')).data.map((f: any) => f.name).sort()).toEqual([
        'one.bin',
        'two.bin',
      ]);

      const back = await settle(owner.billing.switchToAppPlan(appId, 'tiny', 'monthly'));
      expect((back as any).error).toMatchObject({ status: 409 });
      expect((back as any).error.message).toContain('File storage');
      expect((await owner.billing.getSubscriptionStatus(appId)).planId).toBe('roomy');
      expect(await owner.billing.getAppBillingPeriodInfo(appId)).toMatchObject({ period: 'yearly', price: 250 });
      expect(await owner.billing.getAppBillingInfo(appId)).toMatchObject({
        planId: 'roomy',
        estimate: { monthly: 300, yearly: 250, yearlySaving: 50 },
      });
    });

    it('the operator (the first developer here) sees and gives private plans; others do not', async () => {
      const ours = createBasaltClient(url, ownerKey);
      const info = await ours.operator.loadOperator();
      expect(info).toMatchObject({ operator: true, operatorsFrom: 'first-developer' });
      expect(info.plans.map((p) => p.id)).toContain('staff');
      const other = await registerDeveloper(server);
      const theirs = createBasaltClient(url, other.authKey);
      expect(await theirs.operator.loadOperator()).toMatchObject({ operator: false, plans: [] });
      const subs = await ours.billing.loadSubscriptionsInfo();
      expect(subs.find((s) => s.appId === appId)?.subscriptions[0]).toMatchObject({ planId: 'roomy' });
    });

    it('payment profiles answer (none yet for a new developer) and tiers still answer 501 through our SDK', async () => {
      const ours = createBasaltClient(url, ownerKey);
      await expect(ours.billing.loadPaymentProfiles()).resolves.toEqual([]);
      await expect(ours.billing.getTiersList(appId)).rejects.toMatchObject({ status: 501 });
    });
  });
}
