import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Test files that set process.env at their top level for their whole run: each keeps a process of
// its own, so what it sets cannot reach the files after it.
const OWN_PROCESS = [
  'packages/server/src/modules/email/test/email.test.ts',
  'packages/server/src/modules/email/test/outbox.test.ts',
  'packages/server/src/jobs/timers.test.ts',
];
// The hostile-input fuzz measures how fast the server answers while it runs: `npm test` runs it
// alone, after the rest (scripts/test.mjs).
const FUZZ = ['packages/server/src/security-suite/hostile-fuzz.test.ts'];

const common = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Server suites share one PostgreSQL; files run in parallel, each with its own schemas.
  pool: 'forks' as const,
  execArgv: ['--no-node-snapshot'],
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, which then
    // mostly waits on PostgreSQL, sockets and timers. BASALT_TEST_WORKERS overrides.
    maxWorkers: Number(process.env.BASALT_TEST_WORKERS) || Math.max(3, os.availableParallelism()),
    projects: [
      {
        test: {
          ...common,
          name: 'main',
          include: ['packages/*/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...OWN_PROCESS, ...FUZZ],
          // Loading the server through Vitest's module runner costs seconds per file. Every file
          // already starts and closes its servers one after another in one process, so a worker keeps
          // the loaded modules from file to file instead of loading them again for each.
          isolate: false,
        },
      },
      { test: { ...common, name: 'own-process', include: OWN_PROCESS, isolate: true } },
      { test: { ...common, name: 'fuzz', include: FUZZ, isolate: true } },
    ],
  },
});
