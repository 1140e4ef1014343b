import { Routes, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';
import type { Query } from '../transport/encode.js';

const r = Routes.analytics;
const a = Routes.activityManager;

/** The console's period names, as the reference client maps them to the server's. */
const PERIODS: Record<string, string> = { lastDay: 'MONTH', year: 'YEAR', month: 'MONTH', sixmo: 'HALF_YEAR' };
const periodOf = (period: string) => PERIODS[period] ?? 'MONTH';

/** `{[key[NAME]]: true}` for each chosen segment. */
function segments(key: string, names: string[] | undefined): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const name of names ?? []) out[`${key}[${name}]`] = true;
  return out;
}

/** An aggregation interval: its server name and its length in milliseconds. */
export interface AggregationInterval {
  name: string;
  value: number;
}

/** The range and interval of a performance or concurrency series (epoch milliseconds). */
export interface SeriesParams {
  aggInterval: AggregationInterval;
  from: number;
  to: number;
}

/** Options of `apiCalls`. */
export interface ApiCallsParams {
  clientTypes?: string[];
  columns?: { services?: boolean; methods?: boolean };
  period: string;
  from?: number | string;
  to?: number | string;
}

/** Options of `messages`. */
export interface MessagesParams {
  clientTypes?: string[];
  messagingTypes?: string[];
  period: string;
  from?: number | string;
  to?: number | string;
}

/** Options of `users`. */
export interface UsersParams {
  period: string;
  from?: number | string;
  to?: number | string;
}

/** The query of a series: the server counts in epoch seconds. */
const seriesQuery = ({ aggInterval, from, to }: SeriesParams) => ({
  aggregationPeriod: aggInterval.name,
  startEpochSecond: from / 1000,
  endEpochSecond: to / 1000,
});

/** A series answer keyed by epoch milliseconds for every interval of the range (gaps undefined). */
function bySteps<T>(points: Record<string, T>, { aggInterval, from, to }: SeriesParams): Record<number, T | undefined> {
  const out: Record<number, T | undefined> = {};
  for (let t = from; t <= to; t += aggInterval.value) out[t] = points[t / 1000];
  return out;
}

/** Usage statistics of an app (`analytics` group of the reference client). */
export function createAnalyticsGroup({ request }: GroupContext) {
  return {
    /** Totals of the app over a period (`month`, `year`, `sixmo`, `lastDay`). */
    getAppStats(appId: string, period: string): Promise<ResponseOf<typeof r.getAppStats>> {
      return request.route(r.getAppStats, [appId], { query: { period: periodOf(period) } });
    },

    /** Latency percentiles per interval, keyed by the interval start in epoch milliseconds. */
    async performance(
      appId: string,
      params: SeriesParams,
    ): Promise<Record<number, ResponseOf<typeof r.performance>[string] | undefined>> {
      const points = await request.route(r.performance, [appId], { query: seriesQuery(params) });
      return bySteps(points, params);
    },

    /** Largest number of requests in flight per interval, keyed by epoch milliseconds. */
    async concurrentRequests(appId: string, params: SeriesParams): Promise<Record<number, number | undefined>> {
      const points = await request.route(r.concurrentRequests, [appId], { query: seriesQuery(params) });
      return bySteps(points, params);
    },

    /** App API calls per day by client kind, and by service and method when `columns` asks. */
    apiCalls(
      appId: string,
      { clientTypes, columns = {}, period, from, to }: ApiCallsParams,
    ): Promise<ResponseOf<typeof r.apiCalls>> {
      const upper = period.toUpperCase();
      const query: Query = {
        ...segments('apiKeyName', clientTypes),
        withServiceName: columns.services,
        withMethodName: columns.methods,
        withSuccessCallCount: true,
        withErrorCount: true,
        period: upper,
      };
      if (upper === 'CUSTOM') Object.assign(query, { dateFrom: from, dateTo: to });
      return request.route(r.apiCalls, [appId], { query });
    },

    /** Messaging calls per day by client kind and messaging type. */
    messages(
      appId: string,
      { clientTypes, messagingTypes, period, from, to }: MessagesParams,
    ): Promise<ResponseOf<typeof r.messages>> {
      const upper = period.toUpperCase();
      const query: Query = {
        ...segments('apiKeyName', clientTypes),
        ...segments('messagingType', messagingTypes),
        period: upper,
      };
      if (upper === 'CUSTOM') Object.assign(query, { dateFrom: from, dateTo: to });
      return request.route(r.messages, [appId], { query });
    },

    /** Active, new, registered and returning users per day. */
    users(appId: string, { period, from, to }: UsersParams): Promise<ResponseOf<typeof r.users>> {
      const upper = period.toUpperCase();
      const query: Query = {
        withActiveUsers: true,
        withNewUsers: true,
        withRegisteredUsers: true,
        withReturningUsers: true,
        period: upper,
      };
      if (upper === 'CUSTOM') Object.assign(query, { dateFrom: from, dateTo: to });
      return request.route(r.users, [appId], { query });
    },

    /** Cloud code invocations per day; `query` is sent as given (`period`, `dateFrom`, `dateTo`). */
    workers(appId: string, query?: Query): Promise<ResponseOf<typeof r.workers>> {
      return request.route(r.workers, [appId], { query });
    },
  };
}

/** Console activity events (`activityManager` group of the reference client). */
export function createActivityManagerGroup({ request }: GroupContext) {
  return {
    /** Reports what the developer did in the app (any JSON object). */
    send(appId: string, event: Record<string, unknown>): Promise<ResponseOf<typeof a.send>> {
      return request.route(a.send, [appId], { body: event });
    },

    /** Ours: the stored events, newest first, `{data, totalRows}` (`offset`, `pageSize` up to 200). */
    load(appId: string, query?: { offset?: number; pageSize?: number }): Promise<ResponseOf<typeof a.load>> {
      return request.route(a.load, [appId], { query });
    },
  };
}

/** The `analytics` group's methods. */
export type AnalyticsGroup = ReturnType<typeof createAnalyticsGroup>;
/** The `activityManager` group's methods. */
export type ActivityManagerGroup = ReturnType<typeof createActivityManagerGroup>;
