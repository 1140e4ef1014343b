import crypto from 'node:crypto';
import type { FlowElement, FlowError } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import type { Job } from '../../../jobs/index.js';
import { ApiError } from '../../../http/api-error.js';
import type { FlowDefinition } from '../definition.js';
import type { FlowsRepo } from '../flows.repo.js';
import { Elements, type Outcome } from './elements.js';
import { ExpressionError, render, textOf, type Scope } from './expressions.js';
import { InstancesRepo, type InstanceRow, type StepCommit } from './instances.repo.js';
import { flowWrites } from './flow-writes.js';

export const INSTANCE_JOB = 'flows.instance';

/** Where an instance is: one token per element waiting to run (one at a time, in order). */
interface Token {
  elementId: string;
  /** Failed attempts so far (retries). */
  attempt: number;
  /** Not before this time (a delay or a retry's backoff). */
  dueAt?: number;
  /** A delay's start, once it began waiting. */
  waitingSince?: number;
}

/** An instance's progress, kept as JSON in its row and replaced by each step's commit. */
export interface InstanceState {
  trigger: unknown;
  tokens: Token[];
  results: Record<string, unknown>;
  vars: Record<string, unknown>;
  error?: FlowError;
}

/** Steps one job run takes before it lets other work in (the job is due again at once). */
const STEPS_PER_RUN = 50;
/** Longest backoff of a retried element. */
const MAX_BACKOFF_MS = 60_000;
/** Job lease of an instance run: a process killed mid-step leaves it to another after this. */
export const INSTANCE_LEASE_MS = 15_000;

export const jobIdOf = (executionId: string) => `flow:${executionId}`;
const errorOf = (code: string, message: string, source: string): FlowError => ({ code, message, source });

/**
 * The engine (decision 0067): every instance is a row and a job. A job run loads the row, runs
 * the next due element, and commits the step row and the instance's new state in one transaction
 * guarded by the instance's sequence number, so a step is committed once whatever crashes or
 * races; a run that finds nothing due answers the time it must look again.
 */
export class Engine {
  readonly instances: InstancesRepo;
  private readonly elements: Elements;
  private readonly configs = new Map<string, FlowDefinition>();

  constructor(
    private readonly ctx: ServerContext,
    private readonly flows: FlowsRepo,
  ) {
    this.instances = new InstancesRepo(ctx.dbs, ctx.jobs.repo);
    this.elements = new Elements(ctx);
  }

  /**
   * Starts an instance of a LIVE version at its trigger element. `triggerKey` names the cause
   * when it could be seen twice (a data event, a schedule slot): a second start answers undefined.
   */
  async start(
    appId: string,
    v: { flowId: string; versionId: string; configId: string },
    trigger: FlowElement,
    data: unknown,
    triggerKey: string | null,
  ): Promise<string | undefined> {
    const id = crypto.randomUUID();
    const now = Date.now();
    const state: InstanceState = {
      trigger: data,
      tokens: [{ elementId: trigger.id, attempt: 0 }],
      results: {},
      vars: {},
    };
    const row: InstanceRow = {
      id,
      app_id: appId,
      flow_id: v.flowId,
      version_id: v.versionId,
      config_id: v.configId,
      status: 'RUNNING',
      trigger_key: triggerKey,
      initial_data: JSON.stringify(data ?? {}),
      state: JSON.stringify(state),
      seq: 0,
      error: null,
      result: null,
      started_at: now,
      finished_at: null,
    };
    const job = this.ctx.jobs.rowOf({
      id: jobIdOf(id),
      kind: INSTANCE_JOB,
      appId,
      payload: { executionId: id },
      runAt: now,
    });
    if (!(await this.instances.start(row, job))) return undefined;
    this.ctx.jobs.wake();
    return id;
  }

  private async definition(configId: string): Promise<FlowDefinition | undefined> {
    let def = this.configs.get(configId);
    if (!def) {
      const row = await this.flows.config(configId);
      if (!row) return undefined;
      def = JSON.parse(row.definition) as FlowDefinition;
      // Snapshots never change: kept for the process's life (bounded by a simple cap).
      if (this.configs.size > 1000) this.configs.clear();
      this.configs.set(configId, def);
    }
    return def;
  }

  /** One job run of an instance: steps until it waits, ends, or has taken its share. */
  async run(job: Job<{ executionId: string }>): Promise<void | { rerunAt: number }> {
    for (let i = 0; i < STEPS_PER_RUN; i++) {
      if (job.signal.aborted) return { rerunAt: Date.now() };
      const inst = await this.instances.get(job.payload.executionId);
      if (!inst || (inst.status !== 'RUNNING' && inst.status !== 'WAITING')) return;
      const def = await this.definition(inst.config_id);
      if (!def) return;
      const state = JSON.parse(inst.state) as InstanceState;
      const token = state.tokens[0];
      const now = Date.now();
      if (token?.dueAt !== undefined && token.dueAt > now) {
        if (inst.status !== 'WAITING')
          await this.instances.commit(inst.id, inst.seq, { ...same(inst), status: 'WAITING' });
        return { rerunAt: token.dueAt };
      }
      await this.step(inst, def, state, token, now);
    }
    return { rerunAt: Date.now() };
  }

  private scope(inst: InstanceRow, state: InstanceState, now: number): Scope {
    return {
      $trigger: state.trigger,
      $initial: JSON.parse(inst.initial_data),
      $results: state.results,
      $vars: state.vars,
      $now: now,
      $instance: { executionId: inst.id, flowId: inst.flow_id, versionId: inst.version_id, startedAt: inst.started_at },
      $error: state.error ?? null,
    };
  }

  /** Runs the token's element and commits what came of it. */
  private async step(
    inst: InstanceRow,
    def: FlowDefinition,
    state: InstanceState,
    token: Token | undefined,
    now: number,
  ) {
    if (!token) {
      await this.instances.commit(inst.id, inst.seq, { ...same(inst), status: 'COMPLETED', finishedAt: now });
      return;
    }
    const element = def.elements.find((e) => e.id === token.elementId);
    if (!element) {
      const error = errorOf('UNKNOWN_ELEMENT', `No element '${token.elementId}'`, token.elementId);
      await this.instances.commit(inst.id, inst.seq, {
        ...same(inst),
        status: 'FAILED',
        error: JSON.stringify(error),
        finishedAt: now,
      });
      return;
    }
    const startedAt = token.waitingSince ?? now;
    let input: unknown = null;
    let outcome: Outcome;
    try {
      const config = render(element.config, this.scope(inst, state, now)) as Record<string, unknown>;
      input = element.type.startsWith('trigger.') ? state.trigger : config;
      outcome = await flowWrites.run(inst.version_id, () =>
        this.elements.run({
          appId: inst.app_id,
          executionId: inst.id,
          element,
          config,
          waitingSince: token.waitingSince,
          trigger: state.trigger,
          stepKey: `${inst.id}:${inst.seq}`,
          now,
        }),
      );
    } catch (err) {
      const code = err instanceof ExpressionError || err instanceof ApiError ? String(err.code) : 'ELEMENT_ERROR';
      outcome = { kind: 'fail', code, message: err instanceof Error ? err.message : String(err) };
    }
    const finishedAt = Date.now();
    const rest = state.tokens.slice(1);
    const base = { input: json(input), started_at: startedAt, finished_at: finishedAt, element_id: element.id };
    const commit = (c: Omit<StepCommit, 'logs'>, logs: StepCommit['logs'] = []) =>
      this.instances.commit(inst.id, inst.seq, { ...c, logs });

    if (outcome.kind === 'wait') {
      const tokens = [{ ...token, dueAt: outcome.dueAt, waitingSince: now }, ...rest];
      await commit({ status: 'WAITING', state: JSON.stringify({ ...state, tokens }), steps: [] });
      return;
    }
    if (outcome.kind === 'fail') {
      const error = errorOf(outcome.code, outcome.message, element.name);
      const failed = { ...base, status: 'FAILED' as const, output: null, error: JSON.stringify(error) };
      const retry = element.config.retry as { count?: number; delayMs?: number } | undefined;
      if (retry && token.attempt < Number(retry.count ?? 0)) {
        const wait = Math.min(MAX_BACKOFF_MS, Number(retry.delayMs ?? 0) * 2 ** token.attempt);
        const tokens = [{ elementId: token.elementId, attempt: token.attempt + 1, dueAt: finishedAt + wait }, ...rest];
        await commit({ status: 'WAITING', state: JSON.stringify({ ...state, tokens }), steps: [failed] });
        return;
      }
      const handler = def.transitions.find((t) => t.from === element.id && t.port === 'error');
      if (handler) {
        const tokens = [{ elementId: handler.to, attempt: 0 }, ...rest];
        await commit({ status: 'RUNNING', state: JSON.stringify({ ...state, tokens, error }), steps: [failed] });
        return;
      }
      await commit({
        status: 'FAILED',
        state: JSON.stringify({ ...state, tokens: [], error }),
        error: JSON.stringify(error),
        finishedAt,
        steps: [failed],
      });
      return;
    }
    const output = outcome.kind === 'return' ? outcome.values : outcome.output;
    const done = { ...base, status: 'SUCCEEDED' as const, output: json(output), error: null };
    const results = { ...state.results, [element.name]: output };
    const logs =
      element.type === 'action.log'
        ? [
            {
              id: crypto.randomUUID(),
              version_id: inst.version_id,
              element_id: element.id,
              level: String((output as { level?: unknown }).level),
              message: textOf((output as { message?: unknown }).message),
              ts: finishedAt,
            },
          ]
        : [];
    if (outcome.kind === 'return') {
      await commit(
        {
          status: 'COMPLETED',
          state: JSON.stringify({ ...state, results, tokens: [] }),
          result: json(output),
          finishedAt,
          steps: [done],
        },
        logs,
      );
      return;
    }
    const next = def.transitions
      .filter((t) => t.from === element.id && t.port === outcome.port)
      .map((t) => ({ elementId: t.to, attempt: 0 }));
    const tokens = [...next, ...rest];
    const finished = tokens.length === 0;
    await commit(
      {
        status: finished ? 'COMPLETED' : 'RUNNING',
        state: JSON.stringify({ ...state, results, tokens }),
        ...(finished ? { finishedAt } : {}),
        steps: [done],
      },
      logs,
    );
  }

  /** Stops one instance; a step running meanwhile cannot commit. */
  async stop(appId: string, versionId: string, executionId: string) {
    const inst = await this.instances.get(executionId);
    if (!inst || inst.app_id !== appId || inst.version_id !== versionId)
      throw ApiError.notFound(`Flow instance '${executionId.slice(0, 64)}' does not exist`);
    await this.instances.stop(executionId, Date.now());
    return this.instances.get(executionId) as Promise<InstanceRow>;
  }
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
/** A commit that changes nothing but what it names (the sequence number still moves on). */
const same = (inst: InstanceRow): StepCommit => ({ status: inst.status, state: inst.state, steps: [], logs: [] });
