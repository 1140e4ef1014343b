import { test as base } from '@playwright/test';
import { startServer, type RunningServer } from './server';

/**
 * The journeys' `test` on a server of its own (SQLite) that pauses `pauseMs` between CSV import
 * batches: a server-side import job is then surely still running while a journey follows it, however
 * fast the machine is.
 */
export function withPacedImports(pauseMs: number) {
  return base.extend<object, { pacedServer: RunningServer }>({
    pacedServer: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
      async ({}, use) => {
        const server = await startServer({ env: { BASALT_IMPORT_BATCH_PAUSE_MS: String(pauseMs) } });
        try {
          await use(server);
        } finally {
          await server.stop();
        }
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    baseURL: async ({ pacedServer }, use) => {
      await use(pacedServer.url);
    },
  });
}
