import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server suites share one PostgreSQL; files run in parallel, each with its own schemas.
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
  },
});
