import type { Kysely } from 'kysely';
import type { Databases } from '../../../db/dialect.js';

export interface CalendarRow {
  id: string;
  app_id: string;
  name: string;
  timezone: string;
  week: string | null;
  holidays: string;
  created: number;
}

export interface GoalRow {
  id: string;
  version_id: string;
  name: string;
  target_ms: number;
  target: number;
  unit: string;
  metric: string;
  element_id: string | null;
  calendar_id: string | null;
  actions: string;
  created: number;
}

const n = (v: unknown) => Number(v);
const calendarOf = (r: any): CalendarRow => ({ ...r, created: n(r.created) });
const goalOf = (r: any): GoalRow => ({ ...r, target_ms: n(r.target_ms), target: n(r.target), created: n(r.created) });

/** Rows a goal measures: finished instances, or runs of the goal's element. */
export interface Measured {
  executionId: string;
  start: number;
  end: number;
}

/** Most rows one compliance figure reads (the newest first); past it the figure covers these. */
const MEASURED_CAP = 10_000;

/** SQL of business calendars, SLA goals and what they measure. */
export class SlaRepo {
  private readonly db: Kysely<any>;

  constructor(dbs: Databases) {
    this.db = dbs.system as Kysely<any>;
  }

  async calendars(appId: string): Promise<CalendarRow[]> {
    const rows = await this.db
      .selectFrom('flow_sla_calendars')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('name')
      .execute();
    return rows.map(calendarOf);
  }

  async calendar(appId: string, id: string): Promise<CalendarRow | undefined> {
    const r = await this.db
      .selectFrom('flow_sla_calendars')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r && calendarOf(r);
  }

  async saveCalendar(row: CalendarRow, isNew: boolean): Promise<void> {
    if (isNew) await this.db.insertInto('flow_sla_calendars').values(row).execute();
    else
      await this.db
        .updateTable('flow_sla_calendars')
        .set({ name: row.name, timezone: row.timezone, week: row.week, holidays: row.holidays })
        .where('id', '=', row.id)
        .execute();
  }

  /** Deletes a calendar; goals on it fall back to wall-clock time. */
  async deleteCalendar(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('flow_sla_goals').set({ calendar_id: null }).where('calendar_id', '=', id).execute();
      await trx.deleteFrom('flow_sla_calendars').where('id', '=', id).execute();
    });
  }

  async goals(versionId: string): Promise<GoalRow[]> {
    const rows = await this.db
      .selectFrom('flow_sla_goals')
      .selectAll()
      .where('version_id', '=', versionId)
      .orderBy('created')
      .execute();
    return rows.map(goalOf);
  }

  /** Every version that has a goal (a small set, read every few seconds at most). */
  async versionsWithGoals(): Promise<string[]> {
    const rows = await this.db.selectFrom('flow_sla_goals').select('version_id').distinct().execute();
    return rows.map((r) => String(r.version_id));
  }

  async saveGoal(row: GoalRow, isNew: boolean): Promise<void> {
    if (isNew) await this.db.insertInto('flow_sla_goals').values(row).execute();
    else {
      const { id, version_id: _v, created: _c, ...change } = row;
      await this.db.updateTable('flow_sla_goals').set(change).where('id', '=', id).execute();
    }
  }

  async deleteGoal(id: string): Promise<void> {
    await this.db.deleteFrom('flow_sla_goals').where('id', '=', id).execute();
  }

  /** Finished non-debug instances of a version started in the range (or one instance by id). */
  async finishedInstances(versionId: string, from?: number, to?: number, executionId?: string): Promise<Measured[]> {
    let q = this.db
      .selectFrom('flow_instances')
      .select(['id', 'started_at', 'finished_at'])
      .where('version_id', '=', versionId)
      .where('debug_session', 'is', null)
      .where('finished_at', 'is not', null);
    if (from !== undefined) q = q.where('started_at', '>=', from);
    if (to !== undefined) q = q.where('started_at', '<', to);
    if (executionId !== undefined) q = q.where('id', '=', executionId);
    const rows = await q.orderBy('started_at', 'desc').limit(MEASURED_CAP).execute();
    return rows.map((r) => ({ executionId: String(r.id), start: n(r.started_at), end: n(r.finished_at) }));
  }

  /** Succeeded runs of an element in a version's instances started in the range (or in one instance). */
  async elementRuns(versionId: string, elementId: string, from?: number, to?: number, executionId?: string) {
    let q = this.db
      .selectFrom('flow_steps as s')
      .innerJoin('flow_instances as i', 'i.id', 's.instance_id')
      .select(['s.instance_id', 's.started_at', 's.finished_at'])
      .where('i.version_id', '=', versionId)
      .where('i.debug_session', 'is', null)
      .where('s.element_id', '=', elementId)
      .where('s.status', '=', 'SUCCEEDED');
    if (from !== undefined) q = q.where('i.started_at', '>=', from);
    if (to !== undefined) q = q.where('i.started_at', '<', to);
    if (executionId !== undefined) q = q.where('i.id', '=', executionId);
    const rows = await q.orderBy('s.started_at', 'desc').limit(MEASURED_CAP).execute();
    return rows.map((r) => ({ executionId: String(r.instance_id), start: n(r.started_at), end: n(r.finished_at) }));
  }

  /** A breach line in the version's flow log (the goal's LOG action). */
  async logBreach(row: { id: string; version_id: string; instance_id: string; element_id: string; message: string }) {
    await this.db
      .insertInto('flow_logs')
      .values({ ...row, level: 'WARN', ts: Date.now() })
      .execute();
  }
}
