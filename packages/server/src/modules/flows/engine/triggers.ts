import type { FlowElement } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import type { Job } from '../../../jobs/index.js';
import { ApiError } from '../../../http/api-error.js';
import type { FlowDefinition } from '../definition.js';
import type { FlowsRepo, VersionWithName } from '../flows.repo.js';
import { compare } from './elements.js';
import { render } from './expressions.js';
import { flowWrites } from './flow-writes.js';
import type { Engine } from './runner.js';

export const SCHEDULE_JOB = 'flows.schedule';
const scheduleJobId = (versionId: string) => `flow-schedule:${versionId}`;

/** A LIVE version's start: what the triggers need to begin an instance of it. */
interface LiveStart {
  flowId: string;
  versionId: string;
  configId: string;
  trigger: FlowElement;
}

/** How long a process trusts its list of an app's LIVE versions (others may enable or pause meanwhile). */
const INDEX_TTL_MS = 2_000;

type Rec = Record<string, unknown>;

/**
 * Starts instances: data events from the bus (never by polling), API activations and schedule
 * slots. Each app's LIVE versions are kept in a short-lived index, so a record written to an app
 * without flows costs one map look-up.
 */
export class Triggers {
  private readonly index = new Map<string, { until: number; starts: Promise<LiveStart[]> }>();

  constructor(
    private readonly ctx: ServerContext,
    private readonly flows: FlowsRepo,
    private readonly engine: Engine,
  ) {}

  /** Subscribes to the data events; answers the unsubscribe. */
  listen(): () => void {
    const offs = [
      this.ctx.bus.on('record.created', (e) => this.onRecord('created', e.appId, e.table, e.record)),
      this.ctx.bus.on('record.updated', (e) => this.onRecord('updated', e.appId, e.table, e.record)),
      this.ctx.bus.on('app.deleted', (e) => this.index.delete(e.appId)),
    ];
    return () => offs.forEach((off) => off());
  }

  /** Forgets an app's LIVE versions (this process changed one). */
  forget(appId: string): void {
    this.index.delete(appId);
  }

  private live(appId: string): Promise<LiveStart[]> {
    const now = Date.now();
    const known = this.index.get(appId);
    if (known && known.until > now) return known.starts;
    const starts = this.load(appId);
    this.index.set(appId, { until: now + INDEX_TTL_MS, starts });
    // A failed load is not kept: the next event tries again.
    starts.catch(() => this.index.delete(appId));
    return starts;
  }

  private async load(appId: string): Promise<LiveStart[]> {
    const out: LiveStart[] = [];
    for (const v of await this.flows.versionsIn(appId, 'LIVE')) {
      const start = await this.startOf(v);
      if (start) out.push(start);
    }
    return out;
  }

  private async startOf(v: VersionWithName): Promise<LiveStart | undefined> {
    if (!v.config_id) return undefined;
    const config = await this.flows.config(v.config_id);
    if (!config) return undefined;
    const def = JSON.parse(config.definition) as FlowDefinition;
    const trigger = def.elements.find((e) => e.type.startsWith('trigger.'));
    return trigger && { flowId: v.flow_id, versionId: v.id, configId: config.id, trigger };
  }

  private onRecord(event: 'created' | 'updated', appId: string, table: string, record: Rec): void {
    const writer = flowWrites.getStore();
    void this.live(appId)
      .then(async (starts) => {
        for (const s of starts) {
          const c = s.trigger.config;
          if (s.trigger.type !== 'trigger.data' || s.versionId === writer) continue;
          if (String(c.table).toLowerCase() !== table.toLowerCase()) continue;
          if (!Array.isArray(c.events) || !c.events.includes(event)) continue;
          if (!matches(c.condition, record)) continue;
          const key =
            event === 'created'
              ? `data:${s.versionId}:created:${String(record.objectId)}`
              : `data:${s.versionId}:updated:${String(record.objectId)}:${String(record.updated)}`;
          await this.engine.start(appId, s, s.trigger, record, key);
        }
      })
      .catch((err: unknown) => this.ctx.log.error({ err, appId, table }, 'starting flows for a data event failed'));
  }

  /** Starts a LIVE flow with an API trigger, named by its name, its id or one of its versions' ids. */
  async activate(appId: string, by: { name?: string; id?: string }, data: unknown): Promise<{ executionId: string }> {
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
    const start = await this.startOf({ ...live, name: flow.name });
    if (!start || start.trigger.type !== 'trigger.api')
      throw ApiError.badRequest(`Flow '${flow.name}' does not start from an API trigger`);
    const executionId = await this.engine.start(appId, start, start.trigger, data ?? {}, null);
    return { executionId: executionId! };
  }

  private async flowOf(appId: string, id: string) {
    return (
      (await this.flows.flow(appId, id)) ??
      (await this.flows.version(appId, id).then((v) => v && this.flows.flow(appId, v.flow_id)))
    );
  }

  /** A version changed state: its schedule follows (set up while LIVE, cancelled otherwise). */
  async changed(appId: string, v: VersionWithName): Promise<void> {
    this.forget(appId);
    const jobId = scheduleJobId(v.id);
    await this.ctx.jobs.repo.remove(jobId);
    if (v.status !== 'LIVE') return;
    const start = await this.startOf(v);
    if (!start || start.trigger.type !== 'trigger.schedule') return;
    const c = start.trigger.config;
    const every = c.mode === 'interval' ? Number(c.intervalSeconds) * 1000 : null;
    const startAt =
      c.startAt === undefined ? undefined : typeof c.startAt === 'number' ? c.startAt : Date.parse(String(c.startAt));
    const runAt = startAt ?? Date.now() + (every ?? 0);
    await this.ctx.jobs.add({
      id: jobId,
      kind: SCHEDULE_JOB,
      appId,
      payload: { versionId: v.id },
      runAt,
      repeatEveryMs: every,
    });
    this.ctx.jobs.wake();
  }

  /** One schedule slot: one instance, keyed by the slot so no slot starts two. */
  async fire(job: Job<{ versionId: string }>): Promise<void> {
    if (!job.appId) return;
    const v = await this.flows.version(job.appId, job.payload.versionId);
    if (!v || v.status !== 'LIVE') return;
    const start = await this.startOf(v);
    if (!start) return;
    const data = { firedAt: Date.now(), scheduledFor: job.runAt };
    await this.engine.start(job.appId, start, start.trigger, data, `sched:${v.id}:${job.runAt}`);
  }
}

/** A data trigger's optional condition: a `{{ }}` template read as true or false, or `{left, operator, right}`. */
function matches(condition: unknown, record: Rec): boolean {
  if (condition === undefined || condition === null || condition === '') return true;
  const scope = { $trigger: record };
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
