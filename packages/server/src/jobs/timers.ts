import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Databases } from '../db/dialect.js';
import { NEVER, TimersRepo, numOrNull, type TimerRow } from './timers.repo.js';
import { nextRun, readSchedule, type TimerSchedule } from './timers.schedule.js';
import { settleWithin } from './settle-within.js';

/** How a timer's code is run (cloud code's `invokeAs`); throws when the run fails. */
export type TimerRun = (timer: TimerRow) => Promise<void>;

/** How often each process looks for due timers (BASALT_TIMER_INTERVAL_MS). */
export const TIMER_INTERVAL_MS = Number(process.env.BASALT_TIMER_INTERVAL_MS) || 250;
/** Timers claimed per poll. */
const BATCH = 50;
/** A lease outlives the run's time limit by this much before another process may take the timer. */
const LEASE_MARGIN_MS = 30_000;
const PRUNE_EVERY_MS = 60_000;

/** The schedule stored on a row; undefined when it cannot be read (such a timer never runs). */
export function scheduleOf(row: TimerRow): TimerSchedule | undefined {
  try {
    return readSchedule(
      {
        startDate: numOrNull(row.start_date),
        expire: numOrNull(row.expire),
        frequency: row.frequency_json ? (JSON.parse(row.frequency_json) as unknown) : undefined,
        timezone: row.timezone,
      },
      // A row without a start date starts when it was first planned.
      Date.now(),
    );
  } catch {
    return undefined;
  }
}

/** The status a failed run is logged with. */
function statusOf(err: unknown): 'timeout' | 'error' {
  return (err as { code?: unknown })?.code === 'CLOUD_CODE_TIMEOUT' ? 'timeout' : 'error';
}

/**
 * The timer loop of a server process (decision 0047): every `intervalMs` it plans timers whose
 * next run is unknown, then claims the due ones (TimersRepo.claim) and runs them. The next run is
 * computed from now when a timer is claimed, before it runs: a timer missed while every server was
 * down runs once after start, not once per missed tick, and a crash mid-run never runs it twice.
 * A due timer whose previous run is still going is logged `skipped` for that due time.
 */
export class TimerLoop {
  readonly repo: TimersRepo;
  readonly node = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  private timer?: NodeJS.Timeout;
  private polling?: Promise<number>;
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  private lastPrune = 0;

  constructor(
    dbs: Databases,
    private readonly log: FastifyBaseLogger,
    private readonly run: TimerRun,
    private readonly leaseMs: (row: TimerRow) => number,
    private readonly intervalMs = TIMER_INTERVAL_MS,
  ) {
    this.repo = new TimersRepo(dbs);
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      if (!this.polling)
        this.polling = this.poll().finally(() => {
          this.polling = undefined;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(waitMs = 5_000): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await settleWithin([this.polling, ...this.running], waitMs);
    await this.repo
      .handBack(this.node)
      .catch((err: unknown) => this.log.error({ err }, 'handing timer leases back failed'));
  }

  /** One round: plan, claim, run (in the background unless `wait`). Answers how many runs started. */
  async poll(now = Date.now(), wait = false): Promise<number> {
    if (this.stopped && !wait) return 0;
    try {
      for (const row of await this.repo.unplanned(BATCH)) {
        const s = scheduleOf(row);
        // The first run: the start itself when it is ahead, else the next tick after now.
        await this.repo.plan(row.id, (s && nextRun(s, now - 1)) ?? NEVER);
      }
      const { claimed, busy } = await this.repo.claim(now, BATCH, this.node, (row) => {
        const s = scheduleOf(row);
        return { next: (s && nextRun(s, now)) ?? NEVER, leaseUntil: now + this.leaseMs(row) + LEASE_MARGIN_MS };
      });
      for (const row of busy) {
        await this.repo.log({
          id: crypto.randomUUID(),
          app_id: row.app_id,
          timer_name: row.name,
          trigger: 'schedule',
          started_at: now,
          duration_ms: 0,
          status: 'skipped',
          error: 'The previous run is still going',
          log_excerpt: null,
        });
      }
      if (now - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = now;
        await this.repo.prune(now);
      }
      const runs = claimed.map((row) => this.track(this.execute(row, 'schedule')));
      if (wait) await Promise.all(runs);
      return claimed.length;
    } catch (err) {
      this.log.error({ err }, 'timer loop poll failed');
      return 0;
    }
  }

  /** Runs a timer now, outside its schedule (console "run now"); answers the logged status. */
  async runNow(row: TimerRow): Promise<{ status: string; error: string | null }> {
    return this.track(this.execute(row, 'manual'));
  }

  private track<T>(p: Promise<T>): Promise<T> {
    const settled = p.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.finally(() => this.running.delete(settled));
    return p;
  }

  private async execute(
    row: TimerRow,
    trigger: 'schedule' | 'manual',
  ): Promise<{ status: string; error: string | null }> {
    const started = Date.now();
    let status = 'ok';
    let error: string | null = null;
    try {
      await this.run(row);
    } catch (err) {
      status = statusOf(err);
      error = err instanceof Error ? err.message : String(err);
    }
    const duration = Date.now() - started;
    try {
      await this.repo.log({
        id: crypto.randomUUID(),
        app_id: row.app_id,
        timer_name: row.name,
        trigger,
        started_at: started,
        duration_ms: duration,
        status,
        error: error?.slice(0, 2000) ?? null,
        log_excerpt: null,
      });
      if (trigger === 'schedule') await this.repo.finish(row.id, this.node, started, status);
      else await this.repo.ranManually(row.id, started, status);
    } catch (err) {
      this.log.error({ err, timer: row.id }, 'recording a timer run failed');
    }
    return { status, error };
  }
}
