import crypto from 'node:crypto';
import type { SlaCalendar, SlaGoal } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { definitionOf, type FlowsService } from '../flows.service.js';
import type { EngineWatcher, InstanceRow, StepCommit } from '../engine/instances.repo.js';
import { versionOfFlow } from '../observe/analytics.service.js';
import { businessMs, isTimeZone, type Calendar } from './business-time.js';
import type { CalendarRow, GoalRow, SlaRepo } from './sla.repo.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };
const FINAL = ['COMPLETED', 'FAILED', 'STOPPED'];
/** How long a process trusts its list of versions with goals. */
const GOALS_TTL_MS = 2_000;
/** Instances followed for their goals at once; past it the oldest are forgotten. */
const FOLLOW_CAP = 100_000;
const short = (s: string) => s.slice(0, 64);

type CalendarInput = Omit<SlaCalendar, 'id' | 'created' | 'week' | 'holidays'> & {
  week?: SlaCalendar['week'];
  holidays?: string[];
};
type GoalInput = {
  name: string;
  target: number;
  unit?: string;
  metric?: string;
  elementId?: string | null;
  calendarId?: string | null;
  actions?: SlaGoal['actions'];
};

const calendarOf = (r: CalendarRow): Calendar => ({
  timezone: r.timezone,
  week: r.week === null ? null : JSON.parse(r.week),
  holidays: JSON.parse(r.holidays) as string[],
});

/**
 * SLA (decision 0075): business calendars per app, goals per version measured in business time,
 * compliance computed from the engine's rows when metrics are read, and breach actions run when a
 * measured instance finishes (LOG: one WARN line in the flow's log). It watches the engine like
 * debugging does: instances of versions with goals are followed from their start on this process.
 */
export class SlaService implements EngineWatcher {
  private goalsIndex: { until: number; versions: Set<string>; loading?: Promise<void> } = {
    until: 0,
    versions: new Set(),
  };
  private readonly followed = new Map<string, { appId: string; versionId: string }>();

  constructor(
    private readonly ctx: ServerContext,
    private readonly flows: FlowsService,
    private readonly repo: SlaRepo,
  ) {}

  private calendarAnswer(r: CalendarRow): SlaCalendar {
    const c = calendarOf(r);
    return { id: r.id, name: r.name, timezone: r.timezone, week: c.week, holidays: c.holidays, created: r.created };
  }

  async calendars(appId: string): Promise<SlaCalendar[]> {
    return (await this.repo.calendars(appId)).map((r) => this.calendarAnswer(r));
  }

  private async calendarRow(appId: string, id: string): Promise<CalendarRow> {
    const r = await this.repo.calendar(appId, id);
    if (!r) throw ApiError.notFound(`SLA calendar '${short(id)}' does not exist`);
    return r;
  }

  async saveCalendar(appId: string, body: CalendarInput, id?: string): Promise<SlaCalendar> {
    if (!isTimeZone(body.timezone))
      throw ApiError.field('BAD_REQUEST', 'timezone', `Unknown time zone '${body.timezone.slice(0, 64)}'`);
    for (const d of body.week ?? [])
      for (const iv of d.intervals)
        if (iv.from >= iv.to)
          throw ApiError.field('BAD_REQUEST', 'week', `${d.day}: ${iv.from}–${iv.to} ends before it starts`);
    const existing = id ? await this.calendarRow(appId, id) : undefined;
    const row: CalendarRow = {
      id: existing?.id ?? crypto.randomUUID(),
      app_id: appId,
      name: body.name,
      timezone: body.timezone,
      week: body.week ? JSON.stringify(body.week) : null,
      holidays: JSON.stringify(body.holidays ?? []),
      created: existing?.created ?? Date.now(),
    };
    await this.repo.saveCalendar(row, !existing);
    return this.calendarAnswer(row);
  }

  async deleteCalendar(appId: string, id: string) {
    await this.calendarRow(appId, id);
    await this.repo.deleteCalendar(id);
    return { success: true };
  }

  private goalAnswer(r: GoalRow): SlaGoal {
    return {
      id: r.id,
      versionId: r.version_id,
      name: r.name,
      target: r.target,
      unit: r.unit as SlaGoal['unit'],
      metric: r.metric as SlaGoal['metric'],
      elementId: r.element_id,
      calendarId: r.calendar_id,
      actions: JSON.parse(r.actions) as SlaGoal['actions'],
      created: r.created,
    };
  }

  async goals(appId: string, flowId: string, versionId: string): Promise<SlaGoal[]> {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    return (await this.repo.goals(versionId)).map((r) => this.goalAnswer(r));
  }

  async saveGoal(appId: string, flowId: string, versionId: string, body: GoalInput, id?: string): Promise<SlaGoal> {
    const v = await versionOfFlow(this.flows, appId, flowId, versionId);
    const existing = id ? (await this.repo.goals(versionId)).find((g) => g.id === id) : undefined;
    if (id && !existing) throw ApiError.notFound(`SLA goal '${short(id)}' is not a goal of this version`);
    const metric = body.metric ?? 'INSTANCE_DURATION';
    const elementId = body.elementId ?? null;
    if (metric === 'ELEMENT_DURATION' && !definitionOf(v).elements.some((e) => e.id === elementId))
      throw ApiError.field('BAD_REQUEST', 'elementId', 'An element duration goal names an element of the version');
    if (body.calendarId) await this.calendarRow(appId, body.calendarId);
    const unit = body.unit ?? 'ms';
    const row: GoalRow = {
      id: existing?.id ?? crypto.randomUUID(),
      version_id: versionId,
      name: body.name,
      target: body.target,
      unit,
      target_ms: Math.round(body.target * UNIT_MS[unit]),
      metric,
      element_id: metric === 'ELEMENT_DURATION' ? elementId : null,
      calendar_id: body.calendarId ?? null,
      actions: JSON.stringify(body.actions ?? []),
      created: existing?.created ?? Date.now(),
    };
    await this.repo.saveGoal(row, !existing);
    this.goalsIndex.versions.add(versionId);
    return this.goalAnswer(row);
  }

  async deleteGoal(appId: string, flowId: string, versionId: string, id: string) {
    await versionOfFlow(this.flows, appId, flowId, versionId);
    if (!(await this.repo.goals(versionId)).some((g) => g.id === id))
      throw ApiError.notFound(`SLA goal '${short(id)}' is not a goal of this version`);
    await this.repo.deleteGoal(id);
    return { success: true };
  }

  private async measure(appId: string, goal: GoalRow, from?: number, to?: number, executionId?: string) {
    const cal = goal.calendar_id ? await this.repo.calendar(appId, goal.calendar_id) : undefined;
    const rows =
      goal.metric === 'ELEMENT_DURATION' && goal.element_id
        ? await this.repo.elementRuns(goal.version_id, goal.element_id, from, to, executionId)
        : await this.repo.finishedInstances(goal.version_id, from, to, executionId);
    const calendar = cal ? calendarOf(cal) : null;
    return rows.map((r) => ({ ...r, businessMs: businessMs(r.start, r.end, calendar) }));
  }

  /** Compliance of each of the version's goals over a range (for the version metrics). */
  async compliance(appId: string, versionId: string, from?: number, to?: number) {
    const out = [];
    for (const goal of await this.repo.goals(versionId)) {
      const measured = await this.measure(appId, goal, from, to);
      const met = measured.filter((m) => m.businessMs <= goal.target_ms).length;
      out.push({
        goalId: goal.id,
        name: goal.name,
        measured: measured.length,
        met,
        breached: measured.length - met,
        compliance: measured.length ? met / measured.length : null,
      });
    }
    return out;
  }

  // Watching the engine: instances of versions with goals are measured when they finish.

  private versionsWithGoals(): Set<string> {
    const g = this.goalsIndex;
    if (g.until < Date.now() && !g.loading)
      g.loading = this.repo
        .versionsWithGoals()
        .then((versions) => {
          this.goalsIndex = { until: Date.now() + GOALS_TTL_MS, versions: new Set(versions) };
        })
        .catch(() => {
          g.loading = undefined;
        });
    return g.versions;
  }

  started(row: InstanceRow): void {
    if (row.debug_session || !this.versionsWithGoals().has(row.version_id)) return;
    if (this.followed.size >= FOLLOW_CAP) this.followed.delete(this.followed.keys().next().value!);
    this.followed.set(row.id, { appId: row.app_id, versionId: row.version_id });
  }

  committed(instanceId: string, c: StepCommit): void {
    if (!FINAL.includes(c.status)) return;
    const f = this.followed.get(instanceId);
    if (!f) return;
    this.followed.delete(instanceId);
    void this.evaluate(f.appId, f.versionId, instanceId).catch((err: unknown) =>
      this.ctx.log.warn({ err, instanceId }, 'an SLA goal was not evaluated'),
    );
  }

  /** Runs the breach actions of each goal the finished instance missed (once: it finishes once). */
  private async evaluate(appId: string, versionId: string, executionId: string): Promise<void> {
    for (const goal of await this.repo.goals(versionId)) {
      const actions = JSON.parse(goal.actions) as SlaGoal['actions'];
      if (!actions.some((a) => a.on === 'BREACH' && a.type === 'LOG')) continue;
      const measured = await this.measure(appId, goal, undefined, undefined, executionId);
      const worst = measured.reduce((m, r) => Math.max(m, r.businessMs), 0);
      if (!measured.length || worst <= goal.target_ms) continue;
      await this.repo.logBreach({
        id: crypto.randomUUID(),
        version_id: versionId,
        instance_id: executionId,
        element_id: goal.element_id ?? '',
        message: `SLA goal '${goal.name}' breached: ${worst} ms of business time, target ${goal.target_ms} ms`,
      });
    }
  }
}
