import type { ServerContext } from '../../context.js';
import { RetentionRepo } from './retention.repo.js';

export const RETENTION_JOB = 'flows.retention';
export const RETENTION_JOB_ID = 'flows-retention-sweep';
/** Days finished instances are kept when the app did not say. */
export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;
/** The sweep runs this often across the deployment (one process each time). */
const SWEEP_EVERY_MS = 60 * 60_000;
/** Instances removed per transaction: a large backlog goes in small steps, never one long lock. */
const BATCH = 500;

/**
 * Retention of finished instances (decision 0072): an app keeps COMPLETED, FAILED and STOPPED
 * instances, their steps and log lines for `retentionDays` after they finished (default 30); an
 * hourly job removes older ones in batches. Running and waiting instances are never removed.
 */
export class Retention {
  private readonly repo: RetentionRepo;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new RetentionRepo(ctx.dbs);
  }

  async settings(appId: string): Promise<{ retentionDays: number }> {
    return { retentionDays: (await this.repo.days(appId)) ?? DEFAULT_RETENTION_DAYS };
  }

  async update(appId: string, retentionDays: number): Promise<{ retentionDays: number }> {
    await this.repo.setDays(appId, retentionDays, Date.now());
    return { retentionDays };
  }

  /** Sets up the hourly sweep once for the deployment. */
  async schedule(): Promise<void> {
    if (await this.ctx.jobs.repo.byId(RETENTION_JOB_ID)) return;
    await this.ctx.jobs
      .add({
        id: RETENTION_JOB_ID,
        kind: RETENTION_JOB,
        appId: null,
        payload: {},
        runAt: Date.now() + SWEEP_EVERY_MS,
        repeatEveryMs: SWEEP_EVERY_MS,
      })
      .catch(() => undefined);
  }

  /** One sweep: every app with its own setting, then all the others at the default; answers how many went. */
  async sweep(now = Date.now()): Promise<number> {
    const custom = await this.repo.custom();
    let removed = 0;
    const drain = async (remove: () => Promise<number>) => {
      for (let n = await remove(); n > 0; n = await remove()) removed += n;
    };
    for (const c of custom)
      await drain(() => this.repo.removeFinished({ appId: c.appId }, now - c.days * DAY_MS, BATCH));
    const except = custom.map((c) => c.appId);
    await drain(() => this.repo.removeFinished({ except }, now - DEFAULT_RETENTION_DAYS * DAY_MS, BATCH));
    return removed;
  }
}
