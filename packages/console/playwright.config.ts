import { defineConfig } from '@playwright/test';

// Debian's Chromium; Playwright's own browser downloads are not used on these machines.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Starts the real server on a free port with a throw-away data directory; see the file.
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // Set by the global setup before any worker starts.
    baseURL: process.env.BASALT_E2E_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.BASALT_CHROMIUM ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Every journey, on the global setup's server (SQLite unless BASALT_E2E_DATABASE_URL says otherwise).
    { name: 'chromium', testIgnore: '**/*-pg.spec.ts' },
    // The journeys that must hold on PostgreSQL too (the million-row browse); each starts its own
    // server on BASALT_TEST_PG_URL, which CI sets. Kept small: a few minutes at most.
    ...(process.env.BASALT_TEST_PG_URL ? [{ name: 'postgres', testMatch: '**/*-pg.spec.ts' }] : []),
  ],
});
