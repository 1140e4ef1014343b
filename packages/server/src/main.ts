import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** How long open requests and sockets get to finish after SIGTERM before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

function installShutdown(app: FastifyInstance): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    // A stuck connection or database must not keep a stopped service alive forever; unref so the
    // timer itself never holds the process open once everything has closed.
    setTimeout(() => {
      app.log.error(`Shutdown took longer than ${SHUTDOWN_GRACE_MS} ms: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error(err);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  // The built console sits beside the server in the repository (from src/ or dist/ alike).
  config.consoleDir ??= path.resolve(here, '../../console/dist');
  // Databases are opened and migrated inside buildApp, before the port opens: once /console/status
  // answers, everything is ready.
  const app = await buildApp(config);
  // A diagnostic (http/loop-trace.ts): how long each request holds the event loop.
  if (process.env.BASALT_LOOP_TRACE)
    (await import('./http/loop-trace.js')).installLoopTrace(process.env.BASALT_LOOP_TRACE, app.server);
  installShutdown(app);
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : config.dataDir;
  app.log.info(
    `Basalt is ready on http://localhost:${config.port} (${app.basalt.dbs.kind}, data in ${where}, mail ${app.basalt.mailer.mode === 'smtp' ? 'via SMTP' : 'to this log'})`,
  );
}

main().catch((err: unknown) => {
  // Startup errors (bad setting, port in use, database unreachable) end the process with a short reason.
  const message = err instanceof Error ? err.message : String(err);
  console.error(`Basalt could not start: ${message}`);
  process.exit(1);
});
