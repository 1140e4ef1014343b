import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { JobScheduler } from '../../../jobs/index.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { Deliverer, DISPATCH_JOB } from '../deliverer.js';
import { dispatchJobIdOf, WebhooksRepo } from '../webhooks.repo.js';
import { rearm } from '../retention.js';
import { eventually, startReceiver, type Receiver } from './receiver.test-helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/*
 * One dispatch loop per webhook (decision 0085): a circuit breaker that stops trying a failing
 * receiver for a cool-down and loses nothing, and a loop leased to one process at a time however
 * many processes poll, against real local receivers on both databases.
 */
describeEachDb(
  'webhooks: dispatch loops and the circuit breaker',
  (server) => {
    let f: AppFixture;
    let ours: ReturnType<typeof createBasaltClient>;
    let receiver: Receiver;

    beforeAll(async () => {
      f = await appFixture(server());
      await f.table('Order', [{ name: 'total', dataType: 'INT' }]);
      ours = createBasaltClient(await listenForClients(server()), f.dev.authKey);
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver?.close();
    });

    const createOrder = async (total: number) => {
      const res = await f.api('POST', '/data/Order', { body: { total } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { objectId: string }).objectId;
    };

    it('opens the breaker after failures in a row, queues later deliveries untried, then a probe closes it and every one arrives', async () => {
      const hook = await ours.webhooks.saveWebhook(f.appId, {
        name: 'breaker',
        url: receiver.url,
        secret: 's',
        events: ['data.Order.created'],
      });
      receiver.failNext(1_000_000);
      const before = receiver.got.length;
      // Three failed attempts in a row (one record, retried every 100 ms) open the breaker.
      const first = await createOrder(1);
      await eventually(async () => {
        const [h] = (await ours.webhooks.getWebhooks(f.appId)).filter((x) => x.id === hook.id);
        return h.circuit?.state === 'open' && h;
      });
      const tried = receiver.got.length - before;
      expect(tried).toBe(3);

      // While it is open, new deliveries are kept untried and the log says why.
      const later = [await createOrder(2), await createOrder(3)];
      await sleep(400);
      expect(receiver.got.length - before).toBe(tried);
      const log = await ours.webhooks.getWebhookDeliveries(f.appId, hook.id);
      expect(log).toHaveLength(3);
      for (const d of log) expect(d).toMatchObject({ state: 'pending', held: 'circuit-open' });
      expect(log.filter((d) => d.attempts.length === 0)).toHaveLength(2);

      // The receiver recovers: after the cool-down one probe goes, then everything queued.
      receiver.failNext(0);
      const all = await eventually(async () => {
        const l = await ours.webhooks.getWebhookDeliveries(f.appId, hook.id);
        return l.every((d) => d.state === 'delivered') && l;
      });
      expect(all).toHaveLength(3);
      const sent = receiver.got.slice(before).map((g) => JSON.parse(g.body).data.objectId as string);
      expect(new Set(sent)).toEqual(new Set([first, ...later]));
      // Untried while open: the queued ones arrived at their first attempt.
      for (const d of all.filter((x) => x.attempts.length === 1)) expect(d.attempts[0].status).toBe(200);
      const [closed] = (await ours.webhooks.getWebhooks(f.appId)).filter((x) => x.id === hook.id);
      expect(closed.circuit).toEqual({ state: 'closed', failures: 0, until: null });
      await ours.webhooks.deleteWebhook(f.appId, hook.id);
    });

    it('one loop per webhook however many processes poll: each delivery is sent once, in order per record', async () => {
      // A slow receiver: a second loop of the same webhook would send deliveries again meanwhile.
      const got: Array<{ id: string; total: number; objectId: string }> = [];
      const slow = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          got.push({
            id: String(req.headers['x-basalt-delivery']),
            total: body.data.total,
            objectId: body.data.objectId,
          });
          setTimeout(() => res.writeHead(200).end('ok'), 30);
        });
      });
      await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
      try {
        const hook = await ours.webhooks.saveWebhook(f.appId, {
          name: 'leased once',
          secret: 's',
          url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`,
          events: ['data.Order.created', 'data.Order.updated'],
        });
        // Two more processes on the same job table, each with its own loop code.
        const ctx = server().app.basalt;
        const others = [0, 1].map(() => {
          const s = new JobScheduler(ctx.dbs, ctx.log, 60_000);
          const d = new Deliverer(ctx, new WebhooksRepo(ctx.dbs));
          s.register<{ webhookId: string }>(DISPATCH_JOB, {
            delivery: 'at-least-once',
            leaseMs: 30_000,
            run: (job) => d.dispatch(job.payload.webhookId),
          });
          return s;
        });
        let polling = true;
        const pollers = others.map(async (s) => {
          while (polling) {
            await s.poll();
            await sleep(5);
          }
        });
        const ids: string[] = [];
        for (let i = 0; i < 8; i++) ids.push(await createOrder(i));
        for (const id of ids)
          for (const total of [100, 200]) {
            const res = await f.api('PUT', `/data/Order/${id}`, { body: { total } });
            expect(res.statusCode, res.body).toBe(200);
          }
        await eventually(async () => got.length >= 24, 20_000);
        await sleep(300);
        polling = false;
        await Promise.all(pollers);
        await Promise.all(others.map((s) => s.stop(5_000)));
        expect(got).toHaveLength(24);
        expect(new Set(got.map((g) => g.id)).size).toBe(24);
        for (const id of ids)
          expect(got.filter((g) => g.objectId === id).map((g) => g.total)).toEqual([expect.any(Number), 100, 200]);
        // Nothing left: the loop's job ended, and the re-arming sweep finds no stranded webhook.
        const job = await ctx.jobs.repo.byId(dispatchJobIdOf(hook.id));
        expect(job?.state).toBe('done');
        expect(await rearm(new WebhooksRepo(ctx.dbs), new Deliverer(ctx, new WebhooksRepo(ctx.dbs)))).toBe(0);
        await ours.webhooks.deleteWebhook(f.appId, hook.id);
        expect(await ctx.jobs.repo.byId(dispatchJobIdOf(hook.id))).toBeUndefined();
      } finally {
        await new Promise<void>((r) => slow.close(() => r()));
      }
    });

    it('a webhook with pending deliveries and no pending loop is found and started again by the sweep', async () => {
      const hook = await ours.webhooks.saveWebhook(f.appId, {
        name: 'stranded',
        secret: 's',
        url: receiver.url,
        events: ['data.Order.deleted'],
        enabled: true,
      });
      const ctx = server().app.basalt;
      const repo = new WebhooksRepo(ctx.dbs);
      const before = receiver.got.length;
      // A loop that ended as a write came: the delivery is pending, its webhook's job is done.
      const id = await createOrder(7);
      await f.api('DELETE', `/data/Order/${id}`);
      await receiver.waitFor(before + 1);
      await eventually(async () => (await ctx.jobs.repo.byId(dispatchJobIdOf(hook.id)))?.state === 'done');
      const now = Date.now();
      await repo.db
        .insertInto('webhook_deliveries')
        .values({
          id: crypto.randomUUID(),
          app_id: f.appId,
          webhook_id: hook.id,
          event: 'data.Order.deleted',
          order_key: `Order:${id}`,
          seq: now * 1000 + 999,
          body: JSON.stringify({ event: 'data.Order.deleted', appId: f.appId, timestamp: now, data: { objectId: id } }),
          state: 'pending',
          attempts: 0,
          next_at: now,
          created: now,
          updated: now,
        })
        .execute();
      await sleep(100);
      expect(receiver.got.length).toBe(before + 1);
      expect(await rearm(repo, new Deliverer(ctx, repo))).toBe(1);
      ctx.jobs.wake();
      await receiver.waitFor(before + 2);
      await ours.webhooks.deleteWebhook(f.appId, hook.id);
    });
  },
  {
    remoteFetchPrivate: true,
    webhookRetryMs: 100,
    webhookTimeoutMs: 3_000,
    webhookBreakerFailures: 3,
    webhookBreakerMs: 3_000,
  },
);
