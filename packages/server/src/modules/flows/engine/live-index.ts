import type { FlowElement } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import type { RecordEvent } from '../../data/index.js';
import type { FlowDefinition } from '../definition.js';
import type { FlowsRepo, VersionWithName } from '../flows.repo.js';

/** A LIVE version's start: what the triggers need to begin an instance of it. */
export interface LiveStart {
  flowId: string;
  versionId: string;
  configId: string;
  /** The flow's name (mid-flow triggers are activated by it). */
  flowName: string;
  trigger: FlowElement;
  definition: FlowDefinition;
}

/** Every so often the whole index is read again: a safety net for changes whose message never came. */
const RELOAD_EVERY_MS = 5_000;

/**
 * The LIVE versions of every app, in memory (decision 0072): loaded when the server starts, read
 * again for an app when this process or another changes one of its versions (invalidation kind
 * `flows`) and as a whole every few seconds. The tables their data triggers (and mid-flow data
 * waits) watch are handed to the data service's outbox, so a write to an app without flows costs
 * the outbox one map look-up and no query.
 */
export class LiveIndex {
  private apps = new Map<string, LiveStart[]>();
  private timer?: NodeJS.Timeout;
  /** Bumped by every change; a whole reload that began before one is not kept. */
  private generation = 0;

  constructor(
    private readonly ctx: ServerContext,
    private readonly flows: FlowsRepo,
  ) {}

  /** Loads every app's LIVE versions and keeps them fresh; answers the stop. */
  async start(): Promise<() => void> {
    await this.reloadAll();
    const off = this.ctx.cluster.invalidation.register('flows', (appId) => {
      void (appId === null ? this.reloadAll() : this.reload(appId)).catch((err: unknown) =>
        this.ctx.log.error({ err, appId }, 'reading LIVE flow versions failed'),
      );
    });
    this.timer = setInterval(() => {
      void this.reloadAll().catch((err: unknown) => this.ctx.log.error({ err }, 'reading LIVE flow versions failed'));
    }, RELOAD_EVERY_MS);
    this.timer.unref();
    return () => {
      off();
      clearInterval(this.timer);
    };
  }

  /** The LIVE starts of an app (none: an empty list), without waiting. */
  starts(appId: string): LiveStart[] {
    return this.apps.get(appId) ?? [];
  }

  /** Apps with at least one LIVE version. */
  appIds(): string[] {
    return [...this.apps.keys()];
  }

  private async reloadAll(): Promise<void> {
    const seen = this.generation;
    const rows = await this.flows.liveEverywhere();
    if (seen !== this.generation) return;
    const apps = new Map<string, LiveStart[]>();
    for (const r of rows) {
      const start = startOf(r, r.definition);
      if (start) apps.set(r.app_id, [...(apps.get(r.app_id) ?? []), start]);
    }
    this.apps = apps;
    this.ctx.data.outbox.watchAll(new Map([...apps].map(([appId, starts]) => [appId, watchedBy(starts)])));
  }

  /** Reads one app's LIVE versions again (this process changed one, or another process said so). */
  async reload(appId: string): Promise<void> {
    this.generation++;
    const starts: LiveStart[] = [];
    for (const v of await this.flows.versionsIn(appId, 'LIVE')) {
      const config = v.config_id ? await this.flows.config(v.config_id) : undefined;
      const start = startOf(v, config?.definition ?? null);
      if (start) starts.push(start);
    }
    if (starts.length) this.apps.set(appId, starts);
    else this.apps.delete(appId);
    this.ctx.data.outbox.watch(appId, watchedBy(starts));
  }

  /** Forgets an app (deleted). */
  drop(appId: string): void {
    this.generation++;
    this.apps.delete(appId);
    this.ctx.data.outbox.watch(appId, new Map());
  }
}

function startOf(v: VersionWithName, definition: string | null): LiveStart | undefined {
  if (!v.config_id || !definition) return undefined;
  const def = JSON.parse(definition) as FlowDefinition;
  const trigger = def.elements.find((e) => e.type.startsWith('trigger.'));
  return (
    trigger && {
      flowId: v.flow_id,
      versionId: v.id,
      configId: v.config_id,
      flowName: v.name,
      trigger,
      definition: def,
    }
  );
}

/** The tables and events the starts' data triggers listen to. */
function watchedBy(starts: LiveStart[]): Map<string, Set<RecordEvent>> {
  const out = new Map<string, Set<RecordEvent>>();
  for (const s of starts)
    for (const e of s.definition.elements) {
      const c = e.config;
      if (e.type !== 'trigger.data' || typeof c.table !== 'string' || !Array.isArray(c.events)) continue;
      const table = c.table.toLowerCase();
      const events = out.get(table) ?? new Set<RecordEvent>();
      for (const ev of c.events) if (ev === 'created' || ev === 'updated' || ev === 'deleted') events.add(ev);
      out.set(table, events);
    }
  return out;
}
