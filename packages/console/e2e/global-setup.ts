import path from 'node:path';
import { startServer } from './server';

/**
 * Starts the server every journey of the default project uses: SQLite in a throw-away data
 * directory, or PostgreSQL when BASALT_E2E_DATABASE_URL is set (under a schema prefix of its own,
 * dropped after the run). The PostgreSQL-only journeys start their own server (see `pg-server.ts`).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer({ databaseUrl: process.env.BASALT_E2E_DATABASE_URL });
  process.env.BASALT_E2E_URL = server.url;
  // Journeys that seed large tables write straight into the app stores under this directory.
  process.env.BASALT_E2E_DATA_DIR = server.dataDir;
  process.env.BASALT_E2E_MAIL_DIR = path.join(server.dataDir, 'mail');
  if (server.databaseUrl) process.env.BASALT_E2E_PG_PREFIX = server.schemaPrefix;
  return server.stop;
}
