import type { ServerContext } from '../../../context.js';
import type { Job } from '../../../jobs/index.js';
import { ApiError } from '../../../http/api-error.js';
import type { OutboxEvent } from '../../data/index.js';
import type { FlowsRepo, VersionWithName } from '../flows.repo.js';
import { compare } from './elements/index.js';
import { render } from './expressions.js';
import type { LiveIndex } from './live-index.js';
import type { Engine } from './runner.js';
import { flowSchedule, nextSlot } from './schedules.js';
import type { Reach, Waits } from './waits.js';

export const SCHEDULE_JOB = 'flows.schedule';
export const OUTBOX_JOB = 'flows.outbox';
const scheduleJobId = (versionId: string) => `flow-schedule:${versionId}`;
const OUTBOX_JOB_ID = 'flows-outbox-sweep';

/**
 * How long the process that wrote an outbox row has to relay it itself before the sweep takes it
 * (the writer died between the commit and the relay). `BASALT_FLOWS_RELAY_DELAY_MS` holds the
 * writer's own relay back (crash tests kill the process inside that window).
 */
export const SWEEP_AGE_MS = Number(process.env.BASALT_FLOWS_SWEEP_AGE_MS) || 2_000;
const RELAY_DELAY_MS = Number(process.env.BASALT_FLOWS_RELAY_DELAY_MS) || 0;
/** How often the deployment sweeps the outboxes of apps with LIVE versions. */
export const SWEEP_EVERY_MS = 2_000;

type Rec = Record<string, unknown>;

/**
 * Starts instances (decision 0072): data events from each app's transactional outbox (relayed at
 * once by the process that wrote them, swept by a job when that process died first), API
 * activations, schedule slots, user registrations and channel messages. Every start that could be
 * seen twice carries a `trigger_key` that the instance table keeps unique.
 */
export class Triggers {
  constructor(
    private readonly ctx: ServerContext,
    private readonly flows: FlowsRepo,
    private readonly engine: Engine,
    private readonly index: LiveIndex,
    private readonly waits: Waits,
  ) {}

  /** Subscribes to the bus; answers the unsubscribe. */
  listen(): () => void {
    const failed = (what: string, appId: string) => (err: unknown) =>
      this.ctx.log.error({ err, appId }, `starting flows for ${what} failed`);
    const offs = [
      this.ctx.bus.on('records.outboxed', (e) => {
        const relay = () => void this.relay(e.appId, e.ids).catch(failed('a data event', e.appId));
        if (RELAY_DELAY_MS) setTimeout(relay, RELAY_DELAY_MS).unref();
        else relay();
      }),
      this.ctx.bus.on('user.registered', (e) => {
        void this.onUser(e.appId, e.userId).catch(failed('a registration', e.appId));
      }),
      this.ctx.bus.on('message.published', (e) => {
        void this.onMessage(e.appId, e.channel, e.message).catch(failed('a message', e.appId));
      }),
      this.ctx.bus.on('app.deleted', (e) => this.index.drop(e.appId)),
    ];
    return () => offs.forEach((off) => off());
  }

  /** Sets up the outbox sweep once for the deployment (a repeating job; a second add finds it there). */
  async sweepEvery(ms: number): Promise<void> {
    if (await this.ctx.jobs.repo.byId(OUTBOX_JOB_ID)) return;
    await this.ctx.jobs
      .add({ id: OUTBOX_JOB_ID, kind: OUTBOX_JOB, appId: null, payload: {}, runAt: Date.now() + ms, repeatEveryMs: ms })
      .catch(() => undefined);
  }

  /** The sweep: every app with LIVE versions, outbox rows older than the writer's own relay window. */
  async sweep(): Promise<void> {
    for (const appId of this.index.appIds()) await this.relay(appId);
  }

  /**
   * Relays an app's outbox rows (the ones named, else those older than the sweep age) into
   * instances, then removes them. A row relayed twice (two processes, a crash before the removal)
   * starts nothing the second time: its instance's `trigger_key` exists already.
   */
  async relay(appId: string, ids?: string[]): Promise<number> {
    const outbox = this.ctx.data.outbox;
    const db = this.ctx.dbs.app(appId);
    let done = 0;
    for (;;) {
      const events = await outbox.pending(db, ids ? { ids } : { before: Date.now() - SWEEP_AGE_MS });
      if (!events.length) return done;
      for (const e of events) await this.dispatch(appId, e);
      await outbox.remove(
        db,
        events.map((e) => e.id),
      );
      done += events.length;
      if (ids || events.length < 500) return done;
    }
  }

  private async dispatch(appId: string, e: OutboxEvent): Promise<void> {
    for (const s of this.index.starts(appId)) {
      const c = s.trigger.config;
      if (s.trigger.type !== 'trigger.data' || s.versionId === e.writer) continue;
      if (String(c.table).toLowerCase() !== e.table.toLowerCase()) continue;
      if (!Array.isArray(c.events) || !c.events.includes(e.event)) continue;
      if (!matches(c.condition, e.record)) continue;
      // A record is created once; updates and deletes are each their own event.
      const key =
        e.event === 'created'
          ? `data:${s.versionId}:created:${e.objectId}`
          : `data:${s.versionId}:${e.event}:${e.objectId}:${e.id}`;
      await this.engine.start(appId, s, s.trigger, e.record, key);
    }
  }

  private async onUser(appId: string, userId: string): Promise<void> {
    const starts = this.index.starts(appId).filter((s) => s.trigger.type === 'trigger.userRegistered');
    if (!starts.length) return;
    const table = (await this.ctx.data.schema(appId)).table('Users');
    const user = table && (await this.ctx.data.records.read(appId, table, userId));
    const data = { ...(user ?? { objectId: userId }) } as Rec;
    delete data.password;
    for (const s of starts)
      if (matches(s.trigger.config.condition, data))
        await this.engine.start(appId, s, s.trigger, data, `user:${s.versionId}:${userId}`);
  }

  private async onMessage(appId: string, channel: string, message: unknown): Promise<void> {
    for (const s of this.index.starts(appId)) {
      const c = s.trigger.config;
      if (s.trigger.type !== 'trigger.message' || String(c.channel) !== channel) continue;
      const m = (message ?? {}) as Rec;
      const data = { channel, message: m.message, headers: m.headers ?? {}, publisherId: m.publisherId ?? null };
      if (!matches(c.condition, data)) continue;
      const id = typeof m.messageId === 'string' ? m.messageId : null;
      await this.engine.start(appId, s, s.trigger, data, id ? `msg:${s.versionId}:${id}` : null);
    }
  }

  /** Starts a LIVE flow with an API trigger, named by its name, its id or one of its versions' ids. */
  async activate(
    appId: string,
    by: { name?: string; id?: string },
    data: unknown,
    /** Names the cause when it may come twice (a flow step repeated): a second start answers the first instance. */
    triggerKey: string | null = null,
  ): Promise<{ executionId: string }> {
    const { flow, start } = await this.liveFlow(appId, by);
    if (start.trigger.type !== 'trigger.api')
      throw ApiError.badRequest(`Flow '${flow.name}' does not start from an API trigger`);
    const executionId =
      (await this.engine.start(appId, start, start.trigger, data ?? {}, triggerKey)) ??
      (triggerKey ? await this.engine.instances.idByTrigger(triggerKey) : undefined);
    return { executionId: executionId! };
  }

  /** A flow's LIVE version as the index holds it, or the 404 / 409 saying why there is none. */
  async liveFlow(appId: string, by: { name?: string; id?: string }) {
    const flow =
      by.name !== undefined ? await this.flows.flowNamed(appId, by.name) : await this.flowOf(appId, by.id ?? '');
    if (!flow) throw ApiError.notFound(`Flow '${String(by.name ?? by.id).slice(0, 200)}' does not exist`);
    const versions = await this.flows.flowVersions(flow.id);
    const live = versions.find((v) => v.status === 'LIVE');
    if (!live)
      throw ApiError.conflict(
        versions.some((v) => v.status === 'PAUSED')
          ? `Flow '${flow.name}' is paused`
          : `Flow '${flow.name}' has no LIVE version`,
      );
    let start = this.index.starts(appId).find((s) => s.versionId === live.id);
    if (!start) {
      // Enabled by another process a moment ago: read it now.
      await this.index.reload(appId);
      start = this.index.starts(appId).find((s) => s.versionId === live.id);
    }
    if (!start) throw ApiError.conflict(`Flow '${flow.name}' has no LIVE version`);
    return { flow, start };
  }

  /** Resumes instances waiting at a flow's `control.waitForEvent` named `trigger` (name or id). */
  async activateWait(
    appId: string,
    by: { name?: string; id?: string },
    trigger: string,
    reach: Reach,
    data: unknown,
  ): Promise<{ executionIds: string[] }> {
    const flow =
      by.name !== undefined ? await this.flows.flowNamed(appId, by.name) : await this.flowOf(appId, by.id ?? '');
    if (!flow) throw ApiError.notFound(`Flow '${String(by.name ?? by.id).slice(0, 200)}' does not exist`);
    return this.waits.activate(flow.id, trigger, reach, data);
  }

  private async flowOf(appId: string, id: string) {
    return (
      (await this.flows.flow(appId, id)) ??
      (await this.flows.version(appId, id).then((v) => v && this.flows.flow(appId, v.flow_id)))
    );
  }

  /** A version changed state: the index is read again here and elsewhere, and its schedule follows. */
  async changed(appId: string, v: VersionWithName): Promise<void> {
    await this.index.reload(appId);
    void this.ctx.cluster.invalidation.changed('flows', appId);
    const jobId = scheduleJobId(v.id);
    await this.ctx.jobs.repo.remove(jobId);
    if (v.status !== 'LIVE') return;
    const start = this.index.starts(appId).find((s) => s.versionId === v.id);
    if (!start || start.trigger.type !== 'trigger.schedule') return;
    const first = nextSlot(flowSchedule(start.trigger.config), Date.now() - 1);
    if (first === null) return;
    await this.ctx.jobs.add({ id: jobId, kind: SCHEDULE_JOB, appId, payload: { versionId: v.id }, runAt: first });
    this.ctx.jobs.wake();
  }

  /**
   * One schedule slot: one instance, keyed by the slot, so a slot run twice (a process died after
   * starting it, two processes) starts one; then the job waits for the next slot to come.
   */
  async fire(job: Job<{ versionId: string }>): Promise<void | { rerunAt: number }> {
    if (!job.appId) return;
    let start = this.index.starts(job.appId).find((s) => s.versionId === job.payload.versionId);
    if (!start) {
      // Enabled by another process a moment ago, or no longer LIVE (which ends the schedule).
      await this.index.reload(job.appId);
      start = this.index.starts(job.appId).find((s) => s.versionId === job.payload.versionId);
      if (!start) return;
    }
    if (start.trigger.type !== 'trigger.schedule') return;
    const data = { firedAt: Date.now(), scheduledFor: job.runAt };
    await this.engine.start(job.appId, start, start.trigger, data, `sched:${start.versionId}:${job.runAt}`);
    const next = nextSlot(flowSchedule(start.trigger.config), Math.max(job.runAt, Date.now()));
    return next === null ? undefined : { rerunAt: next };
  }
}

/** A trigger's optional condition: a `{{ }}` template read as true or false, or `{left, operator, right}`. */
export function matches(condition: unknown, data: unknown): boolean {
  if (condition === undefined || condition === null || condition === '') return true;
  const scope = { $trigger: data };
  try {
    if (typeof condition === 'object' && !Array.isArray(condition)) {
      const c = render(condition, scope) as Rec;
      return compare(c.left, String(c.operator), c.right);
    }
    return !!render(condition, scope);
  } catch {
    // A condition that cannot be read starts nothing (the version validated its syntax).
    return false;
  }
}
