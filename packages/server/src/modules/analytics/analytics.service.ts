import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  AGGREGATION_MS,
  type ActivityEntry,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  type ApiCallsRow,
  type AppStats,
  type MessagesRow,
  type PerformancePoint,
  type SeriesQuery,
  type UsersStatsRow,
  type WorkersRow,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { AnalyticsRepo } from './analytics.repo.js';
import { DAY, LATENCY_BOUNDS_MS } from './meter.js';

/** Days each named period reaches back, today included. */
const PERIOD_DAYS: Record<Exclude<AnalyticsPeriod, 'CUSTOM'>, number> = {
  DAY: 1,
  MONTH: 30,
  HALF_YEAR: 182,
  YEAR: 365,
};
/** The longest custom range and series asked for at once. */
const MAX_RANGE_MS = 400 * DAY;
const MAX_POINTS = 2000;
/** Services whose calls run cloud code. */
const WORKER_SERVICES = ['services', 'timers'];

export interface Range {
  from: number;
  to: number;
}

/** A date parameter as sent: epoch milliseconds (number or digits) or an ISO date. */
function dateOf(value: unknown, name: string): number {
  const n = typeof value === 'number' ? value : /^\d+$/.test(String(value)) ? Number(value) : Date.parse(String(value));
  if (!Number.isFinite(n) || n < 0)
    throw new ApiError('BAD_REQUEST', `'${name}' is not a date: send epoch milliseconds or an ISO date`);
  return n;
}

/**
 * The day-aligned range (UTC) of a period: named periods end with today, CUSTOM takes
 * `dateFrom`/`dateTo` (both required, from before to, at most 400 days).
 */
export function rangeOf(
  period: AnalyticsPeriod | undefined,
  dateFrom: unknown,
  dateTo: unknown,
  now = Date.now(),
): Range {
  const today = Math.floor(now / DAY) * DAY;
  if (period === 'CUSTOM') {
    if (dateFrom === undefined || dateTo === undefined)
      throw new ApiError('BAD_REQUEST', "A CUSTOM period needs 'dateFrom' and 'dateTo'");
    const from = Math.floor(dateOf(dateFrom, 'dateFrom') / DAY) * DAY;
    const to = Math.floor(dateOf(dateTo, 'dateTo') / DAY) * DAY + DAY;
    if (to <= from) throw new ApiError('BAD_REQUEST', "'dateFrom' must not be after 'dateTo'");
    if (to - from > MAX_RANGE_MS) throw new ApiError('BAD_REQUEST', 'A custom period spans at most 400 days');
    return { from, to };
  }
  const days = PERIOD_DAYS[period ?? 'MONTH'];
  return { from: today - (days - 1) * DAY, to: today + DAY };
}

/** The names chosen by `key[NAME]=true` segments (none chosen: undefined, meaning all). */
export function segmentsOf(query: Record<string, unknown>, key: string): string[] | undefined {
  const out: string[] = [];
  const prefix = `${key}[`;
  for (const [k, v] of Object.entries(query))
    if (k.startsWith(prefix) && k.endsWith(']') && (v === true || v === 'true')) out.push(k.slice(prefix.length, -1));
  return out.length ? out : undefined;
}

/** The messaging type of a messaging method: its push, email or publish routes. */
export function messagingTypeOf(method: string): string {
  if (/push/i.test(method)) return 'PUSH';
  if (/email/i.test(method)) return 'EMAIL';
  if (method === 'create' || /publish/i.test(method)) return 'PUBLISH';
  return 'OTHER';
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * The console's reading of the meter's rollups (decision 0058). Writes happen in the meter's
 * flushes; `flushed` flushes this process's counts first so a reading includes them.
 */
export class AnalyticsService {
  private readonly repo: AnalyticsRepo;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new AnalyticsRepo(ctx.dbs.system as unknown as Kysely<any>, ctx.dbs.kind);
  }

  private async flushed(): Promise<void> {
    await this.ctx.meter.flush().catch((err: unknown) => this.ctx.log.warn({ err }, 'Analytics flush failed'));
  }

  async apiCalls(appId: string, query: AnalyticsQuery): Promise<ApiCallsRow[]> {
    await this.flushed();
    const { from, to } = rangeOf(query.period, query.dateFrom, query.dateTo);
    const keys = segmentsOf(query, 'apiKeyName');
    const withService = query.withServiceName === true;
    const withMethod = query.withMethodName === true;
    const rows = await this.repo.callsByDay(appId, from, to, { keys, withService, withMethod });
    return rows.map((r) => ({
      timestamp: num(r.day),
      apiKeyName: String(r.key_name),
      serviceName: withService ? String(r.service) : null,
      methodName: withMethod ? String(r.method) : null,
      successCallCount: num(r.ok),
      errorCount: num(r.errors),
    }));
  }

  async messages(appId: string, query: AnalyticsQuery): Promise<MessagesRow[]> {
    await this.flushed();
    const { from, to } = rangeOf(query.period, query.dateFrom, query.dateTo);
    const keys = segmentsOf(query, 'apiKeyName');
    const types = segmentsOf(query, 'messagingType');
    const out = new Map<string, MessagesRow>();
    for (const r of await this.repo.messagingByDay(appId, from, to, keys)) {
      const messagingType = messagingTypeOf(String(r.method));
      if (types && !types.includes(messagingType)) continue;
      const k = `${num(r.day)}\u0000${String(r.key_name)}\u0000${messagingType}`;
      const row = out.get(k);
      if (row) row.count += num(r.ok);
      else out.set(k, { timestamp: num(r.day), apiKeyName: String(r.key_name), messagingType, count: num(r.ok) });
    }
    return [...out.values()].sort((a, b) => a.timestamp - b.timestamp || a.apiKeyName.localeCompare(b.apiKeyName));
  }

  async users(appId: string, query: AnalyticsQuery): Promise<UsersStatsRow[]> {
    await this.flushed();
    const { from, to } = rangeOf(query.period, query.dateFrom, query.dateTo);
    const counts = await this.repo.userCounts(appId, from, to);
    // Returning: active on a day without having been created that day.
    const returning = await this.repo.returningUsers(appId, from, to);
    const days = new Map<number, UsersStatsRow>();
    const rowOf = (day: number) => {
      let row = days.get(day);
      if (!row)
        days.set(day, (row = { timestamp: day, activeUsers: 0, newUsers: 0, registeredUsers: 0, returningUsers: 0 }));
      return row;
    };
    for (const c of counts) {
      const row = rowOf(num(c.day));
      if (c.kind === 'active') row.activeUsers = num(c.n);
      else if (c.kind === 'new') row.newUsers = num(c.n);
      else if (c.kind === 'registered') row.registeredUsers = num(c.n);
    }
    for (const r of returning) rowOf(num(r.day)).returningUsers = num(r.n);
    return [...days.values()].sort((a, b) => a.timestamp - b.timestamp);
  }

  async workers(appId: string, query: AnalyticsQuery): Promise<WorkersRow[]> {
    await this.flushed();
    const { from, to } = rangeOf(query.period, query.dateFrom, query.dateTo);
    const rows = await this.repo.serviceCallsByDay(appId, WORKER_SERVICES, from, to);
    return rows.map((r) => ({ timestamp: num(r.day), invocations: num(r.ok) + num(r.errors), errors: num(r.errors) }));
  }

  /** The series' intervals: each starts at `start + k·interval`, the last at or before `end` (read whole); 400 when there would be too many. */
  private series(query: SeriesQuery): { from: number; to: number; step: number } {
    const step = AGGREGATION_MS[query.aggregationPeriod];
    const from = query.startEpochSecond * 1000;
    const to = query.endEpochSecond * 1000;
    if (to < from) throw new ApiError('BAD_REQUEST', "'startEpochSecond' must not be after 'endEpochSecond'");
    if ((to - from) / step > MAX_POINTS)
      throw new ApiError('BAD_REQUEST', `At most ${MAX_POINTS} intervals: choose a longer 'aggregationPeriod'`);
    return { from, to, step };
  }

  async performance(appId: string, query: SeriesQuery): Promise<Record<string, PerformancePoint>> {
    await this.flushed();
    const { from, to, step } = this.series(query);
    const rows = await this.repo.latencyByInterval(appId, from, to, step);
    const hists = new Map<number, number[]>();
    for (const r of rows) {
      const k = num(r.start);
      let h = hists.get(k);
      if (!h) hists.set(k, (h = new Array(LATENCY_BOUNDS_MS.length).fill(0)));
      h[num(r.bucket)] += num(r.n);
    }
    const out: Record<string, PerformancePoint> = {};
    for (const [k, h] of hists) out[String(k / 1000)] = percentiles(h);
    return out;
  }

  async concurrentRequests(appId: string, query: SeriesQuery): Promise<Record<string, number>> {
    await this.flushed();
    const { from, to, step } = this.series(query);
    const rows = await this.repo.peaksByInterval(appId, from, to, step);
    const out: Record<string, number> = {};
    for (const r of rows) out[String(num(r.start) / 1000)] = num(r.n);
    return out;
  }

  async appStats(appId: string, period: AnalyticsPeriod | undefined): Promise<AppStats> {
    const p = period === 'CUSTOM' || !period ? 'MONTH' : period;
    const query = { period: p } as AnalyticsQuery;
    const { from, to } = rangeOf(p, undefined, undefined);
    const [calls, users, messages, workers] = await Promise.all([
      this.apiCalls(appId, query),
      this.users(appId, query),
      this.messages(appId, query),
      this.workers(appId, query),
    ]);
    const peak = await this.repo.peak(appId, from, to);
    const activeUsers = await this.repo.distinctActiveUsers(appId, from, to);
    const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
    return {
      period: p,
      from,
      to,
      apiCalls: sum(calls, (r) => r.successCallCount + r.errorCount),
      errors: sum(calls, (r) => r.errorCount),
      activeUsers: num(activeUsers?.n),
      newUsers: sum(users, (r) => r.newUsers),
      registeredUsers: sum(users, (r) => r.registeredUsers),
      messages: sum(messages, (r) => r.count),
      workerInvocations: sum(workers, (r) => r.invocations),
      peakConcurrentRequests: num(peak?.n),
    };
  }

  /** Stores a console activity event (the event as JSON, at most 16 KB). */
  async recordActivity(appId: string, developerId: string, event: Record<string, unknown>): Promise<void> {
    const text = JSON.stringify(event);
    if (Buffer.byteLength(text) > 16_384) throw new ApiError('BAD_REQUEST', 'The activity event is larger than 16 KB');
    await this.repo.insertActivity({
      id: crypto.randomUUID(),
      app_id: appId,
      developer_id: developerId,
      created: Date.now(),
      event: text,
    });
  }

  /** A page of the app's console activity events, newest first (the audit area's Console activity tab). */
  async loadActivity(
    appId: string,
    q: { offset?: number; pageSize?: number },
  ): Promise<{ data: ActivityEntry[]; totalRows: number }> {
    const [rows, totalRows] = await Promise.all([
      this.repo.listActivity(appId, q.offset ?? 0, q.pageSize ?? 50),
      this.repo.countActivity(appId),
    ]);
    return {
      data: rows.map((r) => ({
        id: String(r.id),
        developerId: r.developer_id == null ? null : String(r.developer_id),
        developer: r.email == null ? '' : String(r.email),
        created: Number(r.created),
        event: parseEvent(String(r.event)),
      })),
      totalRows,
    };
  }

  /** Drops rollups older than `before` (epoch ms): the meter keeps `analyticsRetentionDays`. */
  async prune(before: number): Promise<void> {
    await this.repo.prune(before);
  }

  /** Everything of a deleted app. */
  async forget(appId: string): Promise<void> {
    await this.repo.forget(appId);
  }
}

/**
 * p50/p90/p99 of a latency histogram: the rank's place inside its bucket, read linearly between the
 * bucket's bounds (the open last bucket answers its lower bound).
 */
export function percentiles(counts: number[]): PerformancePoint {
  const total = counts.reduce((a, b) => a + b, 0);
  const at = (q: number) => {
    const rank = q * total;
    let seen = 0;
    for (let b = 0; b < counts.length; b++) {
      if (!counts[b]) continue;
      if (seen + counts[b] >= rank) {
        const lower = b === 0 ? 0 : LATENCY_BOUNDS_MS[b - 1];
        const upper = LATENCY_BOUNDS_MS[b];
        if (!Number.isFinite(upper)) return lower;
        return Math.round((lower + ((rank - seen) / counts[b]) * (upper - lower)) * 100) / 100;
      }
      seen += counts[b];
    }
    return 0;
  };
  return { count: total, p50: at(0.5), p90: at(0.9), p99: at(0.99) };
}

/** A stored event back as an object; the write stored JSON of an object, so anything else is shown as it is. */
function parseEvent(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { value: text };
  }
}
