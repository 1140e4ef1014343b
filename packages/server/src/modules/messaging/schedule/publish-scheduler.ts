import type { FastifyBaseLogger } from 'fastify';
import type { PublishJobsRepo, JobRow } from './publish-jobs.repo.js';
import { nextDue } from './schedule-input.js';

/** Jobs looked at per poll; the rest wait for the next poll, so one poll stays short. */
const BATCH = 50;

/**
 * Fires scheduled and repeating publishes. Every server process runs one; they share the job
 * table and each due time is claimed by exactly one of them (PublishJobsRepo.claim) before it
 * fires. Claim-then-fire means a process that dies between the two loses that one firing rather
 * than two processes both sending it.
 */
export class PublishScheduler {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly jobs: PublishJobsRepo,
    private readonly fire: (job: JobRow) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // A slow poll is not overlapped by the next one.
      if (!this.running) this.running = this.poll().then(() => { this.running = undefined; });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass over the due jobs; answers how many firings this process made. */
  async poll(now = Date.now()): Promise<number> {
    let fired = 0;
    try {
      for (const job of await this.jobs.due(now, BATCH)) {
        const next = job.repeat_every_ms ? nextDue(job.next_at, job.repeat_every_ms, now) : null;
        const last = next === null || (job.expires_at !== null && next > job.expires_at);
        if (!(await this.jobs.claim(job, last ? null : next, now))) continue;
        fired++;
        await this.fire(job).catch(async (err: unknown) => {
          this.log.error({ err, job: job.id }, 'scheduled publish failed');
          await this.jobs.recordError(job.id, err instanceof Error ? err.message : String(err)).catch(() => undefined);
        });
      }
    } catch (err) {
      this.log.error({ err }, 'publish scheduler poll failed');
    }
    return fired;
  }
}
