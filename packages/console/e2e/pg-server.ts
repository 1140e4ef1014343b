import { test as base } from '@playwright/test';
import { startServer, type RunningServer } from './server';

/**
 * Journeys that must also run on PostgreSQL: each worker starts its own server on
 * BASALT_TEST_PG_URL (a random schema prefix, dropped afterwards) and points `baseURL` at it, so the
 * default server of the global setup stays on SQLite. The `postgres` project of the Playwright
 * config exists only when BASALT_TEST_PG_URL is set.
 */
export const test = base.extend<object, { pgServer: RunningServer }>({
  pgServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const databaseUrl = process.env.BASALT_TEST_PG_URL;
      if (!databaseUrl) throw new Error('BASALT_TEST_PG_URL is not set: the postgres project needs it');
      const server = await startServer({ databaseUrl });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ pgServer }, use) => {
    await use(pgServer.url);
  },
});

export { expect } from '@playwright/test';
