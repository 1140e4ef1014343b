import crypto from 'node:crypto';
import type { FlowDebugContext, FlowDebugEvent, FlowElement, FlowError } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import type { FlowDefinition } from '../definition.js';
import { definitionOf, type FlowsService } from '../flows.service.js';
import type { VersionWithName } from '../flows.repo.js';
import type { Outcome } from '../engine/elements/index.js';
import { ExpressionError, render } from '../engine/expressions.js';
import { flowWrites } from '../engine/flow-writes.js';
import type { EngineWatcher, InstanceRow, StepCommit } from '../engine/instances.repo.js';
import type { Engine } from '../engine/runner.js';
import { versionOfFlow } from './analytics.service.js';
import type { DebugRepo, LearningRow, SessionRow } from './debug.repo.js';
import { inferSchema } from './infer-schema.js';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);
const parse = (v: string | null) => (v === null ? null : (JSON.parse(v) as unknown));
const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
const short = (s: string) => s.slice(0, 64);
const FINAL = ['COMPLETED', 'FAILED', 'STOPPED'];
/** How long a process trusts its list of elements in learning mode (another process may start one). */
const LISTENING_TTL_MS = 2_000;

const emptyContext = (): FlowDebugContext => ({ trigger: null, results: {}, variables: {} });

/** A context as sent (`variables`, or `vars`, as the reference client's spec names them). */
function contextOf(body: unknown): FlowDebugContext {
  const b = isRec(body) ? body : {};
  const vars = b.variables ?? b.vars;
  return {
    trigger: b.trigger ?? null,
    results: isRec(b.results) ? b.results : {},
    variables: isRec(vars) ? vars : {},
  };
}

interface Followed {
  appId: string;
  versionId: string;
  sessionId: string;
}

/**
 * Debug sessions and learning mode (decision 0075). A session belongs to a version: one open at a
 * time (`forceStart` takes over), with a context of mocked data that single element runs read and
 * add their results to. A debug run is an ordinary engine instance with its session set, so it is
 * durable like any other and kept out of analytics by that column. History over HTTP is built from
 * the rows (elements run by hand, the debug instances' steps); the same events are sent live on
 * the bus (`flow.debug`) to the console's socket room of the version, by the process that ran them.
 */
export class DebugService implements EngineWatcher {
  /** Debug instances started or run here, by execution id: their commits are streamed. */
  private readonly followed = new Map<string, Followed>();
  private listening: { until: number; keys: Set<string>; loading?: Promise<void> } = { until: 0, keys: new Set() };

  constructor(
    private readonly ctx: ServerContext,
    private readonly flows: FlowsService,
    private readonly repo: DebugRepo,
    private readonly engine: Engine,
  ) {}

  private emit(appId: string, versionId: string, event: { type: string; sessionId: string | null } & Rec) {
    this.ctx.bus.emit('flow.debug', { appId, versionId, event });
  }

  private answer(s: SessionRow) {
    return {
      sessionId: s.id,
      versionId: s.version_id,
      startedAt: s.started_at,
      startedBy: s.developer_id,
      context: JSON.parse(s.context) as FlowDebugContext,
    };
  }

  async start(appId: string, flowId: string, versionId: string, developerId: string, force: boolean) {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    const row: SessionRow = {
      id: crypto.randomUUID(),
      app_id: appId,
      version_id: versionId,
      developer_id: developerId,
      status: 'ACTIVE',
      context: JSON.stringify(emptyContext()),
      started_at: Date.now(),
      stopped_at: null,
    };
    const { opened, open } = await this.repo.open(row, force);
    if (!opened)
      throw ApiError.conflict(
        `A debug session of this version is open (${open!.id}, started by ${open!.developer_id}): stop it or start with forceStart=true`,
        { sessionId: open!.id },
      );
    return this.answer(row);
  }

  /** The session named, or the version's open one (404 when there is none). */
  private async session(appId: string, flowId: string, versionId: string, sessionId?: string): Promise<SessionRow> {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    const s = sessionId ? await this.repo.session(sessionId) : await this.repo.active(versionId);
    if (!s || s.version_id !== versionId)
      throw ApiError.notFound(
        sessionId
          ? `Debug session '${short(sessionId)}' is not a session of this version`
          : 'No debug session is open for this version: start one first',
      );
    return s;
  }

  private async open(appId: string, flowId: string, versionId: string, sessionId?: string): Promise<SessionRow> {
    const s = await this.session(appId, flowId, versionId, sessionId);
    if (s.status !== 'ACTIVE') throw ApiError.conflict(`Debug session '${short(s.id)}' was stopped`);
    return s;
  }

  async stop(appId: string, flowId: string, versionId: string, sessionId?: string) {
    const s = await this.session(appId, flowId, versionId, sessionId);
    await this.repo.stop(s.id, Date.now());
    await this.stopRuns(s.id);
    return { success: true };
  }

  private async stopRuns(sessionId: string): Promise<number> {
    let n = 0;
    for (const id of await this.repo.activeInstances(sessionId))
      if (await this.engine.instances.stop(id, Date.now())) n++;
    return n;
  }

  async stopTrigger(appId: string, flowId: string, versionId: string, sessionId?: string) {
    const s = await this.session(appId, flowId, versionId, sessionId);
    return { stopped: await this.stopRuns(s.id) };
  }

  async context(appId: string, flowId: string, versionId: string, sessionId?: string): Promise<FlowDebugContext> {
    return JSON.parse((await this.session(appId, flowId, versionId, sessionId)).context) as FlowDebugContext;
  }

  async setContext(appId: string, flowId: string, versionId: string, body: unknown, sessionId?: string) {
    const s = await this.open(appId, flowId, versionId, sessionId);
    const context = contextOf(body);
    await this.repo.setContext(s.id, JSON.stringify(context));
    return context;
  }

  /** The session's history, oldest first: elements run by hand, its debug instances and their steps. */
  async history(appId: string, flowId: string, versionId: string, sessionId?: string): Promise<FlowDebugEvent[]> {
    const s = await this.session(appId, flowId, versionId, sessionId);
    const out: FlowDebugEvent[] = [];
    for (const e of await this.repo.events(s.id))
      out.push({
        id: e.id,
        at: e.at,
        kind: 'element',
        executionId: null,
        elementId: e.element_id,
        status: e.status,
        input: parse(e.input),
        output: parse(e.output),
        error: parse(e.error) as FlowError | null,
      });
    for (const i of await this.repo.instances(s.id)) {
      out.push({
        id: `${i.id}:start`,
        at: i.started_at,
        kind: 'instance',
        executionId: i.id,
        elementId: null,
        status: 'STARTED',
        input: parse(i.initial_data),
        output: null,
        error: null,
      });
      if (i.finished_at !== null)
        out.push({
          id: `${i.id}:end`,
          at: i.finished_at,
          kind: 'instance',
          executionId: i.id,
          elementId: null,
          status: i.status,
          input: null,
          output: null,
          error: parse(i.error) as FlowError | null,
        });
    }
    for (const st of await this.repo.steps(s.id))
      out.push({
        id: `${st.instance_id}:${st.seq}`,
        at: st.finished_at,
        kind: 'step',
        executionId: st.instance_id,
        elementId: st.element_id,
        status: st.status,
        input: parse(st.input),
        output: parse(st.output),
        error: parse(st.error) as FlowError | null,
      });
    // Equal times keep instance start, steps, instance end in that order.
    const rank = (e: FlowDebugEvent) => (e.kind === 'instance' ? (e.status === 'STARTED' ? 0 : 2) : 1);
    return out.sort((a, b) => a.at - b.at || rank(a) - rank(b));
  }

  async clear(appId: string, flowId: string, versionId: string, sessionId?: string) {
    const s = await this.session(appId, flowId, versionId, sessionId);
    await this.repo.clear(s.id);
    return { success: true };
  }

  /** The last hand-run result of each element in the version's open session. */
  async elementResults(appId: string, flowId: string, versionId: string): Promise<FlowDebugEvent[]> {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    const s = await this.repo.active(versionId);
    if (!s) return [];
    const last = new Map<string, FlowDebugEvent>();
    for (const e of await this.history(appId, flowId, versionId, s.id))
      if (e.kind === 'element' && e.elementId) last.set(e.elementId, e);
    return [...last.values()];
  }

  private element(v: VersionWithName, elementId: string): FlowElement {
    const element = definitionOf(v).elements.find((e) => e.id === elementId);
    if (!element) throw ApiError.notFound(`Element '${short(elementId)}' is not in this version`);
    return element;
  }

  /**
   * Runs one element of the version's current definition against the session's context (plus the
   * body's `context`), with `input` as the trigger's data for a trigger or as config overrides
   * otherwise. No instance is made; record and HTTP actions act for real. A delay answers when it
   * would resume instead of waiting. The result joins the session's context under the element's name.
   */
  async runElement(
    appId: string,
    flowId: string,
    versionId: string,
    elementId: string,
    body: unknown,
    sessionId?: string,
  ) {
    const v = await versionOfFlow(this.flows, appId, flowId, versionId);
    const s = await this.open(appId, flowId, versionId, sessionId);
    const element = this.element(v, elementId);
    const b = isRec(body) ? body : {};
    const saved = JSON.parse(s.context) as FlowDebugContext;
    const sent = isRec(b.context) ? contextOf({ ...saved, ...b.context }) : saved;
    const isTrigger = element.type.startsWith('trigger.');
    const context: FlowDebugContext = isTrigger && b.input !== undefined ? { ...sent, trigger: b.input } : sent;
    const startedAt = Date.now();
    const eventId = crypto.randomUUID();
    let input: unknown = null;
    let outcome: Outcome;
    try {
      const raw = !isTrigger && isRec(b.input) ? { ...element.config, ...b.input } : element.config;
      const scope = {
        $trigger: context.trigger,
        $initial: context.trigger,
        $results: context.results,
        $vars: context.variables,
        $now: startedAt,
        $instance: { executionId: `debug:${s.id}`, flowId, versionId, startedAt },
        $error: (context as Rec).error ?? null,
      };
      const config = render(raw, scope) as Rec;
      input = isTrigger ? context.trigger : config;
      outcome = await flowWrites.run(versionId, () =>
        this.engine.runElement({
          appId,
          executionId: `debug:${s.id}`,
          element,
          config,
          trigger: context.trigger,
          stepKey: `debug:${s.id}:${eventId}`,
          now: startedAt,
          frames: [],
          state: { vars: context.variables, loops: {}, joins: {} },
          incoming: definitionOf(v).transitions.filter((t) => t.to === element.id).length,
          scope,
          flowId,
        }),
      );
    } catch (err) {
      const code = err instanceof ExpressionError || err instanceof ApiError ? String(err.code) : 'ELEMENT_ERROR';
      outcome = { kind: 'fail', code, message: err instanceof Error ? err.message : String(err) };
    }
    const finishedAt = Date.now();
    const o = outcome as Outcome & Rec;
    const failed = o.kind === 'fail';
    const error: FlowError | null = failed
      ? { code: String(o.code), message: String(o.message), source: element.name }
      : null;
    const output = failed
      ? null
      : o.kind === 'wait'
        ? { resumesAt: o.dueAt }
        : o.kind === 'return'
          ? o.values
          : o.output;
    const port = failed || o.kind === 'return' ? null : typeof o.port === 'string' ? o.port : 'out';
    const status = failed ? ('FAILED' as const) : ('SUCCEEDED' as const);
    await this.repo.addEvent({
      id: eventId,
      session_id: s.id,
      at: finishedAt,
      element_id: element.id,
      status,
      input: json(input),
      output: json(output),
      error: json(error),
    });
    // The body's context mocked this run only: the result joins the session's saved context.
    if (!failed)
      await this.repo.setContext(
        s.id,
        JSON.stringify({ ...saved, results: { ...saved.results, [element.name]: output } }),
      );
    if (isTrigger && context.trigger !== null) await this.learn(appId, versionId, element.id, context.trigger);
    const run = { sessionId: s.id, elementId: element.id, status, input, output, port, error, startedAt, finishedAt };
    this.emit(appId, versionId, { type: 'element.finished', ...run });
    return run;
  }

  /**
   * Runs the version's current definition (it need not be LIVE, but must be READY) as a debug
   * instance of the named or open session (one is opened when there is none).
   */
  async runInstance(appId: string, flowId: string, versionId: string, developerId: string, body: unknown) {
    const v = await versionOfFlow(this.flows, appId, flowId, versionId);
    const b = isRec(body) ? body : {};
    const named = typeof b.sessionId === 'string' ? b.sessionId : undefined;
    const s =
      (named ? await this.open(appId, flowId, versionId, named) : await this.repo.active(versionId)) ??
      (await this.repo.session((await this.start(appId, flowId, versionId, developerId, false)).sessionId))!;
    if (v.status === 'NOT_READY')
      throw ApiError.conflict(
        `Version ${v.version_number} of '${v.name}' is NOT_READY: fix its validation errors first`,
      );
    const def: FlowDefinition = definitionOf(v);
    const trigger = def.elements.find((e) => e.type.startsWith('trigger.'));
    if (!trigger) throw ApiError.conflict('The version has no trigger to start from');
    const configId = crypto.randomUUID();
    await this.repo.insertConfig({
      id: configId,
      version_id: versionId,
      definition: JSON.stringify(def),
      created: Date.now(),
    });
    const saved = JSON.parse(s.context) as FlowDebugContext;
    const data = b.initialData ?? b.data ?? saved.trigger ?? {};
    const executionId = await this.engine.start(appId, { flowId, versionId, configId }, trigger, data, null, s.id);
    return { executionId: executionId!, sessionId: s.id };
  }

  // Watching the engine: debug instances are streamed, learning elements get their sample.

  started(row: InstanceRow): void {
    if (row.debug_session) {
      const f = { appId: row.app_id, versionId: row.version_id, sessionId: row.debug_session };
      this.followed.set(row.id, f);
      this.emit(f.appId, f.versionId, {
        type: 'instance.started',
        sessionId: f.sessionId,
        executionId: row.id,
        initialData: JSON.parse(row.initial_data),
      });
    }
    const keys = this.listeningKeys();
    if (keys.size && keys.has(`${row.version_id}:${firstElement(row)}`))
      void this.learn(row.app_id, row.version_id, firstElement(row), JSON.parse(row.initial_data)).catch((err) =>
        this.ctx.log.warn({ err }, 'a learning-mode sample was not kept'),
      );
  }

  committed(instanceId: string, c: StepCommit): void {
    const f = this.followed.get(instanceId);
    if (!f) return;
    for (const st of c.steps)
      this.emit(f.appId, f.versionId, {
        type: 'step.finished',
        sessionId: f.sessionId,
        executionId: instanceId,
        elementId: st.element_id,
        status: st.status,
        input: parse(st.input),
        output: parse(st.output),
        error: parse(st.error),
        startedAt: st.started_at,
        finishedAt: st.finished_at,
      });
    if (FINAL.includes(c.status)) {
      this.followed.delete(instanceId);
      this.emit(f.appId, f.versionId, {
        type: 'instance.finished',
        sessionId: f.sessionId,
        executionId: instanceId,
        status: c.status,
        error: c.error ? parse(c.error) : null,
      });
    }
  }

  /** Elements in learning mode (`version:element`), refreshed in the background when stale. */
  private listeningKeys(): Set<string> {
    const l = this.listening;
    if (l.until < Date.now() && !l.loading)
      l.loading = this.repo
        .listening()
        .then((rows) => {
          this.listening = {
            until: Date.now() + LISTENING_TTL_MS,
            keys: new Set(rows.map((r) => `${r.version_id}:${r.element_id}`)),
          };
        })
        .catch(() => {
          l.loading = undefined;
        });
    return l.keys;
  }

  private async learn(appId: string, versionId: string, elementId: string, sample: unknown): Promise<void> {
    const schema = inferSchema(sample);
    if (!(await this.repo.learned(versionId, elementId, JSON.stringify(sample), JSON.stringify(schema), Date.now())))
      return;
    this.listening.keys.delete(`${versionId}:${elementId}`);
    this.emit(appId, versionId, { type: 'learning.captured', sessionId: null, elementId, sample, schema });
  }

  private learningAnswer(r: LearningRow) {
    return {
      elementId: r.element_id,
      status: r.status,
      sample: parse(r.sample),
      schema: parse(r.schema),
      updated: r.updated,
    };
  }

  async startLearning(appId: string, flowId: string, versionId: string, elementId: string) {
    const v = await versionOfFlow(this.flows, appId, flowId, versionId);
    const element = this.element(v, elementId);
    if (!element.type.startsWith('trigger.'))
      throw ApiError.badRequest(`Learning mode records what reaches a trigger: '${element.name}' is not one`);
    const row: LearningRow = {
      version_id: versionId,
      element_id: elementId,
      status: 'LEARNING',
      sample: null,
      schema: null,
      updated: Date.now(),
    };
    await this.repo.setLearning(row);
    this.listening.keys.add(`${versionId}:${elementId}`);
    return this.learningAnswer(row);
  }

  async stopLearning(appId: string, flowId: string, versionId: string, elementId: string) {
    const r = await this.learningRow(appId, flowId, versionId, elementId);
    if (r.status === 'LEARNING') {
      r.status = 'STOPPED';
      r.updated = Date.now();
      await this.repo.setLearning(r);
      this.listening.keys.delete(`${versionId}:${elementId}`);
    }
    return this.learningAnswer(r);
  }

  private async learningRow(appId: string, flowId: string, versionId: string, elementId: string) {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    const r = await this.repo.learning(versionId, elementId);
    if (!r) throw ApiError.notFound(`Element '${short(elementId)}' was never in learning mode`);
    return r;
  }

  async learning(appId: string, flowId: string, versionId: string, elementId: string) {
    return this.learningAnswer(await this.learningRow(appId, flowId, versionId, elementId));
  }

  async learnings(appId: string, flowId: string, versionId: string) {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    return (await this.repo.learnings(versionId)).map((r) => this.learningAnswer(r));
  }
}

/** The element an instance starts at (its trigger). */
function firstElement(row: InstanceRow): string {
  const state = JSON.parse(row.state) as { tokens?: Array<{ elementId: string }> };
  return state.tokens?.[0]?.elementId ?? '';
}
