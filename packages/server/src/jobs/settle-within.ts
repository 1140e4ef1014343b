/**
 * Waits until every piece of work has settled, or `waitMs` has passed, whichever comes first: how
 * the job scheduler and the timer loop let their running work finish before handing leases back.
 */
export async function settleWithin(work: Array<Promise<unknown> | undefined>, waitMs: number): Promise<void> {
  let timeout: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(work),
    new Promise((r) => {
      timeout = setTimeout(r, waitMs);
    }),
  ]);
  clearTimeout(timeout);
}
