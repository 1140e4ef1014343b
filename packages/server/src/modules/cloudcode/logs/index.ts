import type { ServerContext } from '../../../context.js';
import type { ServerModule } from '../../module.js';
import { registerAppLogRoute } from './app-log.routes.js';
import { logLevelsMigrations } from './log-levels.migrations.js';
import { LogForwarder } from './forwarder.js';
import { LogLevels } from './log-levels.service.js';
import { registerLoggingRoutes } from './logging.routes.js';
import { LogSink } from './sink.js';

export { LogSink, type InvocationLogLine, type LogTransport } from './sink.js';
export { LogLevels } from './log-levels.service.js';
export type { LogLineInput } from './log-line.js';
export { LOG_NAMESPACE, serveLogNamespace } from './log-namespace.js';

/**
 * The log sink of a server, built once by the composition root (app.ts) as `ctx.cloudLogs`; the
 * real-time server gives it the fan-out across processes and serves its `/cloudcode` namespace.
 */
export function createLogSink(ctx: Pick<ServerContext, 'dbs' | 'cluster' | 'log' | 'config'>): LogSink {
  const allowPrivate = ctx.config.remoteFetchPrivate;
  const onError = (err: unknown) => ctx.log.warn({ err }, 'a log line was not delivered');
  const sink = new LogSink(
    new LogLevels(ctx.dbs, ctx.cluster.invalidation, allowPrivate),
    new LogForwarder({ allowPrivate }, onError),
    {},
    onError,
  );
  // `clearLoggers` empties the app's lines on every process.
  ctx.cluster.invalidation.register('log-lines', (appId) => {
    if (appId !== null) sink.forget(appId);
  });
  return sink;
}

/** The sink of a server context, for whoever wires cloud code's `onLog` (`sink.forInvocation`). */
export function logSinkOf(ctx: ServerContext): LogSink {
  return ctx.cloudLogs;
}

/**
 * Logs of an app: the app API's Logging group, the logging configuration of Settings, the
 * console's read of recent lines. The sink itself is `ctx.cloudLogs`; the live stream is served by
 * the real-time server (realtime/realtime-server.ts).
 */
export const cloudCodeLogsModule: ServerModule = {
  name: 'cloudcode-logs',
  partOf: ['settings'],
  systemMigrations: logLevelsMigrations,
  register(app, ctx) {
    registerAppLogRoute(app, ctx);
    registerLoggingRoutes(app, ctx);
    ctx.bus.on('app.deleted', ({ appId }) => {
      ctx.cloudLogs.forget(appId);
      ctx.cloudLogs.forwarder.forget(appId);
    });
    app.addHook('onClose', async () => ctx.cloudLogs.close());
  },
};
