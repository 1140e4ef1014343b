import { expect, type Page } from '@playwright/test';
import { newTable } from './grid';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { withPacedImports } from './paced-server';

/**
 * A server of its own that pauses between import batches: on a quiet machine the server-side job
 * would otherwise write all six batches before the dialog could show its progress, and the journey
 * follows a running import across pages.
 */
const test = withPacedImports(1500);

const ROWS = 6_000;

/** A CSV of about 6 MB: streamed to the server, never read into the page. */
function bigCsv(): Buffer {
  // Wide rows keep the row count low: the records page behind the dialog follows every created
  // row live, and fewer rows keep the journey short. Still six batches of 1,000 rows.
  const pad = 'measured at the north gate; calibrated sensor; reading within range; '.repeat(15); // ~1,000 characters
  const lines = ['label,seq,note'];
  for (let i = 0; i < ROWS; i++) lines.push(`Reading ${i},${i},"${pad} ${i}"`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

function trayButton(page: Page) {
  return page.getByRole('button', { name: /^Tasks: / });
}

test('a 6 MB CSV is imported by the server, the task tray follows it across pages, and every row reaches the server', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await registerThroughUi(page, uniqueEmail('tray'));
  const appId = await createApp(page, 'Task tray');
  await expect(trayButton(page)).toHaveAccessibleName('Tasks: none running');

  // A small upload first: it finishes and stays in the tray as a finished task.
  await page.goto(`/apps/${appId}/files`);
  await page
    .getByLabel('Upload files')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('field notes') });
  await expect(page.getByRole('region', { name: 'Uploads' })).toContainText('1 of 1 file uploaded');

  // From here on the console is only navigated inside the page: the tray lives as long as the tab.
  await page.getByRole('link', { name: 'Data', exact: true }).click();
  await newTable(page, 'Readings', [
    ['label', 'String'],
    ['seq', 'Integer'],
    ['note', 'Text'],
  ]);

  const csv = bigCsv();
  expect(csv.length).toBeGreaterThan(5 * 1024 * 1024);
  // The file goes to the server once, as a stream; the dry run and the import are server-side.
  const requests = { uploads: 0, dryRuns: 0 };
  await page.route(`**/${appId}/console/import/csv/jobs**`, async (route) => {
    const url = new URL(route.request().url());
    if (route.request().method() === 'POST' && url.pathname.endsWith('/jobs')) requests.uploads += 1;
    if (url.pathname.endsWith('/dry-run')) requests.dryRuns += 1;
    await route.continue();
  });

  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV into Readings' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'readings.csv', mimeType: 'text/csv', buffer: csv });
  await dialog.getByRole('button', { name: 'Check rows (dry run)' }).click();
  await expect(dialog.getByTestId('import-dry-run')).toContainText('6,000 rows read', { timeout: 60_000 });
  expect(requests).toEqual({ uploads: 1, dryRuns: 1 });

  await dialog.getByRole('button', { name: 'Import 6,000 rows' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(trayButton(page)).toHaveAccessibleName('Tasks: 1 running');
  await dialog.getByRole('button', { name: 'Continue in background' }).click();
  await expect(dialog).toBeHidden();

  // Another page of the console: the import goes on and the tray still lists it. Opened from the keyboard.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit/);
  await trayButton(page).focus();
  await page.keyboard.press('Enter');
  const tray = page.getByRole('dialog', { name: 'Tasks' });
  await expect(tray).toBeVisible();
  const importTask = tray.getByRole('listitem', { name: 'Import readings.csv into Readings' });
  const uploadTask = tray.getByRole('listitem', { name: 'Upload notes.txt' });
  // Running, or already done: the server does not wait for the page.
  await expect(importTask).toContainText(/Running|Done/);
  await expect(uploadTask).toContainText('Done');
  await expect(uploadTask).toContainText('11 B of 11 B');

  await page.screenshot({ path: '/tmp/basalt-task-tray-running.png' });

  await expect(importTask).toContainText('Done', { timeout: 120_000 });
  await expect(importTask).toContainText('6,000 of 6,000 rows');
  await expect(importTask).toContainText('6,000 rows written');
  await expect(trayButton(page)).toHaveAccessibleName('Tasks: none running');
  expect(requests.uploads).toBe(1);

  // The server holds every row.
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey'));
  const count = await page.request.get(`/${appId}/console/data/Readings/count`, {
    headers: { 'auth-key': authKey ?? '' },
  });
  expect(count.ok()).toBe(true);
  expect(Number(await count.text())).toBe(ROWS);

  // Finished tasks are dismissed from the keyboard, one or all; Esc closes the tray.
  await tray.getByRole('button', { name: 'Dismiss Import readings.csv into Readings' }).focus();
  await page.keyboard.press('Enter');
  await expect(importTask).toHaveCount(0);
  await tray.getByRole('button', { name: 'Clear finished' }).click();
  await expect(tray).toContainText('No long tasks right now');
  await page.keyboard.press('Escape');
  await expect(tray).toBeHidden();
  await expect(trayButton(page)).toBeFocused();

  await page.goto(`/apps/${appId}/data/Readings`);
  await expect(page.getByTestId('records-total')).toHaveText('6,000 records');
});
