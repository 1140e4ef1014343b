import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { TimerLoop } from '../../../jobs/timers.js';
import type { TimerRow } from '../../../jobs/timers.repo.js';
import { DEFAULT_LIMITS, invokeAs } from '../runtime/invoke.js';

/**
 * The timer loop of this process, running deployed timers through `invokeAs` (as nobody: a timer
 * has no caller, its code runs with the `ServerCodeUser` role only). A timer declared in the
 * console and never deployed has no code: its runs are logged as errors saying so.
 */
export function createTimerLoop(ctx: ServerContext, intervalMs?: number): TimerLoop {
  const run = async (t: TimerRow) => {
    if (!t.deployment_id) throw ApiError.badRequest(`Timer '${t.name}' has no deployed code yet: deploy its model`);
    await invokeAs(ctx, t.app_id, null, { kind: 'timer', name: t.name }, {}, { deploymentId: t.deployment_id });
  };
  return new TimerLoop(ctx.dbs, ctx.log, run, () => DEFAULT_LIMITS.timeoutMs, intervalMs);
}
