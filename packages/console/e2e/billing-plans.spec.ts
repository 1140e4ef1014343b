import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { startServer, type RunningServer } from './server';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

/** A server of its own with an operator's plans file: `roomy` (where apps start) and `tiny`. */
const test = base.extend<object, { plansServer: RunningServer }>({
  plansServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-e2e-plans-'));
      const file = path.join(dir, 'plans.json');
      fs.writeFileSync(
        file,
        JSON.stringify([
          { id: 'roomy', name: 'Roomy', periods: { monthly: 25, yearly: 250 }, components: [] },
          {
            id: 'tiny',
            name: 'Tiny',
            periods: { monthly: 0, yearly: 0 },
            components: [
              { id: 'api-calls-per-minute', limit: 50 },
              { id: 'file-storage-bytes', limit: 1048576 },
              { id: 'tables', limit: 2 },
            ],
          },
        ]),
      );
      const server = await startServer({ env: { BASALT_PLANS_FILE: file } });
      try {
        await use(server);
      } finally {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ plansServer }, use) => {
    await use(plansServer.url);
  },
});

test('a developer switches the app to a smaller plan and sees its usage bars', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('plans'));
  const appId = await createApp(page, 'Plans Journey');

  await page.goto(`/apps/${appId}/billing`);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Roomy');
  // An unlimited plan says so plainly instead of empty meters.
  await expect(page.getByTestId('no-limits')).toBeVisible();
  await expect(page.getByTestId('estimate')).toContainText('Paying yearly saves 50.00');

  await page.getByTestId('plan-tiny').getByRole('button', { name: 'Switch to Tiny' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Switch to Tiny (monthly)?');
  await expect(dialog).toContainText('API calls per minute 50 calls');
  await dialog.getByRole('button', { name: 'Switch plan' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('current-plan-name')).toHaveText('Tiny');
  await expect(page.getByTestId('plan-tiny')).toContainText('Current');
  const bars = page.getByTestId('usage-bars');
  await expect(bars.getByTestId('usage-file-storage-bytes')).toContainText('0 B of 1.0 MB');
  // The app's Users table does not count; a new app has none of its own tables.
  await expect(bars.getByTestId('usage-tables')).toContainText('0 of 2 tables');
  await expect(bars.getByRole('progressbar')).toHaveCount(3);

  // Usage moves: a table and a file later, the bars say so.
  const key = await page.evaluate(() => localStorage.getItem('basalt.authKey'));
  const authKey = key ?? '';
  const headers = { 'auth-key': authKey, 'content-type': 'application/json' };
  expect((await page.request.post(`/${appId}/console/data/tables`, { headers, data: { name: 'Orders' } })).ok()).toBe(
    true,
  );
  await page.reload();
  await expect(page.getByTestId('usage-tables')).toContainText('1 of 2 tables (50%)');
  await page.screenshot({ path: `${SHOTS}/billing-plans.png`, fullPage: true });

  // Back to the larger plan on a yearly period.
  await page.getByText('Yearly', { exact: true }).click();
  await expect(page.getByTestId('plan-roomy')).toContainText('250.00 / year');
  await page.getByTestId('plan-roomy').getByRole('button', { name: 'Switch to Roomy' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Switch plan' }).click();
  await expect(page.getByTestId('current-plan-name')).toHaveText('Roomy');
  await expect(page.getByTestId('current-plan')).toContainText('paid yearly');
  await expect(page.getByTestId('no-limits')).toBeVisible();
});
