import type { Kysely } from 'kysely';
import type { Databases } from '../../../db/dialect.js';
import type { JobRow } from '../../../jobs/index.js';
import type { JobsRepo } from '../../../jobs/index.js';

export interface InstanceRow {
  id: string;
  app_id: string;
  flow_id: string;
  version_id: string;
  config_id: string;
  status: string;
  trigger_key: string | null;
  initial_data: string;
  state: string;
  seq: number;
  error: string | null;
  result: string | null;
  started_at: number;
  finished_at: number | null;
  /** The debug session of a debug run (kept out of lists and metrics unless asked for). */
  debug_session?: string | null;
}

export interface StepRow {
  instance_id: string;
  seq: number;
  element_id: string;
  status: 'SUCCEEDED' | 'FAILED';
  input: string | null;
  output: string | null;
  error: string | null;
  started_at: number;
  finished_at: number;
}

export interface LogRow {
  id: string;
  version_id: string;
  instance_id: string;
  element_id: string;
  level: string;
  message: string;
  ts: number;
}

interface EngineTables {
  flow_instances: InstanceRow;
  flow_steps: StepRow;
  flow_logs: LogRow;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const instanceOf = (r: InstanceRow): InstanceRow => ({
  ...r,
  seq: Number(r.seq),
  started_at: Number(r.started_at),
  finished_at: num(r.finished_at),
});
const stepOf = (r: StepRow): StepRow => ({
  ...r,
  seq: Number(r.seq),
  started_at: Number(r.started_at),
  finished_at: Number(r.finished_at),
});

/** One step's commit: the instance's next state and the rows that record what happened. */
export interface StepCommit {
  status: string;
  state: string;
  error?: string | null;
  result?: string | null;
  finishedAt?: number | null;
  steps: Array<Omit<StepRow, 'instance_id' | 'seq'>>;
  logs: Array<Omit<LogRow, 'instance_id'>>;
}

export interface InstanceFilter {
  versionId: string;
  statuses?: string[];
  /** Started at or after / before (epoch ms). */
  from?: number;
  to?: number;
  /** Debug runs: left out (default), only them (true). */
  debug?: boolean;
}

/**
 * Who watches the engine's writes (debug sessions, learning mode): told after an instance was
 * started and after a step committed, on the process that wrote them. Watchers must be cheap for
 * instances they do not follow (one map look-up): they run on every start and commit.
 */
export interface EngineWatcher {
  started?(row: InstanceRow): void;
  committed?(instanceId: string, c: StepCommit): void;
}

const ACTIVE = ['RUNNING', 'WAITING'];
const LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'];
/** A level's place (unknown levels count as INFO). */
export const levelRank = (level: string) => {
  const i = LEVELS.indexOf(level.toUpperCase());
  return i < 0 ? 1 : i;
};

/** SQL of flow instances, their steps and log lines (system database, beside the job table). */
export class InstancesRepo {
  readonly db: Kysely<EngineTables>;
  readonly watchers: EngineWatcher[] = [];

  constructor(
    dbs: Databases,
    private readonly jobs: JobsRepo,
  ) {
    this.db = dbs.system as unknown as Kysely<EngineTables>;
  }

  /**
   * A new instance and the job that runs it, in one transaction. Answers false when the instance's
   * `trigger_key` was used already (the cause was seen before: no second instance).
   */
  async start(row: InstanceRow, job: JobRow): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('flow_instances').values(row).execute();
        await this.jobs.insert(job, trx);
      });
      this.tell((w) => w.started?.(row));
      return true;
    } catch (err) {
      if (row.trigger_key && (await this.byTrigger(row.trigger_key))) return false;
      throw err;
    }
  }

  /** The instance a trigger key started, if any. */
  async idByTrigger(key: string): Promise<string | undefined> {
    return (await this.byTrigger(key))?.id;
  }

  private byTrigger(key: string) {
    return this.db.selectFrom('flow_instances').select('id').where('trigger_key', '=', key).executeTakeFirst();
  }

  async get(id: string): Promise<InstanceRow | undefined> {
    const r = await this.db.selectFrom('flow_instances').selectAll().where('id', '=', id).executeTakeFirst();
    return r && instanceOf(r);
  }

  /**
   * Commits one step: the instance moves from `expectedSeq` to the next sequence number with its
   * new state, and the step and log rows are written, all or nothing. Answers false when the
   * instance was not at `expectedSeq` or no longer active (another run committed this step, or
   * the instance was stopped): the caller drops its work.
   */
  async commit(instanceId: string, expectedSeq: number, c: StepCommit): Promise<boolean> {
    const done = await this.db.transaction().execute(async (trx) => {
      const next = expectedSeq + Math.max(1, c.steps.length);
      const res = await trx
        .updateTable('flow_instances')
        .set({
          status: c.status,
          state: c.state,
          seq: next,
          ...(c.error !== undefined ? { error: c.error } : {}),
          ...(c.result !== undefined ? { result: c.result } : {}),
          ...(c.finishedAt !== undefined ? { finished_at: c.finishedAt } : {}),
        })
        .where('id', '=', instanceId)
        .where('seq', '=', expectedSeq)
        .where('status', 'in', ACTIVE)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      let seq = expectedSeq;
      for (const s of c.steps)
        await trx
          .insertInto('flow_steps')
          .values({ ...s, instance_id: instanceId, seq: seq++ })
          .execute();
      const logs = c.logs.length ? await this.keptLogs(trx, c.logs) : [];
      for (const l of logs)
        await trx
          .insertInto('flow_logs')
          .values({ ...l, instance_id: instanceId })
          .execute();
      return true;
    });
    if (done) this.tell((w) => w.committed?.(instanceId, c));
    return done;
  }

  /** A watcher's failure never undoes or fails the write it watched. */
  private tell(call: (w: EngineWatcher) => void): void {
    for (const w of this.watchers)
      try {
        call(w);
      } catch {
        // Watching is best effort: the rows are the truth.
      }
  }

  /**
   * The log lines at or above their flow's level (`flow_log_levels`, INFO when unset). Read only
   * when a step logs, so steps that do not pay nothing.
   */
  private async keptLogs(trx: Kysely<EngineTables>, logs: StepCommit['logs']): Promise<StepCommit['logs']> {
    const db = trx as unknown as Kysely<any>;
    const row = await db
      .selectFrom('flow_versions as v')
      .leftJoin('flow_log_levels as l', 'l.flow_id', 'v.flow_id')
      .select('l.level')
      .where('v.id', '=', logs[0].version_id)
      .executeTakeFirst();
    const least = levelRank(row?.level ?? 'INFO');
    return logs.filter((l) => levelRank(l.level) >= least);
  }

  /** Stops an active instance; moving `seq` on makes any step in flight fail its commit. */
  async stop(id: string, now: number): Promise<boolean> {
    const res = await this.db
      .updateTable('flow_instances')
      .set((eb) => ({ status: 'STOPPED', finished_at: now, seq: eb('seq', '+', 1) }))
      .where('id', '=', id)
      .where('status', 'in', ACTIVE)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Stops every active instance of a version (terminate). */
  async stopVersion(versionId: string, now: number): Promise<number> {
    const res = await this.db
      .updateTable('flow_instances')
      .set((eb) => ({ status: 'STOPPED', finished_at: now, seq: eb('seq', '+', 1) }))
      .where('version_id', '=', versionId)
      .where('status', 'in', ACTIVE)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  private filtered(f: InstanceFilter) {
    let q = this.db.selectFrom('flow_instances').where('version_id', '=', f.versionId);
    if (f.statuses?.length) q = q.where('status', 'in', f.statuses);
    if (f.from !== undefined) q = q.where('started_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('started_at', '<', f.to);
    q = q.where('debug_session', f.debug ? 'is not' : 'is', null);
    return q;
  }

  async find(f: InstanceFilter, offset: number, limit: number): Promise<InstanceRow[]> {
    const rows = await this.filtered(f)
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map(instanceOf);
  }

  async count(f: InstanceFilter): Promise<number> {
    const r = await this.filtered(f)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async steps(instanceId: string, elementId?: string): Promise<StepRow[]> {
    let q = this.db.selectFrom('flow_steps').selectAll().where('instance_id', '=', instanceId);
    if (elementId !== undefined) q = q.where('element_id', '=', elementId);
    return (await q.orderBy('seq').execute()).map(stepOf);
  }

  /** Active instances of a flow (any version), oldest first: mid-flow waits are activated among them. */
  async waitingIn(flowId: string, limit = 1000): Promise<InstanceRow[]> {
    const rows = await this.db
      .selectFrom('flow_instances')
      .selectAll()
      .where('flow_id', '=', flowId)
      // A branch may wait while another runs: the instance is RUNNING then.
      .where('status', 'in', ACTIVE)
      .orderBy('started_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(instanceOf);
  }
}
