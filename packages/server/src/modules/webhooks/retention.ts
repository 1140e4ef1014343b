import type { ServerContext } from '../../context.js';
import { DELIVERY_JOB, type Deliverer } from './deliverer.js';
import { removeSettled, type WebhooksRepo } from './webhooks.repo.js';

/** The job that removes old settled deliveries (one for the whole server, a fixed id). */
export const SWEEP_JOB = 'webhooks.sweep';
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** How long the log keeps a delivered or failed delivery. */
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** Deliveries removed per statement. */
const BATCH = 500;

/**
 * Keeps the delivery log and the job table from growing without end: deliveries settled (delivered
 * or failed) more than a week ago go with their attempts and their finished jobs. Pending ones stay
 * whatever their age: they are still owed to their receiver.
 */
export async function sweepDeliveries(repo: WebhooksRepo, now = Date.now()): Promise<number> {
  let removed = 0;
  for (;;) {
    const n = await removeSettled(repo, now - KEEP_MS, BATCH, DELIVERY_JOB);
    if (!n) return removed;
    removed += n;
  }
}

/** Registers the sweep and makes sure its one repeating job exists. */
export function scheduleSweep(ctx: ServerContext, repo: WebhooksRepo): () => Promise<void> {
  ctx.jobs.register(SWEEP_JOB, {
    delivery: 'at-most-once',
    run: async () => {
      await sweepDeliveries(repo);
    },
  });
  return async () => {
    if (await ctx.jobs.repo.byId(SWEEP_JOB)) return;
    const runAt = Date.now() + SWEEP_EVERY_MS;
    // Two processes starting together may both try: the loser's insert conflicts, which is fine.
    await ctx.jobs
      .add({ id: SWEEP_JOB, kind: SWEEP_JOB, appId: null, payload: null, runAt, repeatEveryMs: SWEEP_EVERY_MS })
      .catch(() => undefined);
  };
}

/** The job that gives every webhook with pending deliveries a pending dispatch loop (one for the server). */
export const REARM_JOB = 'webhooks.rearm';
const REARM_EVERY_MS = 30_000;

/**
 * A loop that ends (nothing pending) at the moment a write queues a delivery may miss it: the
 * write leaves a pending job alone and the ending run then marks it done. Every 30 s this job
 * finds webhooks with pending deliveries and no pending loop and starts their loop, so such a
 * delivery waits at most that long and is never stranded.
 */
export async function rearm(repo: WebhooksRepo, deliverer: Deliverer, now = Date.now()): Promise<number> {
  const ids = await repo.orphaned(500);
  for (const id of ids) {
    const hook = await repo.byId(id);
    if (hook) await repo.arm(deliverer.jobOf(hook.app_id, id, now));
  }
  return ids.length;
}

export function scheduleRearm(ctx: ServerContext, repo: WebhooksRepo, deliverer: Deliverer): () => Promise<void> {
  ctx.jobs.register(REARM_JOB, {
    delivery: 'at-most-once',
    run: async () => {
      await rearm(repo, deliverer);
    },
  });
  return async () => {
    if (await ctx.jobs.repo.byId(REARM_JOB)) return;
    await ctx.jobs
      .add({
        id: REARM_JOB,
        kind: REARM_JOB,
        appId: null,
        payload: null,
        runAt: Date.now() + REARM_EVERY_MS,
        repeatEveryMs: REARM_EVERY_MS,
      })
      .catch(() => undefined);
  };
}
