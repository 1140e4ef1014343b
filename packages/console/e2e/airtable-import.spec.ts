import { test as base, expect } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { startServer, type RunningServer } from './server';
import { STANDIN_TOKEN, startAirtableStandIn } from '../../server/src/modules/transfer/airtable-standin.test-helpers';

type StandIn = Awaited<ReturnType<typeof startAirtableStandIn>>;

/**
 * A local stand-in of the Airtable API (a real HTTP server with a base of two tables) and a server
 * of its own pointed at it; private fetching is on so the outbound guard lets 127.0.0.1 through.
 */
const test = base.extend<object, { airtable: StandIn; airtableServer: RunningServer }>({
  airtable: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const standIn = await startAirtableStandIn();
      try {
        await use(standIn);
      } finally {
        await standIn.close();
      }
    },
    { scope: 'worker' },
  ],
  airtableServer: [
    async ({ airtable }, use) => {
      const server = await startServer({
        env: { BASALT_AIRTABLE_API_URL: airtable.url, BASALT_REMOTE_FETCH_PRIVATE: 'true' },
      });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ airtableServer }, use) => {
    await use(airtableServer.url);
  },
});

test('Import from Airtable: token and base, choose tables, the job fills them and the tray shows it', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('airtable'));
  await createApp(page, 'Airtable import');
  await page.getByRole('link', { name: 'Data', exact: true }).click();

  await page.getByRole('button', { name: 'Import from…' }).click();
  await page.getByRole('menuitem', { name: 'Import from Airtable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from Airtable' });
  await dialog.getByLabel('Personal access token').fill('patWrong');
  await dialog.getByLabel('Base id').fill('appStandInBase1');
  await dialog.getByRole('button', { name: 'Show tables' }).click();
  await expect(dialog.getByText('Airtable refused the access token')).toBeVisible();

  await dialog.getByLabel('Personal access token').fill(STANDIN_TOKEN);
  await dialog.getByRole('button', { name: 'Show tables' }).click();
  await expect(dialog.getByText('→ Order_Items')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /People/ })).toBeChecked();
  await page.screenshot({ path: 'test-results/airtable-import-dialog.png' });

  await dialog.getByRole('button', { name: 'Import 2 tables' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: /^Tasks: / }).click();
  await expect(page.getByText('253 records into People, Order_Items')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/airtable-import-tray.png' });

  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'People', exact: true }).click();
  // The grid draws on a canvas; its cells are in the accessible table behind it.
  await expect(page.locator('td[role=gridcell]', { hasText: /^Person 0$/ }).first()).toBeAttached();
});
