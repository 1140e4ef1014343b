import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { NullableSchema } from '../schemas.js';

/**
 * Log levels, most severe first (Log4J's order, which the `backendless` SDK's Logging uses). A
 * logger set to a level keeps that level and the ones before it: `WARN` keeps FATAL, ERROR, WARN.
 */
export const LOG_LEVELS = ['OFF', 'FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE', 'ALL'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];
/** The levels a line can have (OFF and ALL only configure). */
export const LINE_LEVELS = ['FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE'] as const;
export type LineLevel = (typeof LINE_LEVELS)[number];

/** The logger whose level applies to every line (the name the SDK reads from `/info`). */
export const GLOBAL_LOGGER = 'Global logger';

/** Where a line came from: cloud code (by what ran), a deploy, an app's Logging calls, or the log pipe itself. */
export const LOG_LINE_KINDS = ['service', 'handler', 'timer', 'event', 'deploy', 'client', 'system'] as const;
export type LogLineKind = (typeof LOG_LINE_KINDS)[number];

/** One log line of an app, as the console receives it (socket.io `/cloudcode` and the ring read). */
export const CloudLogLineSchema = Type.Object({
  appId: Type.String(),
  /** A sequence number of the line in this server process's stream (ordering and dedup in a view). */
  seq: Type.Integer(),
  /** When the line was written, ms since the epoch. */
  ts: Type.Number(),
  level: Type.Union(LINE_LEVELS.map((l) => Type.Literal(l))),
  logger: Type.String(),
  message: Type.String(),
  kind: Type.Union(LOG_LINE_KINDS.map((k) => Type.Literal(k))),
  /** The service.method, handler, timer or event that ran. */
  name: Type.Optional(Type.String()),
  invocationId: Type.Optional(Type.String()),
});
export type CloudLogLine = Static<typeof CloudLogLineSchema>;

const LevelSchema = Type.Union(LOG_LEVELS.map((l) => Type.Literal(l)));
const LoggerSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  level: LevelSchema,
});

/**
 * An app's logging configuration: a level per logger, `Global logger` for every line. A line is
 * kept when its level is within the global level and within its logger's own level if it has one
 * (the rule the SDK applies on its side). Without entries everything is kept.
 */
export const AppLoggingConfigSchema = Type.Object({
  loggers: Type.Array(LoggerSchema),
});
export type AppLoggingConfig = Static<typeof AppLoggingConfigSchema>;

/**
 * Forwarding of an app's kept lines to an HTTP endpoint (a log collector, a syslog-over-HTTP bridge):
 * every line the levels keep is POSTed in batches as `{appId, lines: CloudLogLine[]}` JSON, with the
 * headers given (an `Authorization` token, say). `delivery` is what this server process saw of its
 * last batch.
 */
export const LogIntegrationSchema = Type.Object({
  enabled: Type.Boolean(),
  url: Type.String(),
  headers: Type.Record(Type.String(), Type.String()),
  updated: Type.Number(),
  delivery: Type.Object({
    /** Lines this process delivered since it started. */
    delivered: Type.Number(),
    lastAttempt: NullableSchema(Type.Number()),
    /** The last failure as the endpoint or the network said it; null after a success. */
    lastError: NullableSchema(Type.String()),
  }),
});
export type LogIntegration = Static<typeof LogIntegrationSchema>;

/** `getAppLogging`: the levels and the integration (null when none was set). */
export const AppLoggingSchema = Type.Object({
  loggers: Type.Array(LoggerSchema),
  integration: NullableSchema(LogIntegrationSchema),
});
export type AppLogging = Static<typeof AppLoggingSchema>;

const IntegrationBody = Type.Object(
  {
    enabled: Type.Boolean(),
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    headers: Type.Optional(Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: 4000 }))),
  },
  { additionalProperties: true },
);
export type LogIntegrationInput = Static<typeof IntegrationBody>;

const app = '/:appId/console';

/**
 * The logging rows of the reference's `settings` group that Basalt builds (the configuration of
 * loggers and levels), and the ring of recent log lines, a Basalt addition for the console's live
 * log drawer (its first paint before the socket's lines arrive).
 */
export const loggingRoutes = {
  getAppLogging: defineRoute({
    name: 'settings.getAppLogging',
    method: 'GET',
    path: `${app}/logging/config`,
    auth: 'developer',
    response: AppLoggingSchema,
    summary: "The app's loggers and their levels, and its log integration",
  }),
  setAppLoggingConfig: defineRoute({
    name: 'settings.setAppLoggingConfig',
    method: 'POST',
    path: `${app}/logging/config`,
    auth: 'developer',
    devPermission: DevOperations.LOG_CONFIG,
    body: Type.Object({ loggers: Type.Array(LoggerSchema, { maxItems: 500 }) }, { additionalProperties: true }),
    response: AppLoggingSchema,
    summary: "Replaces the app's loggers and levels; answers the stored configuration",
  }),
  setAppLoggingIntegration: defineRoute({
    name: 'settings.setAppLoggingIntegration',
    method: 'POST',
    path: `${app}/logging/integration`,
    auth: 'developer',
    devPermission: DevOperations.LOG_CONFIG,
    body: IntegrationBody,
    response: AppLoggingSchema,
    summary: '`{enabled, url, headers?}`: forwards the kept lines to an http(s) endpoint; `enabled: false` stops it',
  }),
  clearLoggers: defineRoute({
    name: 'settings.clearLoggers',
    method: 'DELETE',
    path: `${app}/logging/loggers`,
    auth: 'developer',
    devPermission: DevOperations.LOG_CONFIG,
    response: Type.Object({ removedLoggers: Type.Integer() }),
    summary: "Removes every logger's own level (the Global logger stays) and the app's stored log lines",
  }),
  getRecentLogs: defineRoute({
    name: 'bl.getRecentLogs',
    method: 'GET',
    path: `${app}/servercode/logs`,
    auth: 'developer',
    query: Type.Object({
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
    }),
    response: Type.Object({ lines: Type.Array(CloudLogLineSchema) }),
    summary: "The app's most recent log lines, oldest first (a Basalt addition)",
  }),
};
