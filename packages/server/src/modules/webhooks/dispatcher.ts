import crypto from 'node:crypto';
import type { ServerContext } from '../../context.js';
import { compileWhere, parseFilter } from '../../realtime/where-filter.js';
import type { Deliverer } from './deliverer.js';
import { dataEventTable, type DataAction } from './events.js';
import type { DeliveryRow, WebhookRow, WebhooksRepo } from './webhooks.repo.js';

/** A webhook as the event listener holds it: what it hears and its filter, compiled. */
interface Listening {
  id: string;
  /** Plain events (`users.registered`) and data events by lower-case table (`*`: every table). */
  plain: Set<string>;
  data: Map<string, Set<DataAction>>;
  filter: ((data: Record<string, unknown>) => boolean) | null;
}

/** One event that a webhook must hear, waiting for the next flush. */
interface Heard {
  appId: string;
  webhookId: string;
  event: string;
  orderKey: string;
  data: unknown;
  at: number;
}

/** Events kept in memory at most; past it the oldest queued are written at once. */
const MAX_BUFFER = 5_000;
/**
 * How long heard events gather before one write: under a stream of writes, many events share one
 * insert instead of one transaction of the system database each (decision 0085).
 */
const FLUSH_MS = 20;

function compiled(filter: string | null): Listening['filter'] {
  if (!filter) return null;
  try {
    const test = compileWhere(parseFilter(filter));
    return (data) => {
      try {
        return test(data);
      } catch {
        return false;
      }
    };
  } catch {
    // Checked on save; a filter that no longer parses hears nothing rather than everything.
    return () => false;
  }
}

export function listeningOf(row: WebhookRow): Listening {
  const plain = new Set<string>();
  const data = new Map<string, Set<DataAction>>();
  for (const event of JSON.parse(row.events) as string[]) {
    const d = dataEventTable(event);
    if (!d) plain.add(event);
    else {
      let set = data.get(d.table);
      if (!set) data.set(d.table, (set = new Set()));
      set.add(d.action);
    }
  }
  return { id: row.id, plain, data, filter: compiled(row.filter) };
}

/**
 * Hears the platform's events (the bus) and queues one delivery per webhook that listens, off the
 * request path: the listener does a map look-up and pushes to a buffer; every 20 ms the buffer is
 * written as delivery rows in one transaction of the system database, which also makes sure each
 * webhook heard has its dispatch job pending (decision 0085); that loop sends them (at least once,
 * retried with backoff, ordered per record by `order_key`, behind a circuit breaker). An app
 * without webhooks pays one map look-up per event.
 */
export class Dispatcher {
  private index = new Map<string, Listening[]>();
  private buffer: Heard[] = [];
  /** Flushes run one after another, so deliveries are written in the order heard. */
  private chain: Promise<void> = Promise.resolve();
  private scheduled = false;
  private seqTail = 0;
  private wokeAt = 0;
  private readonly offs: Array<() => void> = [];

  constructor(
    private readonly ctx: ServerContext,
    private readonly repo: WebhooksRepo,
    private readonly deliverer: Deliverer,
  ) {}

  /** Loads the index of every app and starts listening. */
  async start(): Promise<void> {
    await this.reload(null);
    const bus = this.ctx.bus;
    const record = (action: DataAction) => (e: { appId: string; table: string; record: Record<string, unknown> }) =>
      this.data(e.appId, e.table, action, e.record);
    this.offs.push(
      bus.on('record.created', record('created')),
      bus.on('record.updated', record('updated')),
      bus.on('record.deleted', record('deleted')),
      bus.on('user.registered', (e) =>
        this.plain(e.appId, 'users.registered', `user:${e.userId}`, { objectId: e.userId }),
      ),
      bus.on('user.session', (e) => this.plain(e.appId, 'users.loggedin', `user:${e.userId}`, { objectId: e.userId })),
      bus.on('file.uploaded', (e) =>
        this.plain(e.appId, 'files.uploaded', `file:${e.path}`, { path: e.path, size: e.size }),
      ),
      bus.on('file.changed', (e) => {
        if (e.action === 'delete') this.plain(e.appId, 'files.deleted', `file:${e.path}`, { path: e.path });
      }),
      bus.on('message.published', (e) =>
        this.plain(e.appId, 'messaging.published', `channel:${e.channel}`, {
          channel: e.channel,
          message: e.message,
        }),
      ),
    );
  }

  /** Stops listening and writes what is still buffered. */
  async stop(): Promise<void> {
    for (const off of this.offs.splice(0)) off();
    await this.flush();
  }

  /** Re-reads the webhooks of an app (null: of every app) after a change on any node. */
  async reload(appId: string | null): Promise<void> {
    if (appId === null) {
      const next = new Map<string, Listening[]>();
      for (const row of await this.repo.all()) {
        if (!Number(row.enabled)) continue;
        const list = next.get(row.app_id) ?? [];
        list.push(listeningOf(row));
        next.set(row.app_id, list);
      }
      this.index = next;
      return;
    }
    const rows = (await this.repo.list(appId)).filter((r) => Number(r.enabled));
    if (rows.length) this.index.set(appId, rows.map(listeningOf));
    else this.index.delete(appId);
  }

  private data(appId: string, table: string, action: DataAction, record: Record<string, unknown>): void {
    const hooks = this.index.get(appId);
    if (!hooks) return;
    const key = table.toLowerCase();
    const event = `data.${table}.${action}`;
    for (const h of hooks) {
      if (!(h.data.get(key)?.has(action) || h.data.get('*')?.has(action))) continue;
      if (h.filter && !h.filter(record)) continue;
      this.hear({ appId, webhookId: h.id, event, orderKey: `${table}:${String(record.objectId)}`, data: record });
    }
  }

  private plain(appId: string, event: string, orderKey: string, data: Record<string, unknown>): void {
    const hooks = this.index.get(appId);
    if (!hooks) return;
    for (const h of hooks) {
      if (!h.plain.has(event)) continue;
      if (h.filter && !h.filter(data)) continue;
      this.hear({ appId, webhookId: h.id, event, orderKey, data });
    }
  }

  private hear(e: Omit<Heard, 'at'>): void {
    this.buffer.push({ ...e, at: Date.now() });
    if (this.buffer.length >= MAX_BUFFER) void this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setTimeout(() => {
        this.scheduled = false;
        void this.flush();
      }, FLUSH_MS).unref();
    }
  }

  /** A number that grows with every delivery this process queues: the order within a lane. */
  private nextSeq(at: number): number {
    const seq = Math.max(at * 1000, this.seqTail + 1);
    this.seqTail = seq;
    return seq;
  }

  /** Writes the buffered events as deliveries and jobs; one flush at a time, in the order heard. */
  flush(): Promise<void> {
    const run = async (): Promise<void> => {
      const taken = this.buffer.splice(0);
      if (!taken.length) return;
      const rows: DeliveryRow[] = [];
      for (const e of taken) {
        const id = crypto.randomUUID();
        rows.push({
          id,
          app_id: e.appId,
          webhook_id: e.webhookId,
          event: e.event,
          order_key: e.orderKey.slice(0, 400),
          seq: this.nextSeq(e.at),
          body: JSON.stringify({ event: e.event, appId: e.appId, timestamp: e.at, data: e.data }),
          state: 'pending',
          attempts: 0,
          next_at: e.at,
          created: e.at,
          updated: e.at,
        });
      }
      // One dispatch job per webhook heard (left alone when already pending), not one per delivery.
      const hooks = new Map<string, string>();
      for (const r of rows) hooks.set(r.webhook_id, r.app_id);
      const jobs = [...hooks].map(([webhookId, appId]) => this.deliverer.jobOf(appId, webhookId, taken[0].at));
      try {
        await this.repo.enqueue(rows, jobs);
      } catch {
        // A webhook deleted meanwhile fails its rows' key: the others are written webhook by webhook.
        for (const [id, appId] of hooks) {
          await this.repo
            .enqueue(
              rows.filter((r) => r.webhook_id === id),
              [this.deliverer.jobOf(appId, id, taken[0].at)],
            )
            .catch((err: unknown) => this.ctx.log.warn({ err, webhook: id }, 'queuing webhook deliveries failed'));
        }
      }
      // At most one early poll per second: under a stream of writes the scheduler's own interval
      // picks deliveries up, instead of a claim per flush competing with the writes themselves.
      if (Date.now() - this.wokeAt >= 1_000) {
        this.wokeAt = Date.now();
        this.ctx.jobs.wake();
      }
    };
    this.chain = this.chain.then(run);
    return this.chain;
  }
}
