import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { DevOperations } from '@basalt/shared';
import {
  describeEachDb,
  listenForClients,
  registerDeveloper,
  startTestServer,
  type TestServer,
} from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { eventually, startReceiver, type Receiver } from './receiver.test-helpers.js';
import { WebhooksRepo } from '../webhooks.repo.js';
import { KEEP_MS, sweepDeliveries } from '../retention.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

const SECRET = 'a signing secret only the receiver knows';
const hmac = (secret: string, body: string) =>
  `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;

/*
 * Webhooks end to end against a real local receiver: saved through the published reference client
 * and ours, deliveries queued off the request path, signed with HMAC-SHA256, retried with backoff
 * under one delivery id, ordered per record, logged with every attempt.
 */
describeEachDb(
  'webhooks: deliveries to a local receiver',
  (server) => {
    let f: AppFixture;
    let reference: any;
    let ours: ReturnType<typeof createBasaltClient>;
    let receiver: Receiver;

    beforeAll(async () => {
      f = await appFixture(server());
      await f.table('Order', [
        { name: 'total', dataType: 'INT' },
        { name: 'note', dataType: 'STRING' },
      ]);
      const url = await listenForClients(server());
      reference = createReferenceClient(url, f.dev.authKey);
      ours = createBasaltClient(url, f.dev.authKey);
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver?.close();
    });

    const createOrder = async (body: Record<string, unknown>) => {
      const res = await f.api('POST', '/data/Order', { body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { objectId: string };
    };

    it('lists the operations: the three data events of each table, then users, files and messaging', async () => {
      const ops = (await reference.webhooks.getWebhookOperations(f.appId)) as Array<{ event: string }>;
      const events = ops.map((o) => o.event);
      expect(events).toEqual(
        expect.arrayContaining([
          'data.Order.created',
          'data.Order.updated',
          'data.Order.deleted',
          'data.*.created',
          'users.registered',
          'users.loggedin',
          'files.uploaded',
          'files.deleted',
          'messaging.published',
        ]),
      );
    });

    it('a webhook on Order create delivers a signed POST {event, appId, timestamp, data} once the create has answered', async () => {
      const hook = await reference.webhooks.saveWebhook(f.appId, {
        name: 'orders',
        url: receiver.url,
        secret: SECRET,
        events: ['data.Order.created'],
        headers: { 'X-Team': 'shipping' },
      });
      expect(hook).toMatchObject({
        name: 'orders',
        url: receiver.url,
        secret: '********',
        events: ['data.Order.created'],
      });
      expect(hook.headers).toEqual({ 'x-team': '********' });
      // Stored sealed: neither the secret nor the header value is in the row as text.
      const row = await server()
        .app.basalt.dbs.system.selectFrom('webhooks' as any)
        .selectAll()
        .where('id', '=', hook.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(SECRET);
      expect(JSON.stringify(row)).not.toContain('shipping');

      const before = receiver.got.length;
      const order = await createOrder({ total: 120, note: 'first' });
      const [got] = (await receiver.waitFor(before + 1)).slice(before);
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['x-basalt-signature']).toBe(hmac(SECRET, got.body));
      expect(got.headers['x-team']).toBe('shipping');
      const body = JSON.parse(got.body);
      expect(body).toMatchObject({
        event: 'data.Order.created',
        appId: f.appId,
        data: { objectId: order.objectId, total: 120 },
      });
      expect(typeof body.timestamp).toBe('number');

      const log = await eventually(async () => {
        const l = await ours.webhooks.getWebhookDeliveries(f.appId, hook.id);
        return l[0]?.state === 'delivered' && l;
      });
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({
        id: got.headers['x-basalt-delivery'],
        event: 'data.Order.created',
        body: got.body,
      });
      expect(log[0].attempts).toEqual([expect.objectContaining({ attempt: 1, status: 200, error: null })]);

      // Another table's writes are not this webhook's business.
      await f.table('Invoice');
      expect((await f.api('POST', '/data/Invoice', { body: {} })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(await ours.webhooks.getWebhookDeliveries(f.appId, hook.id)).toHaveLength(1);
    });

    it('a receiver failing twice: the third attempt delivers, all three carry the same delivery id and are logged', async () => {
      const [hook] = await ours.webhooks.getWebhooks(f.appId);
      const before = receiver.got.length;
      receiver.failNext(2);
      await createOrder({ total: 5, note: 'retried' });
      const three = (await receiver.waitFor(before + 3)).slice(before);
      const ids = new Set(three.map((g) => g.headers['x-basalt-delivery']));
      expect(ids.size).toBe(1);
      for (const g of three) expect(g.headers['x-basalt-signature']).toBe(hmac(SECRET, g.body));
      // Backoff: the second retry waited longer than the first.
      expect(three[2].at - three[1].at).toBeGreaterThan(three[1].at - three[0].at);

      const delivery = await eventually(async () => {
        const d = (await ours.webhooks.getWebhookDeliveries(f.appId, hook.id)).find((x) => ids.has(x.id));
        return d?.state === 'delivered' && d;
      });
      expect(delivery.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
      expect(delivery.attempts[0].error).toContain('answered 500');
      expect(delivery.attempts.every((a) => a.durationMs >= 0)).toBe(true);
    });

    it('deliveries of one record arrive in order even when the first one is retried', async () => {
      const hook = await ours.webhooks.saveWebhook(f.appId, {
        name: 'order changes',
        url: receiver.url,
        secret: SECRET,
        events: ['data.Order.updated'],
      });
      const order = await createOrder({ total: 1 });
      // Let the create's delivery (first webhook) settle before the receiver starts failing.
      await receiver.waitFor(receiver.got.length + 1);
      const before = receiver.got.length;
      receiver.failNext(1);
      for (const total of [2, 3, 4]) {
        const res = await f.api('PUT', `/data/Order/${order.objectId}`, { body: { total } });
        expect(res.statusCode, res.body).toBe(200);
      }
      const got = (await receiver.waitFor(before + 4)).slice(before);
      const totals = got.map((g) => JSON.parse(g.body).data.total);
      // The failed first delivery (2) is retried before 3 and 4 are sent.
      expect(totals).toEqual([2, 2, 3, 4]);
      await ours.webhooks.deleteWebhook(f.appId, hook.id);
    });

    it('a filter limits the events delivered; update keeps masked values; send test answers the first attempt', async () => {
      const [hook] = (await ours.webhooks.getWebhooks(f.appId)).filter((h) => h.name === 'orders');
      const changed = await reference.webhooks.updateWebhook(f.appId, hook.id, {
        ...hook,
        filter: 'total > 100',
      });
      expect(changed).toMatchObject({ filter: 'total > 100', secret: '********', headers: { 'x-team': '********' } });
      const before = receiver.got.length;
      await createOrder({ total: 3 });
      await createOrder({ total: 300 });
      const [got] = (await receiver.waitFor(before + 1)).slice(before);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.got.length).toBe(before + 1);
      expect(JSON.parse(got.body).data.total).toBe(300);
      // The masked secret and header sent back kept the stored values.
      expect(got.headers['x-basalt-signature']).toBe(hmac(SECRET, got.body));
      expect(got.headers['x-team']).toBe('shipping');

      const test = await ours.webhooks.sendTestWebhook(f.appId, hook.id);
      expect(test).toMatchObject({ event: 'webhook.test', state: 'delivered' });
      expect(test.attempts).toEqual([expect.objectContaining({ attempt: 1, status: 200 })]);
      const last = receiver.got[receiver.got.length - 1];
      expect(last.headers['x-basalt-delivery']).toBe(test.id);
      expect(JSON.parse(last.body)).toMatchObject({ event: 'webhook.test', appId: f.appId });
    });

    it('users, files and messaging events reach a webhook that lists them', async () => {
      const hook = await ours.webhooks.saveWebhook(f.appId, {
        name: 'platform',
        url: receiver.url,
        secret: SECRET,
        events: ['users.registered', 'messaging.published'],
      });
      const before = receiver.got.length;
      const user = await f.user();
      const pub = await f.api('POST', '/messaging/default', { body: { message: 'hello' } });
      expect(pub.statusCode, pub.body).toBe(200);
      const got = (await receiver.waitFor(before + 2)).slice(before).map((g) => JSON.parse(g.body));
      const registered = got.find((b) => b.event === 'users.registered');
      expect(registered.data.objectId).toBe(user.objectId);
      expect(got.find((b) => b.event === 'messaging.published').data).toMatchObject({ channel: 'default' });
      await ours.webhooks.deleteWebhook(f.appId, hook.id);
      expect((await ours.webhooks.getWebhooks(f.appId)).map((h) => h.name)).not.toContain('platform');
    });

    it('bad input is a 4xx naming the problem', async () => {
      const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, body?: unknown) =>
        f.console(method, `/webhook${path}`, body);
      const good = { name: 'x', url: receiver.url, secret: 's', events: ['data.Order.created'] };
      const bad = async (res: Awaited<ReturnType<typeof call>>, status: number, text: string) => {
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().message).toContain(text);
      };
      await bad(await call('POST', '', { ...good, name: '' }), 400, 'name');
      await bad(await call('POST', '', { ...good, url: 'ftp://example.com/x' }), 400, 'http');
      await bad(await call('POST', '', { ...good, url: 'not a url' }), 400, 'url');
      await bad(await call('POST', '', { ...good, url: 'http://user:pw@example.com/' }), 400, 'user name');
      await bad(await call('POST', '', { ...good, secret: '' }), 400, 'secret');
      await bad(await call('POST', '', { ...good, events: [] }), 400, 'events');
      await bad(await call('POST', '', { ...good, events: ['data.Order.exploded'] }), 400, 'data.Order.exploded');
      await bad(await call('POST', '', { ...good, filter: 'total >>> 3' }), 400, 'filter');
      await bad(await call('POST', '', { ...good, headers: { 'X-Basalt-Signature': 'forged' } }), 400, 'X-Basalt');
      await bad(await call('POST', '', { ...good, headers: { 'bad name': 'v' } }), 400, 'bad name');
      await bad(await call('POST', '', { ...good, name: 'orders' }), 409, 'orders');
      await bad(await call('PUT', '/no-such-hook', good), 404, 'no-such-hook');
      await bad(await call('DELETE', '/no-such-hook'), 404, 'no-such-hook');
      await bad(await call('GET', '/no-such-hook/deliveries'), 404, 'no-such-hook');
      await bad(await call('POST', '/no-such-hook/test'), 404, 'no-such-hook');
      // Wrong types are refused at the edge (a lone event name is read as a list of one, as for every route).
      expect((await call('POST', '', { ...good, events: { a: 1 } })).statusCode).toBe(400);
      expect((await call('POST', '', { ...good, headers: ['x'] })).statusCode).toBe(400);
    });

    it('a teammate without the Business Logic permission may read webhooks but not change them', async () => {
      const mate = await registerDeveloper(server());
      await f.console('POST', '/devteam', { email: mate.email });
      const set = await f.console('PUT', `/devteam/${mate.id}/permissions`, [
        { operation: DevOperations.BUSINESS_LOGIC, access: 'DENY' },
      ]);
      expect(set.statusCode, set.body).toBe(200);
      const as = (method: 'GET' | 'POST', path: string, body?: unknown) =>
        server().call(method, `/${f.appId}/console/webhook${path}`, { authKey: mate.authKey, body });
      expect((await as('GET', '')).statusCode).toBe(200);
      const refused = await as('POST', '', {
        name: 'mate',
        url: receiver.url,
        secret: 's',
        events: ['users.registered'],
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().details?.operation).toBe(DevOperations.BUSINESS_LOGIC);
      const [hook] = await ours.webhooks.getWebhooks(f.appId);
      expect((await as('POST', `/${hook.id}/test`)).statusCode).toBe(403);
    });

    it('the sweep removes settled deliveries a week old with their attempts, and keeps the rest', async () => {
      const repo = new WebhooksRepo(server().app.basalt.dbs);
      const [hook] = (await ours.webhooks.getWebhooks(f.appId)).filter((h) => h.name === 'orders');
      const count = (await ours.webhooks.getWebhookDeliveries(f.appId, hook.id, { limit: 200 })).length;
      expect(count).toBeGreaterThan(2);
      expect(await sweepDeliveries(repo)).toBe(0);
      expect(await ours.webhooks.getWebhookDeliveries(f.appId, hook.id, { limit: 200 })).toHaveLength(count);
      expect(await sweepDeliveries(repo, Date.now() + KEEP_MS + 1_000)).toBeGreaterThanOrEqual(count);
      expect(await ours.webhooks.getWebhookDeliveries(f.appId, hook.id)).toEqual([]);
    });
  },
  { remoteFetchPrivate: true, webhookRetryMs: 150, webhookTimeoutMs: 3_000 },
);

describeEachDb('webhooks: private receivers need the operator', (server: () => TestServer) => {
  it('refuses a loopback or private URL unless the server allows private addresses', async () => {
    const f = await appFixture(server());
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost:9/hook',
      'http://10.1.2.3/hook',
      'http://[::1]/x',
    ]) {
      const res = await f.console('POST', '/webhook', {
        name: 'local',
        url,
        secret: 's',
        events: ['users.registered'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain('private address');
    }
    // The same server with private addresses allowed accepts it.
    const open = await startTestServer(server().kind, { remoteFetchPrivate: true });
    try {
      const g = await appFixture(open);
      const res = await g.console('POST', '/webhook', {
        name: 'local',
        url: 'http://127.0.0.1:9/hook',
        secret: 's',
        events: ['users.registered'],
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await open.close();
    }
  });
});
