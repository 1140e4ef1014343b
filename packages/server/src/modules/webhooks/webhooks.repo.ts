import { sql, type Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import type { JobRow } from '../../jobs/index.js';

export interface WebhookRow {
  id: string;
  app_id: string;
  name: string;
  url: string;
  /** Sealed secret ('' when none). */
  secret: string;
  /** JSON array of event names. */
  events: string;
  /** Sealed JSON object of extra headers. */
  headers: string;
  filter: string | null;
  enabled: number;
  created: number;
  updated: number;
  /** Failed attempts in a row (the circuit breaker's count; 0 after any delivered one). */
  breaker_failures?: number;
  /** While the breaker is open: until when deliveries wait untried (null: closed). */
  breaker_until?: number | null;
}

export interface DeliveryRow {
  id: string;
  app_id: string;
  webhook_id: string;
  event: string;
  order_key: string;
  seq: number;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_at: number | null;
  created: number;
  updated: number;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  at: number;
  status: number | null;
  duration_ms: number;
  error: string | null;
}

interface Tables {
  webhooks: WebhookRow;
  webhook_deliveries: DeliveryRow;
  webhook_attempts: AttemptRow;
  jobs: JobRow;
}

/** Rows written per statement when deliveries are queued in bulk. */
const PAGE = 200;

/** Webhooks, deliveries and attempts of the system database. */
export class WebhooksRepo {
  readonly db: Kysely<Tables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<Tables>;
  }

  list(appId: string): Promise<WebhookRow[]> {
    return this.db.selectFrom('webhooks').selectAll().where('app_id', '=', appId).orderBy('name').execute();
  }

  /** Every webhook of every app, for the event index. */
  all(): Promise<WebhookRow[]> {
    return this.db.selectFrom('webhooks').selectAll().execute();
  }

  async get(appId: string, id: string): Promise<WebhookRow | undefined> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async byName(appId: string, name: string): Promise<WebhookRow | undefined> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('app_id', '=', appId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async count(appId: string): Promise<number> {
    const r = await this.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async insert(row: WebhookRow): Promise<void> {
    await this.db.insertInto('webhooks').values(row).execute();
  }

  async update(appId: string, id: string, change: Partial<WebhookRow>): Promise<void> {
    await this.db.updateTable('webhooks').set(change).where('app_id', '=', appId).where('id', '=', id).execute();
  }

  /** Removes a webhook with its deliveries and their attempts (and the jobs still waiting to deliver). */
  async remove(appId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', id).execute()).map(
        (r) => r.id,
      );
      for (let i = 0; i < ids.length; i += PAGE) {
        const page = ids.slice(i, i + PAGE);
        await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', page).execute();
        await trx.deleteFrom('jobs').where('id', 'in', page.map(jobIdOf)).execute();
      }
      await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
      await trx.deleteFrom('jobs').where('id', '=', dispatchJobIdOf(id)).execute();
      const r = await trx.deleteFrom('webhooks').where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  /**
   * Queues deliveries and makes sure the dispatch job of each of their webhooks is pending, in one
   * transaction: a pending delivery always has a loop that will send it (decision 0085). A job
   * already pending is left as it is (running, or waiting out a backoff or an open breaker).
   */
  async enqueue(rows: DeliveryRow[], jobs: JobRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Pages of a few fixed sizes: the same statement texts come back, so SQLite's prepared
      // statements are reused instead of one new statement per batch size.
      for (let i = 0; i < rows.length;) {
        const left = rows.length - i;
        const n = left >= 64 ? 64 : left >= 16 ? 16 : left >= 4 ? 4 : 1;
        await trx
          .insertInto('webhook_deliveries')
          .values(rows.slice(i, i + n))
          .execute();
        i += n;
      }
      for (const job of jobs) await armIn(trx, job);
    });
  }

  /** Makes a dispatch job pending at its `run_at` unless it is pending already. */
  async arm(job: JobRow): Promise<void> {
    await armIn(this.db, job);
  }

  /**
   * Brings a pending dispatch job that nobody holds forward to `at` (a webhook changed: its
   * receiver deserves a try now rather than after an old cool-down).
   */
  async hurry(jobId: string, at: number): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ run_at: at })
      .where('id', '=', jobId)
      .where('state', '=', 'pending')
      .where('run_at', '>', at)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .execute();
  }

  /** A webhook by id alone (the dispatch loop knows no app). */
  byId(id: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The deliveries of a webhook that may be attempted now: pending, due, and first of their lane
   * (no earlier pending delivery of the same record), oldest first.
   */
  due(webhookId: string, now: number, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .selectAll('d')
      .where('d.webhook_id', '=', webhookId)
      .where('d.state', '=', 'pending')
      .where('d.next_at', '<=', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as e')
              .select('e.id')
              .whereRef('e.webhook_id', '=', 'd.webhook_id')
              .whereRef('e.order_key', '=', 'd.order_key')
              .where('e.state', '=', 'pending')
              .whereRef('e.seq', '<', 'd.seq'),
          ),
        ),
      )
      .orderBy('d.seq')
      .limit(limit)
      .execute();
  }

  /** When the next attempt of a webhook's pending deliveries is due (null: none pending). */
  async nextDue(webhookId: string): Promise<number | null> {
    const r = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.min<number>('next_at').as('at'))
      .where('webhook_id', '=', webhookId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return r?.at === null || r?.at === undefined ? null : Number(r.at);
  }

  /** Pending deliveries of a webhook (how many wait, for the console). */
  async pendingCount(webhookId: string): Promise<number> {
    const r = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('webhook_id', '=', webhookId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Webhooks with pending deliveries but no pending dispatch job (a loop that ended as work arrived). */
  async orphaned(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('webhooks as w')
      .select('w.id')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.webhook_id', '=', 'w.id')
            .where('d.state', '=', 'pending'),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('jobs as j')
              .select('j.id')
              .where('j.id', '=', sql<string>`${DISPATCH_PREFIX} || w.id`)
              .where('j.state', '=', 'pending'),
          ),
        ),
      )
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The circuit breaker's new state. */
  async setBreaker(id: string, failures: number, until: number | null): Promise<void> {
    await this.db
      .updateTable('webhooks')
      .set({ breaker_failures: failures, breaker_until: until })
      .where('id', '=', id)
      .execute();
  }

  /** Records the attempts of one dispatch round and the deliveries' new states in one transaction. */
  async attemptsRecorded(
    done: Array<{ attempt: AttemptRow; change: Pick<DeliveryRow, 'state' | 'attempts' | 'next_at'> }>,
  ): Promise<void> {
    if (!done.length) return;
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values(done.map((d) => d.attempt))
        .execute();
      for (const { attempt, change } of done)
        await trx
          .updateTable('webhook_deliveries')
          .set({ ...change, updated: now })
          .where('id', '=', attempt.delivery_id)
          .execute();
    });
  }

  async delivery(id: string): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  attemptsOf(deliveryId: string): Promise<AttemptRow[]> {
    return this.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', '=', deliveryId)
      .orderBy('attempt')
      .execute();
  }

  /** A webhook's newest deliveries (before `before`), with their attempts. */
  async log(
    webhookId: string,
    limit: number,
    before?: number,
  ): Promise<{ deliveries: DeliveryRow[]; attempts: AttemptRow[] }> {
    let q = this.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId);
    if (before !== undefined) q = q.where('created', '<', before);
    const deliveries = await q.orderBy('created', 'desc').orderBy('seq', 'desc').limit(limit).execute();
    const attempts = deliveries.length
      ? await this.db
          .selectFrom('webhook_attempts')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('attempt')
          .execute()
      : [];
    return { deliveries, attempts };
  }
}

/**
 * Removes up to `limit` deliveries settled (delivered or failed) before `before`, with their
 * attempts and their finished jobs; answers how many. Pending ones stay whatever their age.
 */
export async function removeSettled(
  repo: WebhooksRepo,
  before: number,
  limit: number,
  jobKind: string,
): Promise<number> {
  const ids = (
    await repo.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('state', '!=', 'pending')
      .where('updated', '<', before)
      .limit(limit)
      .execute()
  ).map((r) => r.id);
  if (!ids.length) return 0;
  await repo.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
    await trx
      .deleteFrom('jobs')
      .where('id', 'in', ids.map(jobIdOf))
      .where('kind', '=', jobKind)
      .where('state', '!=', 'pending')
      .execute();
    await trx.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
  });
  return ids.length;
}

/** The job that carried one delivery before decision 0085 (still read, to move old queues over). */
export function jobIdOf(deliveryId: string): string {
  return `webhook:${deliveryId}`;
}

const DISPATCH_PREFIX = 'webhook-dispatch:';

/** The one dispatch job of a webhook: the loop that sends its deliveries (leased by one process at a time). */
export function dispatchJobIdOf(webhookId: string): string {
  return `${DISPATCH_PREFIX}${webhookId}`;
}

/** Inserts a dispatch job, or makes a finished one pending again; a pending one stays as it is. */
async function armIn(db: Kysely<Tables>, job: JobRow): Promise<void> {
  await db
    .insertInto('jobs')
    .values(job)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          state: 'pending',
          run_at: job.run_at,
          attempts: 0,
          last_error: null,
          leased_by: null,
          lease_until: null,
          updated: job.created,
        })
        .where('jobs.state', '!=', 'pending'),
    )
    .execute();
}
