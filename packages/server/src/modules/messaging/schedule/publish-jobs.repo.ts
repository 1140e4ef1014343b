import type { JobScheduler, Job } from '../../../jobs/index.js';
import type { JobsKysely } from '../../../jobs/jobs.schema.js';

/** The kind of job of a scheduled or repeating publish in the general job table. */
export const PUBLISH_JOB = 'messaging.publish';

/** A scheduled publish as the messaging code reads it (the job's payload and schedule). */
export interface PublishJob {
  id: string;
  app_id: string;
  channel_name: string;
  /** The publish input as JSON text (publishAt / repeatEvery / repeatExpiresAt taken out). */
  input: string;
  state: string;
  /** The due time being fired (or, read back, the next one). */
  next_at: number;
  repeat_every_ms: number | null;
  expires_at: number | null;
  /** Firings made before this one. */
  fired: number;
  last_error: string | null;
}

interface Payload {
  channel: string;
  input: unknown;
}

/** One firing handed over by the scheduler, in the messaging shape. */
export function publishJobOf(job: Job<Payload>, expiresAt: number | null = null): PublishJob {
  return {
    id: job.id,
    app_id: job.appId!,
    channel_name: job.payload.channel,
    input: JSON.stringify(job.payload.input),
    state: 'pending',
    next_at: job.runAt,
    repeat_every_ms: job.repeatEveryMs,
    expires_at: expiresAt,
    fired: job.runs,
    last_error: null,
  };
}

/**
 * Scheduled publishes in the general job table (decision 0033): added through the scheduler,
 * read, counted and cancelled here; every value is a bound parameter.
 */
export class PublishJobsRepo {
  private readonly db: JobsKysely;

  constructor(private readonly scheduler: JobScheduler) {
    this.db = scheduler.repo.db;
  }

  async insert(row: Omit<PublishJob, 'state' | 'fired' | 'last_error'>): Promise<void> {
    await this.scheduler.add({
      id: row.id,
      kind: PUBLISH_JOB,
      appId: row.app_id,
      payload: { channel: row.channel_name, input: JSON.parse(row.input) as unknown } satisfies Payload,
      runAt: row.next_at,
      repeatEveryMs: row.repeat_every_ms,
      expiresAt: row.expires_at,
    });
  }

  async byId(appId: string, id: string): Promise<PublishJob | undefined> {
    const r = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('app_id', '=', appId)
      .where('kind', '=', PUBLISH_JOB)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!r) return undefined;
    const payload = JSON.parse(r.payload) as Payload;
    return {
      id: r.id,
      app_id: appId,
      channel_name: payload.channel,
      input: JSON.stringify(payload.input),
      state: r.state,
      next_at: Number(r.run_at),
      repeat_every_ms: r.repeat_every_ms === null ? null : Number(r.repeat_every_ms),
      expires_at: r.expires_at === null ? null : Number(r.expires_at),
      fired: r.runs,
      last_error: r.last_error,
    };
  }

  async countPending(appId: string): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .where('kind', '=', PUBLISH_JOB)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async recordError(id: string, error: string | null): Promise<void> {
    await this.scheduler.repo.recordError(id, error);
  }

  /** Cancels a pending job; answers whether it was pending. */
  async cancel(appId: string, id: string, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('jobs')
      .set({ state: 'cancelled', updated: now })
      .where('app_id', '=', appId)
      .where('kind', '=', PUBLISH_JOB)
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
