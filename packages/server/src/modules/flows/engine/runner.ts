import crypto from 'node:crypto';
import type { FlowElement, FlowError } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import type { Job } from '../../../jobs/index.js';
import { ApiError } from '../../../http/api-error.js';
import type { FlowDefinition } from '../definition.js';
import type { FlowsRepo } from '../flows.repo.js';
import { Elements, specOf, type FlowCalls, type LoopState, type Outcome, type StatePatch } from './elements/index.js';
import { SharedRepo } from './shared.repo.js';
import { ExpressionError, render, textOf, type Scope } from './expressions.js';
import { InstancesRepo, type InstanceRow, type StepCommit } from './instances.repo.js';
import { flowWrites } from './flow-writes.js';

export const INSTANCE_JOB = 'flows.instance';

/**
 * Where an instance is: one token per element waiting to run. Tokens run one at a time, the
 * first due one first; parallel branches are tokens side by side.
 */
interface Token {
  elementId: string;
  /** Failed attempts so far (retries). */
  attempt: number;
  /** Not before this time (a delay or a retry's backoff). */
  dueAt?: number;
  /** A delay's start, once it began waiting. */
  waitingSince?: number;
  /** The loops this token is inside, outermost first (ids of loop elements). */
  frames?: string[];
  /** What the element's last wait kept (a sub flow's instance). */
  memo?: unknown;
  /** What activated a mid-flow wait (engine/waits.ts), once it came. */
  event?: unknown;
}

/** An instance's progress, kept as JSON in its row and replaced by each step's commit. */
export interface InstanceState {
  trigger: unknown;
  tokens: Token[];
  results: Record<string, unknown>;
  vars: Record<string, unknown>;
  error?: FlowError;
  /** Running loops by loop element id, and tokens each synchronize has absorbed so far. */
  loops?: Record<string, LoopState>;
  joins?: Record<string, number>;
  /** The name an assign name step gave the instance. */
  name?: string;
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
  readonly shared: SharedRepo;
  private readonly elements: Elements;
  /** Starts a flow by name or id (the triggers' activation), set once the triggers exist. */
  activate?: (appId: string, flow: string, data: unknown, key: string) => Promise<string>;
  private readonly configs = new Map<string, FlowDefinition>();

  constructor(
    private readonly ctx: ServerContext,
    private readonly flows: FlowsRepo,
  ) {
    this.instances = new InstancesRepo(ctx.dbs, ctx.jobs.repo);
    this.shared = new SharedRepo(ctx.dbs);
    const calls: FlowCalls = {
      start: (appId, flow, data, key) => {
        if (!this.activate) throw new Error('Flows cannot start flows before the triggers are set up');
        return this.activate(appId, flow, data, key);
      },
      outcome: async (executionId) => {
        const row = await this.instances.get(executionId);
        return (
          row && {
            status: row.status,
            result: row.result === null ? null : (JSON.parse(row.result) as unknown),
            error: row.error === null ? null : (JSON.parse(row.error) as unknown),
          }
        );
      },
      callDepth: async (executionId, upTo) => {
        // A call's instance has the trigger key `call:{caller}:{seq}` or `sub:{caller}:{seq}`.
        let depth = 1;
        let row = await this.instances.get(executionId);
        while (depth < upTo && row?.trigger_key) {
          const caller = /^(?:call|sub):([^:]+):\d+$/.exec(row.trigger_key)?.[1];
          if (!caller) break;
          depth++;
          row = await this.instances.get(caller);
        }
        return depth;
      },
      sharedGet: (flowId, key, now) => this.shared.get(flowId, key, now),
      sharedSet: (flowId, appId, key, value, expiresAt) => this.shared.set(flowId, appId, key, value, expiresAt),
    };
    this.elements = new Elements(ctx, calls);
  }

  /** Runs one element outside any instance (a debug session's single run). */
  runElement(r: Parameters<Elements['run']>[0]): ReturnType<Elements['run']> {
    return this.elements.run(r);
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
    /** A debug run: the debug session it belongs to (kept out of analytics). */
    debugSession?: string,
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
      debug_session: debugSession ?? null,
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
      const now = Date.now();
      // The first token that is due runs; a branch waiting out a delay does not hold up the others.
      const at = state.tokens.findIndex((t) => t.dueAt === undefined || t.dueAt <= now);
      if (state.tokens.length && at < 0) {
        if (inst.status !== 'WAITING')
          await this.instances.commit(inst.id, inst.seq, { ...same(inst), status: 'WAITING' });
        return { rerunAt: Math.min(...state.tokens.map((t) => t.dueAt ?? now)) };
      }
      await this.step(inst, def, state, at, now);
    }
    return { rerunAt: Date.now() };
  }

  private async scope(
    inst: InstanceRow,
    state: InstanceState,
    token: Token,
    element: FlowElement,
    now: number,
  ): Promise<Scope> {
    const loop = token.frames?.length ? state.loops?.[token.frames[token.frames.length - 1]] : undefined;
    return {
      // Shared memory is read only for elements that use it (one query).
      $shared: JSON.stringify(element.config).includes('$shared') ? await this.shared.all(inst.flow_id, now) : {},
      $iteration: loop ? { index: loop.index, item: loop.items ? loop.items[loop.index] : null } : null,
      $trigger: state.trigger,
      $initial: JSON.parse(inst.initial_data),
      $results: state.results,
      $vars: state.vars,
      $now: now,
      $instance: {
        executionId: inst.id,
        flowId: inst.flow_id,
        versionId: inst.version_id,
        startedAt: inst.started_at,
        name: state.name ?? null,
      },
      $error: state.error ?? null,
    };
  }

  /** Runs the element of the token at `at` and commits what came of it. */
  private async step(inst: InstanceRow, def: FlowDefinition, state: InstanceState, at: number, now: number) {
    const token = at < 0 ? undefined : state.tokens[at];
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
    const frames = token.frames ?? [];
    try {
      const scope = await this.scope(inst, state, token, element, now);
      // Keys an element reads as they are (a JSONata expression) are not templates.
      const raw = specOf(element.type)?.raw ?? [];
      const filled = render(omit(element.config, raw), scope) as Record<string, unknown>;
      const config = raw.length ? { ...filled, ...pick(element.config, raw) } : filled;
      input = element.type.startsWith('trigger.') ? state.trigger : config;
      outcome = await flowWrites.run(inst.version_id, () =>
        this.elements.run({
          appId: inst.app_id,
          executionId: inst.id,
          element,
          config,
          waitingSince: token.waitingSince,
          event: token.event,
          trigger: state.trigger,
          stepKey: `${inst.id}:${inst.seq}`,
          now,
          memo: token.memo,
          frames,
          state: { vars: state.vars, loops: state.loops ?? {}, joins: state.joins ?? {} },
          incoming: def.transitions.filter((t) => t.to === element.id).length,
          scope,
          flowId: inst.flow_id,
        }),
      );
    } catch (err) {
      const code = err instanceof ExpressionError || err instanceof ApiError ? String(err.code) : 'ELEMENT_ERROR';
      outcome = { kind: 'fail', code, message: err instanceof Error ? err.message : String(err) };
    }
    const finishedAt = Date.now();
    const rest = state.tokens.filter((_, i) => i !== at);
    const base = { input: json(input), started_at: startedAt, finished_at: finishedAt, element_id: element.id };
    const commit = (c: Omit<StepCommit, 'logs'>, logs: StepCommit['logs'] = []) =>
      this.instances.commit(inst.id, inst.seq, { ...c, logs });

    if (outcome.kind === 'wait') {
      const waiting: Token = { ...token, dueAt: outcome.dueAt, waitingSince: token.waitingSince ?? now };
      if (outcome.memo !== undefined) waiting.memo = outcome.memo;
      const tokens = state.tokens.map((t, i) => (i === at ? waiting : t));
      // Other branches may still be due: the instance waits only when none is.
      const status = tokens.some((t) => t.dueAt === undefined || t.dueAt <= now) ? 'RUNNING' : 'WAITING';
      await commit({ status, state: JSON.stringify({ ...state, tokens }), steps: [] });
      return;
    }
    if (outcome.kind === 'absorb') {
      // A synchronize took this branch's token and waits for the others: no step row yet.
      const next = patched(state, outcome.state);
      const tokens = [...returning(token, [], rest), ...rest];
      await commit({ status: 'RUNNING', state: JSON.stringify({ ...next, tokens }), steps: [] });
      return;
    }
    if (outcome.kind === 'fail') {
      const error = errorOf(outcome.code, outcome.message, element.name);
      const failed = { ...base, status: 'FAILED' as const, output: null, error: JSON.stringify(error) };
      const retry = element.config.retry as { count?: number; delayMs?: number } | undefined;
      if (retry && token.attempt < Number(retry.count ?? 0)) {
        const wait = Math.min(MAX_BACKOFF_MS, Number(retry.delayMs ?? 0) * 2 ** token.attempt);
        const again: Token = { elementId: token.elementId, attempt: token.attempt + 1, dueAt: finishedAt + wait };
        if (token.frames) again.frames = token.frames;
        const tokens = [again, ...rest];
        await commit({ status: 'WAITING', state: JSON.stringify({ ...state, tokens }), steps: [failed] });
        return;
      }
      const handler = def.transitions.find((t) => t.from === element.id && t.port === 'error');
      if (handler) {
        const tokens = [withFrames({ elementId: handler.to, attempt: 0 }, frames), ...rest];
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
    const ports = Array.isArray(outcome.port) ? outcome.port : [outcome.port];
    const onward = outcome.frames ?? frames;
    const next = def.transitions
      .filter((t) => t.from === element.id && ports.includes(t.port))
      .map((t) => withFrames({ elementId: t.to, attempt: 0 }, onward));
    // A loop's body that ends here goes back to its loop element for the next iteration.
    const tokens = [...(next.length ? next : returning({ ...token, frames: onward }, next, rest)), ...rest];
    const finished = tokens.length === 0;
    await commit(
      {
        status: finished ? 'COMPLETED' : 'RUNNING',
        state: JSON.stringify({ ...patched(state, outcome.state), results, tokens }),
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

const omit = (c: Record<string, unknown>, keys: string[]) =>
  keys.length ? Object.fromEntries(Object.entries(c).filter(([k]) => !keys.includes(k))) : c;
const pick = (c: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(c).filter(([k]) => keys.includes(k)));

function withFrames(t: Token, frames: string[]): Token {
  return frames.length ? { ...t, frames } : t;
}

/**
 * A token whose way ends (nothing follows, or a synchronize absorbed it) inside a loop's body:
 * when no other token is still in that body, the loop element runs again for its next iteration.
 */
function returning(token: Token, next: Token[], rest: Token[]): Token[] {
  const frames = token.frames ?? [];
  if (next.length || !frames.length) return [];
  const loop = frames[frames.length - 1];
  if (rest.some((t) => t.frames?.includes(loop))) return [];
  return [{ elementId: loop, attempt: 0, frames }];
}

/** The state with an element's changes: variables replaced, loops and joins merged (null ends a loop). */
function patched(state: InstanceState, p: StatePatch | undefined): InstanceState {
  if (!p) return state;
  const out = { ...state };
  if (p.vars) out.vars = p.vars;
  if (p.name !== undefined) out.name = p.name;
  if (p.joins) out.joins = { ...state.joins, ...p.joins };
  if (p.loops) {
    const loops: Record<string, LoopState> = { ...state.loops };
    for (const [id, l] of Object.entries(p.loops))
      if (l) loops[id] = l;
      else delete loops[id];
    out.loops = loops;
  }
  return out;
}
/** A commit that changes nothing but what it names (the sequence number still moves on). */
const same = (inst: InstanceRow): StepCommit => ({ status: inst.status, state: inst.state, steps: [], logs: [] });
