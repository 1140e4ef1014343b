import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { NullableSchema, PageSchema, SuccessSchema } from '../schemas.js';

const app = '/:appId/console';

/**
 * A reporting period as the reference client sends it: the last 30 days (MONTH, the default), the
 * last 182 days (HALF_YEAR), the last 365 days (YEAR), the last day (DAY), or CUSTOM with
 * `dateFrom`/`dateTo` (epoch milliseconds or an ISO date).
 */
export const AnalyticsPeriodSchema = Type.Union([
  Type.Literal('DAY'),
  Type.Literal('MONTH'),
  Type.Literal('HALF_YEAR'),
  Type.Literal('YEAR'),
  Type.Literal('CUSTOM'),
]);
export type AnalyticsPeriod = Static<typeof AnalyticsPeriodSchema>;

const DateParam = Type.Union([Type.Number(), Type.String({ maxLength: 40 })]);

/**
 * The period part of a statistics query. Segments arrive as extra keys (`apiKeyName[REST]=true`,
 * `messagingType[PUSH]=true`) and `with…` switches as the reference client sends them.
 */
export const AnalyticsQuerySchema = Type.Object(
  {
    period: Type.Optional(AnalyticsPeriodSchema),
    dateFrom: Type.Optional(DateParam),
    dateTo: Type.Optional(DateParam),
    withServiceName: Type.Optional(Type.Boolean()),
    withMethodName: Type.Optional(Type.Boolean()),
    withSuccessCallCount: Type.Optional(Type.Boolean()),
    withErrorCount: Type.Optional(Type.Boolean()),
    withActiveUsers: Type.Optional(Type.Boolean()),
    withNewUsers: Type.Optional(Type.Boolean()),
    withRegisteredUsers: Type.Optional(Type.Boolean()),
    withReturningUsers: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: Type.Union([Type.String({ maxLength: 20 }), Type.Boolean()]) },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuerySchema>;

/** Aggregation interval of the performance and concurrency series. */
export const AggregationPeriodSchema = Type.Union([
  Type.Literal('MINUTE'),
  Type.Literal('FIVE_MINUTES'),
  Type.Literal('HOUR'),
  Type.Literal('DAY'),
  Type.Literal('WEEK'),
]);
export type AggregationPeriod = Static<typeof AggregationPeriodSchema>;

/** Milliseconds of each aggregation interval. */
export const AGGREGATION_MS: Record<AggregationPeriod, number> = {
  MINUTE: 60_000,
  FIVE_MINUTES: 300_000,
  HOUR: 3_600_000,
  DAY: 86_400_000,
  WEEK: 604_800_000,
};

export const SeriesQuerySchema = Type.Object({
  aggregationPeriod: AggregationPeriodSchema,
  startEpochSecond: Type.Integer({ minimum: 0 }),
  endEpochSecond: Type.Integer({ minimum: 0 }),
});
export type SeriesQuery = Static<typeof SeriesQuerySchema>;

/** One row of `apiCalls`: calls of a day by client kind (API key name), service and method. */
export const ApiCallsRowSchema = Type.Object({
  timestamp: Type.Number(),
  apiKeyName: Type.String(),
  serviceName: Type.Union([Type.String(), Type.Null()]),
  methodName: Type.Union([Type.String(), Type.Null()]),
  successCallCount: Type.Number(),
  errorCount: Type.Number(),
});
export type ApiCallsRow = Static<typeof ApiCallsRowSchema>;

/** One row of `users`: a day's active, new, registered and returning users. */
export const UsersStatsRowSchema = Type.Object({
  timestamp: Type.Number(),
  activeUsers: Type.Number(),
  newUsers: Type.Number(),
  registeredUsers: Type.Number(),
  returningUsers: Type.Number(),
});
export type UsersStatsRow = Static<typeof UsersStatsRowSchema>;

/** One row of `messages`: a day's messaging calls by client kind and messaging type. */
export const MessagesRowSchema = Type.Object({
  timestamp: Type.Number(),
  apiKeyName: Type.String(),
  messagingType: Type.String(),
  count: Type.Number(),
});
export type MessagesRow = Static<typeof MessagesRowSchema>;

/** Latency percentiles (ms) of one interval; absent intervals had no calls. */
export const PerformancePointSchema = Type.Object({
  count: Type.Number(),
  p50: Type.Number(),
  p90: Type.Number(),
  p99: Type.Number(),
});
export type PerformancePoint = Static<typeof PerformancePointSchema>;

/** One row of `workers`: a day's cloud code invocations (custom services and timers). */
export const WorkersRowSchema = Type.Object({
  timestamp: Type.Number(),
  invocations: Type.Number(),
  errors: Type.Number(),
});
export type WorkersRow = Static<typeof WorkersRowSchema>;

/** Totals of an app over a period. */
export const AppStatsSchema = Type.Object({
  period: AnalyticsPeriodSchema,
  from: Type.Number(),
  to: Type.Number(),
  apiCalls: Type.Number(),
  errors: Type.Number(),
  activeUsers: Type.Number(),
  newUsers: Type.Number(),
  registeredUsers: Type.Number(),
  messages: Type.Number(),
  workerInvocations: Type.Number(),
  peakConcurrentRequests: Type.Number(),
});
export type AppStats = Static<typeof AppStatsSchema>;

/**
 * Usage statistics of an app from the app API's per-minute meter (decision 0058). `messages` is
 * `GET …/messaging` itself, a path the messaging area leaves free (its routes are below
 * `…/messaging/`).
 */
export const analyticsRoutes = {
  getAppStats: defineRoute({
    name: 'analytics.getAppStats',
    method: 'GET',
    path: `${app}/application/stats`,
    auth: 'developer',
    query: Type.Object({ period: Type.Optional(AnalyticsPeriodSchema) }),
    response: AppStatsSchema,
    summary: 'Totals of the app over a period: API calls, errors, users, messages, cloud code invocations',
  }),
  performance: defineRoute({
    name: 'analytics.performance',
    method: 'GET',
    path: `${app}/performance`,
    auth: 'developer',
    query: SeriesQuerySchema,
    response: Type.Record(Type.String(), PerformancePointSchema),
    summary: 'Latency percentiles of app API calls per interval, keyed by the interval start in epoch seconds',
  }),
  concurrentRequests: defineRoute({
    name: 'analytics.concurrentRequests',
    method: 'GET',
    path: `${app}/concurrent-requests`,
    auth: 'developer',
    query: SeriesQuerySchema,
    response: Type.Record(Type.String(), Type.Number()),
    summary: 'Largest number of app API requests in flight per interval, keyed by epoch seconds',
  }),
  apiCalls: defineRoute({
    name: 'analytics.apiCalls',
    method: 'GET',
    path: `${app}/apicalls`,
    auth: 'developer',
    query: AnalyticsQuerySchema,
    response: Type.Array(ApiCallsRowSchema),
    summary: 'App API calls per day by client kind (`apiKeyName[REST]=true` segments), service and method',
  }),
  messages: defineRoute({
    name: 'analytics.messages',
    method: 'GET',
    path: `${app}/messaging`,
    auth: 'developer',
    query: AnalyticsQuerySchema,
    response: Type.Array(MessagesRowSchema),
    summary: 'Messaging calls per day by client kind and messaging type (PUBLISH, PUSH, EMAIL, OTHER)',
  }),
  users: defineRoute({
    name: 'analytics.users',
    method: 'GET',
    path: `${app}/userstats`,
    auth: 'developer',
    query: AnalyticsQuerySchema,
    response: Type.Array(UsersStatsRowSchema),
    summary: 'Active, new, registered and returning users per day',
  }),
  workers: defineRoute({
    name: 'analytics.workers',
    method: 'GET',
    path: `${app}/workers`,
    auth: 'developer',
    query: AnalyticsQuerySchema,
    response: Type.Array(WorkersRowSchema),
    summary: 'Cloud code invocations per day',
  }),
};

/** A console activity event: any JSON object the console reports (at most 16 KB). */
export const ActivityEventSchema = Type.Record(Type.String(), Type.Unknown(), { maxProperties: 50 });

/** One stored console activity event, with who reported it (the developer's email; '' once they are gone). */
export const ActivityEntrySchema = Type.Object({
  id: Type.String(),
  developerId: NullableSchema(Type.String()),
  developer: Type.String(),
  created: Type.Number(),
  event: Type.Record(Type.String(), Type.Unknown()),
});
export type ActivityEntry = Static<typeof ActivityEntrySchema>;

/** The console's report of what a developer does in an app (part of Analytics), shown in the audit area. */
export const activityManagerRoutes = {
  send: defineRoute({
    name: 'activityManager.send',
    method: 'POST',
    path: `${app}/user-activity`,
    auth: 'developer',
    body: ActivityEventSchema,
    response: SuccessSchema,
    summary: 'Stores a console activity event of the app',
  }),
  /** Ours (the reference client only sends): the audit area lists what was stored. */
  load: defineRoute({
    name: 'activityManager.load',
    method: 'GET',
    path: `${app}/user-activity`,
    auth: 'developer',
    query: Type.Object({
      offset: Type.Optional(Type.Integer({ minimum: 0 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    }),
    response: PageSchema(ActivityEntrySchema),
    summary: "`{data: [ActivityEntry], totalRows}`: the app's console activity events, newest first",
  }),
};
