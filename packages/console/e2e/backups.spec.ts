import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('a developer backs the app up, schedules backups, restores into a new app and opens it', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('backups'));
  const appId = await createApp(page, 'Backup Journey');

  // A table with two records, through the console API the page itself uses.
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const call = (method: string, path: string, body?: unknown) =>
    page.request.fetch(`/${appId}/console${path}`, {
      method,
      headers: authKey ? { 'auth-key': authKey } : {},
      ...(body !== undefined ? { data: body } : {}),
    });
  expect((await call('POST', '/data/tables', { name: 'Note' })).ok()).toBe(true);
  expect((await call('POST', '/data/tables/Note/columns', { name: 'text', dataType: 'STRING' })).ok()).toBe(true);
  expect((await call('POST', '/data/bulk/Note', [{ text: 'one' }, { text: 'two' }])).ok()).toBe(true);

  await page.goto(`/apps/${appId}/settings/backups`);
  await expect(page.getByText('No backups yet')).toBeVisible();

  await page.getByRole('button', { name: 'Back up now' }).click();
  await page.getByRole('dialog').getByLabel('Note').fill('Before the import');
  await page.getByRole('dialog').getByRole('button', { name: 'Start backup' }).click();
  const row = page.getByTestId('backup-row').first();
  await expect(row).toContainText('Before the import');
  await expect(row).toContainText('Done', { timeout: 30_000 });

  // The schedule: weekly on Monday, keep 3; the next run is shown after saving.
  await page.getByLabel('Automatic backups').check();
  await page.getByRole('combobox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await page.getByRole('combobox', { name: 'Day' }).click();
  await page.getByRole('option', { name: 'Monday' }).click();
  await page.getByLabel('Keep the newest').fill('3');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByTestId('next-backup')).toContainText('Next backup:');
  await page.screenshot({ path: `${SHOTS}/backups.png`, fullPage: true });

  // Restore into a new app, then open it: its Data area has the table.
  await row.getByRole('button', { name: /Actions for the backup/ }).click();
  await page.getByRole('menuitem', { name: 'Restore…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name of the new app').fill('Backup Journey restored');
  await page.screenshot({ path: `${SHOTS}/backups-restore.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Restore into a new app' }).click();
  const status = page.getByTestId('restore-status');
  await expect(status).toContainText('Backup restored', { timeout: 30_000 });
  await status.getByRole('button', { name: 'Open the new app' }).click();
  await expect(page).not.toHaveURL(new RegExp(appId));
  await page.goto(page.url().replace(/\/overview.*$/, '/data/Note'));
  await expect(page.getByText('2 records')).toBeVisible();
  await expect(page.getByRole('button', { name: /Switch app \(current: Backup Journey restored\)/ })).toBeVisible();
});
