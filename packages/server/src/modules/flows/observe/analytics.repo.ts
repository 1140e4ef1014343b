import { sql, type Kysely } from 'kysely';
import type { Databases } from '../../../db/dialect.js';

export interface Range {
  versionId: string;
  from?: number;
  to?: number;
}

export interface DurationStats {
  avg: number;
  p50: number;
  p95: number;
  max: number;
}

export interface StepStats {
  elementId: string;
  executions: number;
  succeeded: number;
  failed: number;
  durationMs: DurationStats | null;
}

export interface RecordedError {
  executionId: string;
  elementId: string;
  error: string | null;
  at: number;
}

export interface LogQuery {
  versionId: string;
  /** Lowest level shown, as the levels at or above it. */
  levels?: string[];
  executionId?: string;
  elementId?: string;
  from?: number;
  to?: number;
}

const ACTIVE = ['RUNNING', 'WAITING'];
const n = (v: unknown) => Number(v ?? 0);
const duration = sql<number>`finished_at - started_at`;
const stepDuration = sql<number>`s.finished_at - s.started_at`;

/**
 * SQL of the instance analytics: aggregates over `flow_instances` and `flow_steps` of a version
 * in a date range (debug runs left out), the errors that reached an error handler, log lines,
 * historical configs and the clean-up. Every query starts from the `(version_id, started_at)`
 * index; percentiles are read as one ordered row at an offset each, so nothing is loaded whole.
 */
export class AnalyticsRepo {
  private readonly db: Kysely<any>;

  constructor(dbs: Databases) {
    this.db = dbs.system as Kysely<any>;
  }

  private instances(r: Range) {
    let q = this.db
      .selectFrom('flow_instances')
      .where('version_id', '=', r.versionId)
      .where('debug_session', 'is', null);
    if (r.from !== undefined) q = q.where('started_at', '>=', r.from);
    if (r.to !== undefined) q = q.where('started_at', '<', r.to);
    return q;
  }

  async statusCounts(r: Range): Promise<Record<string, number>> {
    const rows = await this.instances(r)
      .select(['status', (eb) => eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((x) => [String(x.status), n(x.n)]));
  }

  async instanceDurations(r: Range): Promise<DurationStats | null> {
    const finished = () => this.instances(r).where('finished_at', 'is not', null);
    const agg = await finished()
      .select([
        (eb) => eb.fn.countAll().as('n'),
        (eb) => eb.fn.avg(duration).as('avg'),
        (eb) => eb.fn.max(duration).as('max'),
      ])
      .executeTakeFirst();
    const count = n(agg?.n);
    if (!count) return null;
    const at = async (p: number) => {
      const row = await finished()
        .select(duration.as('d'))
        .orderBy(duration)
        .offset(Math.min(count - 1, Math.floor(p * count)))
        .limit(1)
        .executeTakeFirst();
      return n(row?.d);
    };
    return { avg: Math.round(n(agg?.avg)), p50: await at(0.5), p95: await at(0.95), max: n(agg?.max) };
  }

  private steps(r: Range) {
    let q = this.db
      .selectFrom('flow_steps as s')
      .innerJoin('flow_instances as i', 'i.id', 's.instance_id')
      .where('i.version_id', '=', r.versionId)
      .where('i.debug_session', 'is', null);
    if (r.from !== undefined) q = q.where('i.started_at', '>=', r.from);
    if (r.to !== undefined) q = q.where('i.started_at', '<', r.to);
    return q;
  }

  async stepStats(r: Range): Promise<StepStats[]> {
    const rows = await this.steps(r)
      .select([
        's.element_id',
        (eb) => eb.fn.countAll().as('n'),
        (eb) => eb.fn.sum(sql<number>`case when s.status = 'SUCCEEDED' then 1 else 0 end`).as('ok'),
        (eb) => eb.fn.avg(stepDuration).as('avg'),
        (eb) => eb.fn.max(stepDuration).as('max'),
      ])
      .groupBy('s.element_id')
      .execute();
    const out: StepStats[] = [];
    for (const row of rows) {
      const count = n(row.n);
      const at = async (p: number) => {
        const x = await this.steps(r)
          .where('s.element_id', '=', row.element_id)
          .select(stepDuration.as('d'))
          .orderBy(stepDuration)
          .offset(Math.min(count - 1, Math.floor(p * count)))
          .limit(1)
          .executeTakeFirst();
        return n(x?.d);
      };
      out.push({
        elementId: String(row.element_id),
        executions: count,
        succeeded: n(row.ok),
        failed: count - n(row.ok),
        durationMs: { avg: Math.round(n(row.avg)), p50: await at(0.5), p95: await at(0.95), max: n(row.max) },
      });
    }
    return out;
  }

  /**
   * Errors handled by `handlerId`: each run of the handler whose step is straight after a failed
   * attempt of another element (the error port's way in), newest first.
   */
  async recordedErrors(r: Range, handlerId: string, limit: number): Promise<{ rows: RecordedError[]; total: number }> {
    const base = () =>
      this.steps(r)
        .innerJoin('flow_steps as p', (j) =>
          j
            .onRef('p.instance_id', '=', 's.instance_id')
            .on(sql`p.seq`, '=', sql`s.seq - 1`)
            .on('p.status', '=', 'FAILED')
            .on('p.element_id', '!=', handlerId),
        )
        .where('s.element_id', '=', handlerId);
    const rows = await base()
      .select(['s.instance_id', 'p.element_id', 'p.error', 'p.finished_at'])
      .orderBy('p.finished_at', 'desc')
      .limit(limit)
      .execute();
    const total = await base()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return {
      rows: rows.map((x) => ({
        executionId: String(x.instance_id),
        elementId: String(x.element_id),
        error: x.error === null ? null : String(x.error),
        at: n(x.finished_at),
      })),
      total: n(total?.n),
    };
  }

  /** Deletes a version's finished instances (debug runs too) with their steps and log lines. */
  async clean(versionId: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const finished = trx
        .selectFrom('flow_instances')
        .select('id')
        .where('version_id', '=', versionId)
        .where('status', 'not in', ACTIVE);
      await trx.deleteFrom('flow_steps').where('instance_id', 'in', finished).execute();
      await trx
        .deleteFrom('flow_logs')
        .where('version_id', '=', versionId)
        .where('instance_id', 'in', finished)
        .execute();
      const res = await trx
        .deleteFrom('flow_instances')
        .where('version_id', '=', versionId)
        .where('status', 'not in', ACTIVE)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    });
  }

  async config(versionId: string, configId: string) {
    const row = await this.db
      .selectFrom('flow_configs')
      .selectAll()
      .where('id', '=', configId)
      .where('version_id', '=', versionId)
      .executeTakeFirst();
    return row && { id: String(row.id), definition: String(row.definition), created: n(row.created) };
  }

  private logs(q: LogQuery) {
    let s = this.db.selectFrom('flow_logs').where('version_id', '=', q.versionId);
    if (q.levels) s = s.where('level', 'in', q.levels);
    if (q.executionId !== undefined) s = s.where('instance_id', '=', q.executionId);
    if (q.elementId !== undefined) s = s.where('element_id', '=', q.elementId);
    if (q.from !== undefined) s = s.where('ts', '>=', q.from);
    if (q.to !== undefined) s = s.where('ts', '<', q.to);
    return s;
  }

  async findLogs(q: LogQuery, offset: number, limit: number) {
    const rows = await this.logs(q)
      .selectAll()
      .orderBy('ts', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
    const total = await this.logs(q)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return {
      rows: rows.map((x) => ({
        id: String(x.id),
        timestamp: n(x.ts),
        level: String(x.level),
        executionId: String(x.instance_id),
        elementId: String(x.element_id),
        message: String(x.message),
      })),
      total: n(total?.n),
    };
  }

  async logLevel(flowId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('flow_log_levels')
      .select('level')
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    return row ? String(row.level) : undefined;
  }

  async setLogLevel(flowId: string, level: string): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('flow_log_levels')
      .values({ flow_id: flowId, level, updated: now })
      .onConflict((oc) => oc.column('flow_id').doUpdateSet({ level, updated: now }))
      .execute();
  }
}
