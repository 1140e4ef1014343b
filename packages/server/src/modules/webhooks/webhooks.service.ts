import crypto from 'node:crypto';
import {
  WEBHOOK_MASK,
  type Webhook,
  type WebhookDelivery,
  type WebhookInput,
  type WebhookOperation,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { SecretBox } from '../../http/secret-box.js';
import { breakerOf, type Deliverer } from './deliverer.js';
import type { Dispatcher } from './dispatcher.js';
import { operationsOf, TEST_EVENT } from './events.js';
import {
  dispatchJobIdOf,
  type AttemptRow,
  type DeliveryRow,
  type WebhookRow,
  type WebhooksRepo,
} from './webhooks.repo.js';
import { checkEvents, checkFilter, checkHeaders, checkName, checkSecret, checkUrl } from './validate.js';

/** Webhooks one app may have. */
export const MAX_WEBHOOKS = 50;

function deliveryOf(d: DeliveryRow, attempts: AttemptRow[], heldUntil: number | null = null): WebhookDelivery {
  const pending = d.state === 'pending' && d.next_at !== null;
  return {
    id: d.id,
    webhookId: d.webhook_id,
    event: d.event,
    state: d.state,
    created: Number(d.created),
    nextAt: pending ? Math.max(Number(d.next_at), heldUntil ?? 0) : null,
    // Queued untried while the webhook's circuit breaker is open.
    ...(d.state === 'pending' && heldUntil !== null ? { held: 'circuit-open' as const } : {}),
    body: d.body,
    attempts: attempts.map((a) => ({
      attempt: Number(a.attempt),
      at: Number(a.at),
      status: a.status === null ? null : Number(a.status),
      durationMs: Number(a.duration_ms),
      error: a.error,
    })),
  };
}

/** The console's webhooks: checked input, secrets sealed at rest and masked in answers. */
export class WebhooksService {
  private readonly box: SecretBox;

  constructor(
    private readonly ctx: ServerContext,
    private readonly repo: WebhooksRepo,
    private readonly dispatcher: Dispatcher,
    private readonly deliverer: Deliverer,
  ) {
    this.box = new SecretBox(ctx.config.dataDir);
  }

  private headersOf(row: WebhookRow): Record<string, string> {
    return JSON.parse(this.box.open(row.headers)) as Record<string, string>;
  }

  private wire(row: WebhookRow): Webhook {
    return {
      id: row.id,
      name: row.name,
      url: row.url,
      secret: row.secret ? WEBHOOK_MASK : '',
      events: JSON.parse(row.events) as string[],
      headers: Object.fromEntries(Object.keys(this.headersOf(row)).map((k) => [k, WEBHOOK_MASK])),
      filter: row.filter,
      enabled: Number(row.enabled) === 1,
      circuit: breakerOf(row),
      created: Number(row.created),
      updated: Number(row.updated),
    };
  }

  private async found(appId: string, id: string): Promise<WebhookRow> {
    const row = await this.repo.get(appId, id);
    if (!row) throw ApiError.notFound(`No webhook '${id.slice(0, 100)}' in this app`);
    return row;
  }

  /** After a change: this node's index at once (the next write hears it), the other nodes through the bus. */
  private async changed(appId: string): Promise<void> {
    await this.dispatcher.reload(appId);
    await this.ctx.cluster.invalidation.changed('webhooks', appId);
  }

  async list(appId: string): Promise<Webhook[]> {
    return (await this.repo.list(appId)).map((r) => this.wire(r));
  }

  async operations(appId: string): Promise<WebhookOperation[]> {
    const { tables } = await this.ctx.data.tables.list(appId);
    return operationsOf(tables.map((t) => t.name));
  }

  async create(appId: string, body: WebhookInput): Promise<Webhook> {
    const name = checkName(body.name);
    const url = await checkUrl(body.url, this.ctx.config.remoteFetchPrivate);
    const secret = checkSecret(body.secret, undefined)!;
    const events = checkEvents(body.events);
    const headers = checkHeaders(body.headers, {});
    const filter = checkFilter(body.filter);
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
      throw ApiError.field('VALIDATION', 'enabled', "'enabled' is true or false");
    if ((await this.repo.count(appId)) >= MAX_WEBHOOKS)
      throw ApiError.badRequest(`An app has at most ${MAX_WEBHOOKS} webhooks; delete one first`);
    if (await this.repo.byName(appId, name)) throw ApiError.conflict(`A webhook named '${name}' exists already`);
    const now = Date.now();
    const row: WebhookRow = {
      id: crypto.randomUUID(),
      app_id: appId,
      name,
      url,
      secret: this.box.seal(secret),
      events: JSON.stringify(events),
      headers: this.box.seal(JSON.stringify(headers)),
      filter,
      enabled: body.enabled === false ? 0 : 1,
      created: now,
      updated: now,
    };
    await this.repo.insert(row);
    await this.changed(appId);
    return this.wire(row);
  }

  async update(appId: string, id: string, body: WebhookInput): Promise<Webhook> {
    const row = await this.found(appId, id);
    const change: Partial<WebhookRow> = { updated: Date.now() };
    if (body.name !== undefined) {
      change.name = checkName(body.name);
      const other = await this.repo.byName(appId, change.name);
      if (other && other.id !== id) throw ApiError.conflict(`A webhook named '${change.name}' exists already`);
    }
    if (body.url !== undefined) change.url = await checkUrl(body.url, this.ctx.config.remoteFetchPrivate);
    const secret = checkSecret(body.secret, row.secret);
    if (secret !== undefined) change.secret = this.box.seal(secret);
    if (body.events !== undefined) change.events = JSON.stringify(checkEvents(body.events));
    if (body.headers !== undefined)
      change.headers = this.box.seal(JSON.stringify(checkHeaders(body.headers, this.headersOf(row))));
    if (body.filter !== undefined) change.filter = checkFilter(body.filter);
    if (body.enabled !== undefined) {
      if (typeof body.enabled !== 'boolean')
        throw ApiError.field('VALIDATION', 'enabled', "'enabled' is true or false");
      change.enabled = body.enabled ? 1 : 0;
    }
    // A new address or a webhook switched back on deserves a try now: the breaker closes.
    if (change.url !== undefined || change.enabled === 1) {
      change.breaker_failures = 0;
      change.breaker_until = null;
    }
    await this.repo.update(appId, id, change);
    if (change.breaker_until === null) await this.repo.hurry(dispatchJobIdOf(id), Date.now());
    await this.changed(appId);
    return this.wire({ ...row, ...change });
  }

  async remove(appId: string, id: string): Promise<{ success: boolean }> {
    await this.found(appId, id);
    await this.repo.remove(appId, id);
    await this.changed(appId);
    return { success: true };
  }

  async deliveries(appId: string, id: string, limit = 50, before?: number): Promise<WebhookDelivery[]> {
    const hook = await this.found(appId, id);
    const breaker = breakerOf(hook);
    const heldUntil = breaker.state === 'open' ? breaker.until : null;
    const { deliveries, attempts } = await this.repo.log(id, limit, before);
    return deliveries.map((d) =>
      deliveryOf(
        d,
        attempts.filter((a) => a.delivery_id === d.id),
        heldUntil,
      ),
    );
  }

  /**
   * "Send test": a `webhook.test` delivery made now, its first attempt inside this request so the
   * console shows the receiver's answer; a failed one is retried like any delivery.
   */
  async sendTest(appId: string, id: string): Promise<WebhookDelivery> {
    const hook = await this.found(appId, id);
    const now = Date.now();
    const deliveryId = crypto.randomUUID();
    const body = JSON.stringify({
      event: TEST_EVENT,
      appId,
      timestamp: now,
      data: { webhookId: hook.id, name: hook.name, message: 'A test delivery sent from the console' },
    });
    const d: DeliveryRow = {
      id: deliveryId,
      app_id: appId,
      webhook_id: hook.id,
      event: TEST_EVENT,
      order_key: `test:${deliveryId}`,
      seq: now * 1000,
      body,
      state: 'pending',
      attempts: 0,
      // Not due while this request makes its first attempt: the webhook's loop must not send it too.
      next_at: now + this.ctx.config.webhookTimeoutMs + 60_000,
      created: now,
      updated: now,
    };
    await this.repo.enqueue([d], []);
    const next = await this.deliverer.attempt(hook, d);
    if (next !== null) await this.deliverer.retryLater(d, next);
    const attempts = await this.repo.attemptsOf(deliveryId);
    return deliveryOf((await this.repo.delivery(deliveryId)) ?? d, attempts);
  }
}
