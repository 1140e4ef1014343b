import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Databases } from '../db/dialect.js';
import { JobsRepo } from './jobs.repo.js';
import { settleWithin } from './settle-within.js';
import type { JobRow } from './jobs.schema.js';

/**
 * What a claim promises for a kind of job (decision 0033):
 * - `at-most-once`: the due time is moved on in the claim itself, then the job runs. A process
 *   that dies while running loses that run; no run is ever made twice. For work where a repeat
 *   is worse than a miss (a publish to users, a push, a timer tick).
 * - `at-least-once`: the claim only takes a lease; the due time moves on when the run completes.
 *   A process that dies mid-run lets its lease expire and another process runs the job again
 *   from the start. For work that must finish and can be repeated safely (imports, backups).
 */
export type Delivery = 'at-most-once' | 'at-least-once';

/** A job as its kind's `run` sees it. */
export interface Job<P = unknown> {
  id: string;
  kind: string;
  appId: string | null;
  payload: P;
  /** The due time being run. */
  runAt: number;
  repeatEveryMs: number | null;
  /** Runs completed before this one. */
  runs: number;
  /** at-least-once: which attempt this is (1 for the first). */
  attempts: number;
  /**
   * Aborted when this process starts to stop: a long run (an import) ends at its next safe point
   * instead of being cut off when the process exits.
   */
  signal: AbortSignal;
}

export interface JobKind<P = unknown> {
  delivery: Delivery;
  /** How long a claim holds before another process may take the job; renewed while it runs. Default 30 s. */
  leaseMs?: number;
  /** at-least-once: attempts before the job is marked failed. Default 5. */
  maxAttempts?: number;
  /**
   * Runs the job. An at-least-once kind may answer `{rerunAt}`: the run completed and the job
   * stays pending for another run at that time (work that goes on in steps, like a flow instance
   * waiting out a delay), instead of being done or moving to its repeat time.
   */
  run(job: Job<P>): Promise<void | { rerunAt: number }>;
}

export interface NewJob {
  id?: string;
  kind: string;
  appId: string | null;
  payload: unknown;
  runAt: number;
  repeatEveryMs?: number | null;
  expiresAt?: number | null;
}

/** Jobs claimed per poll; the rest wait for the next poll, so one poll stays short. */
const BATCH = 50;
const DEFAULT_LEASE_MS = 30_000;

/** The due time after `from` that is later than `now` (missed runs collapse into one: no burst after a pause). */
export function nextDue(from: number, everyMs: number, now: number): number {
  const steps = Math.max(1, Math.floor((now - from) / everyMs) + 1);
  return from + steps * everyMs;
}

/** Where a repeating job goes after its run at `row.run_at`: its next due time, or done. */
function after(row: JobRow, now: number): Partial<JobRow> {
  if (!row.repeat_every_ms) return { state: 'done' };
  const next = nextDue(row.run_at, row.repeat_every_ms, now);
  if (row.expires_at !== null && next > row.expires_at) return { state: 'done' };
  return { run_at: next };
}

/**
 * The general scheduler: modules register kinds of job, add jobs, and every server process polls
 * the one job table; a job is run by the process whose claim took it (JobsRepo.claim).
 */
export class JobScheduler {
  readonly repo: JobsRepo;
  /** This process, as written in `leased_by` / `last_run_by`: host, pid and a random part. */
  readonly node = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  private readonly kinds = new Map<string, JobKind<any>>();
  private timer?: NodeJS.Timeout;
  private polling?: Promise<number>;
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private waking = false;
  private readonly stopping = new AbortController();

  constructor(
    dbs: Databases,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {
    this.repo = new JobsRepo(dbs);
  }

  register<P>(kind: string, handler: JobKind<P>): void {
    if (this.kinds.has(kind)) throw new Error(`Job kind '${kind}' is registered twice`);
    this.kinds.set(kind, handler);
  }

  async add(job: NewJob): Promise<string> {
    const row = this.rowOf(job);
    await this.repo.insert(row);
    return row.id;
  }

  /** The row of a new job, for a module that inserts it in a transaction of its own (JobsRepo.insert's `db`). */
  rowOf(job: NewJob): JobRow {
    return {
      id: job.id ?? crypto.randomUUID(),
      kind: job.kind,
      app_id: job.appId,
      payload: JSON.stringify(job.payload ?? null),
      state: 'pending',
      run_at: job.runAt,
      repeat_every_ms: job.repeatEveryMs ?? null,
      expires_at: job.expiresAt ?? null,
      runs: 0,
      attempts: 0,
      last_error: null,
      leased_by: null,
      lease_until: null,
      last_run_by: null,
      created: Date.now(),
      updated: null,
    };
  }

  /**
   * Polls once soon (on the next turn), for work just added that should not wait for the next
   * interval; several calls in one turn make one poll.
   */
  wake(): void {
    if (this.waking || this.stopped || !this.timer) return;
    this.waking = true;
    setImmediate(() => {
      this.waking = false;
      // A poll under way may have looked before the new work was there: poll again after it.
      if (this.polling) void this.polling.finally(() => this.wake());
      else
        this.polling = this.poll().finally(() => {
          this.polling = undefined;
        });
    });
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      // A slow poll is not overlapped by the next one.
      if (!this.polling)
        this.polling = this.poll().finally(() => {
          this.polling = undefined;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  /**
   * Stops polling, waits up to `waitMs` for the jobs running here, then hands every lease of this
   * process back so the others take its unfinished jobs at once instead of after the lease.
   */
  async stop(waitMs = 10_000): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearInterval(this.timer);
    this.timer = undefined;
    await settleWithin([this.polling, ...this.running], waitMs);
    await this.repo
      .handBack(this.node)
      .catch((err: unknown) => this.log.error({ err }, 'handing job leases back failed'));
  }

  /** One claim over the due jobs; answers how many this process claimed. Runs them in the background unless `wait`. */
  async poll(now = Date.now(), wait = false): Promise<number> {
    if (this.stopped && !wait) return 0;
    let claimed: JobRow[];
    try {
      claimed = await this.repo.claim([...this.kinds.keys()], now, BATCH, this.node, (row) => {
        const kind = this.kinds.get(row.kind)!;
        const lease = { lease_until: now + (kind.leaseMs ?? DEFAULT_LEASE_MS) };
        return kind.delivery === 'at-most-once'
          ? { ...lease, ...after(row, now), runs: row.runs + 1 }
          : { ...lease, attempts: row.attempts + 1 };
      });
    } catch (err) {
      this.log.error({ err }, 'job scheduler poll failed');
      return 0;
    }
    const runs = claimed.map((row) => this.track(this.execute(row, now)));
    if (wait) await Promise.all(runs);
    return claimed.length;
  }

  private track(p: Promise<void>): Promise<void> {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
    return p;
  }

  private async execute(row: JobRow, claimedAt: number): Promise<void> {
    const kind = this.kinds.get(row.kind)!;
    const leaseMs = kind.leaseMs ?? DEFAULT_LEASE_MS;
    const job: Job = {
      id: row.id,
      kind: row.kind,
      appId: row.app_id,
      payload: JSON.parse(row.payload) as unknown,
      runAt: row.run_at,
      repeatEveryMs: row.repeat_every_ms,
      runs: row.runs,
      attempts: kind.delivery === 'at-least-once' ? row.attempts + 1 : row.attempts,
      signal: this.stopping.signal,
    };
    // The lease is renewed while the run lasts, so a long run is not taken over while alive.
    const renew = setInterval(
      () => {
        void this.repo.updateHeld(row.id, this.node, { lease_until: Date.now() + leaseMs }).catch(() => undefined);
      },
      Math.max(250, Math.floor(leaseMs / 3)),
    );
    renew.unref();
    let error: string | null = null;
    let outcome: void | { rerunAt: number } = undefined;
    try {
      outcome = await kind.run(job);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      this.log.error({ err, job: row.id, kind: row.kind }, 'job failed');
    } finally {
      clearInterval(renew);
    }
    const now = Date.now();
    try {
      if (kind.delivery === 'at-most-once') {
        // Already moved on at the claim; only the lease and the outcome remain.
        await this.repo.updateHeld(row.id, this.node, {
          leased_by: null,
          lease_until: null,
          last_error: error,
          updated: now,
        });
      } else if (error === null) {
        await this.repo.updateHeld(row.id, this.node, {
          ...(outcome ? { run_at: outcome.rerunAt } : after(row, Math.max(now, claimedAt))),
          runs: row.runs + 1,
          attempts: 0,
          last_error: null,
          leased_by: null,
          lease_until: null,
          updated: now,
        });
      } else {
        const max = kind.maxAttempts ?? 5;
        const retry =
          row.attempts + 1 >= max ? { state: 'failed' } : { run_at: now + Math.min(60_000, 1000 * 2 ** row.attempts) };
        await this.repo.updateHeld(row.id, this.node, {
          ...retry,
          last_error: error,
          leased_by: null,
          lease_until: null,
          updated: now,
        });
      }
    } catch (err) {
      this.log.error({ err, job: row.id }, 'recording a job run failed');
    }
  }
}
