import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { DevOperations } from '../dev-permissions.js';

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
    response: AppLoggingConfigSchema,
    summary: "The app's loggers and their levels",
  }),
  setAppLoggingConfig: defineRoute({
    name: 'settings.setAppLoggingConfig',
    method: 'POST',
    path: `${app}/logging/config`,
    auth: 'developer',
    devPermission: DevOperations.LOG_CONFIG,
    body: Type.Object({ loggers: Type.Array(LoggerSchema, { maxItems: 500 }) }, { additionalProperties: true }),
    response: AppLoggingConfigSchema,
    summary: "Replaces the app's loggers and levels; answers the stored configuration",
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
