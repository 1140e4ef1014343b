import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import type { FlowDefinition } from '../definition.js';
import type { FlowsRepo } from '../flows.repo.js';
import type { InstanceRow, InstancesRepo } from './instances.repo.js';
import { jobIdOf, type InstanceState } from './runner.js';

/** Which waiting instances an activation reaches: one named by its execution id, any one, or all. */
export type Reach = { executionId: string } | 'any' | 'all' | undefined;

/**
 * Activation of mid-flow waits (`control.waitForEvent`, decision 0072). An instance waits with a token
 * (one of its branches) on the wait element; activating it stores the data on the token, makes it due now
 * (one compare-and-set commit on the instance's `seq`, like a step) and makes its job due, so the
 * next run answers the data through the element's `out` port. An instance activated twice at
 * once takes the first: the second commit finds `seq` moved on.
 */
export class Waits {
  constructor(
    private readonly ctx: ServerContext,
    private readonly flows: FlowsRepo,
    private readonly instances: InstancesRepo,
  ) {}

  /**
   * Activates the wait element named `trigger` (its name or id) of a flow: answers the execution
   * ids it resumed. 404 when no version of the flow has such a wait; 409 when a named instance is
   * not waiting there.
   */
  async activate(flowId: string, trigger: string, reach: Reach, data: unknown): Promise<{ executionIds: string[] }> {
    const versions = await this.flows.flowVersions(flowId);
    const known = versions.some((v) =>
      (JSON.parse(v.elements) as FlowDefinition['elements']).some(
        (e) => e.type === 'control.waitForEvent' && (e.id === trigger || e.name === trigger),
      ),
    );
    if (!known) throw ApiError.notFound(`The flow has no wait for an event named '${trigger.slice(0, 200)}'`);
    const candidates: Array<{ inst: InstanceRow; at: number; activation: string }> = [];
    const defs = new Map<string, FlowDefinition | undefined>();
    for (const inst of await this.instances.waitingIn(flowId)) {
      if (typeof reach === 'object' && inst.id !== reach.executionId) continue;
      if (!defs.has(inst.config_id)) {
        const row = await this.flows.config(inst.config_id);
        defs.set(inst.config_id, row && (JSON.parse(row.definition) as FlowDefinition));
      }
      const el = defs
        .get(inst.config_id)
        ?.elements.find((e) => e.type === 'control.waitForEvent' && (e.id === trigger || e.name === trigger));
      // The branch waiting there (an instance may run other branches meanwhile).
      const at = el
        ? (JSON.parse(inst.state) as InstanceState).tokens.findIndex(
            (t) => t.elementId === el.id && t.waitingSince !== undefined && t.event === undefined,
          )
        : -1;
      if (!el || at < 0) continue;
      candidates.push({ inst, at, activation: String(el.config.activation ?? 'any') });
    }
    if (typeof reach === 'object' && !candidates.length)
      throw ApiError.conflict(
        `Instance '${reach.executionId.slice(0, 64)}' is not waiting at '${trigger.slice(0, 200)}'`,
      );
    let chosen = candidates;
    const how = typeof reach === 'object' ? 'one' : (reach ?? candidates[0]?.activation ?? 'any');
    if (reach === undefined && how === 'one')
      throw ApiError.badRequest(`'${trigger.slice(0, 200)}' resumes one named instance: send its execution id`);
    if (how === 'any') chosen = candidates.slice(0, 1);
    const executionIds: string[] = [];
    for (const { inst, at } of chosen) if (await this.resume(inst, at, data ?? {})) executionIds.push(inst.id);
    if (how === 'any' && !executionIds.length && candidates.length > 1)
      // The first was taken meanwhile (another activation): try the others in turn.
      for (const { inst, at } of candidates.slice(1))
        if (await this.resume(inst, at, data ?? {})) {
          executionIds.push(inst.id);
          break;
        }
    return { executionIds };
  }

  private async resume(inst: InstanceRow, at: number, data: unknown): Promise<boolean> {
    const state = JSON.parse(inst.state) as InstanceState;
    const now = Date.now();
    const tokens = state.tokens.map((t, i) => (i === at ? { ...t, dueAt: now, event: data } : t));
    const ok = await this.instances.commit(inst.id, inst.seq, {
      status: 'RUNNING',
      state: JSON.stringify({ ...state, tokens }),
      steps: [],
      logs: [],
    });
    if (ok) {
      await this.ctx.jobs.repo.requeue(jobIdOf(inst.id), now);
      this.ctx.jobs.wake();
    }
    return ok;
  }
}
