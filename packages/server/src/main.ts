import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, {});
  // The built console sits beside the server in the repository.
  config.consoleDir ??= path.resolve(here, '../../console/dist');
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error(err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Basalt is ready on http://localhost:${config.port} (${app.basalt.dbs.kind}, data in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
