import { expect, test, type Page } from '@playwright/test';
import { newTable } from './grid';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const ROWS = 6_000;

/** A CSV over the 5 MB line, so the console sends it in chunks of rows (about 6 MB). */
function bigCsv(): Buffer {
  // Wide rows keep the row count low: the records page behind the dialog follows every created
  // row live, and fewer rows keep the journey short. Still six chunks of 1,000 rows.
  const pad = 'measured at the north gate; calibrated sensor; reading within range; '.repeat(15); // ~1,000 characters
  const lines = ['label,seq,note'];
  for (let i = 0; i < ROWS; i++) lines.push(`Reading ${i},${i},"${pad} ${i}"`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

function trayButton(page: Page) {
  return page.getByRole('button', { name: /^Tasks: / });
}

test('a 6 MB CSV goes in chunks, the task tray follows it across pages, and every row reaches the server', async ({ page }) => {
  test.setTimeout(240_000);
  await registerThroughUi(page, uniqueEmail('tray'));
  const appId = await createApp(page, 'Task tray');
  await expect(trayButton(page)).toHaveAccessibleName('Tasks: none running');

  // A small upload first: it finishes and stays in the tray as a finished task.
  await page.goto(`/apps/${appId}/files`);
  await page.getByLabel('Upload files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('field notes') });
  await expect(page.getByRole('region', { name: 'Uploads' })).toContainText('1 of 1 file uploaded');

  // From here on the console is only navigated inside the page: the tray lives as long as the tab.
  await page.getByRole('link', { name: 'Data', exact: true }).click();
  await newTable(page, 'Readings', [['label', 'String'], ['seq', 'Integer'], ['note', 'Text']]);

  const csv = bigCsv();
  expect(csv.length).toBeGreaterThan(5 * 1024 * 1024);
  // Count the import requests, and hold the written chunks after the second one until the test
  // has looked at the tray mid-import (however busy the machine is); every chunk still reaches the
  // real server.
  const chunkRequests = { dryRun: 0, write: 0 };
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/${appId}/console/import/csv**`, async (route) => {
    const dryRun = new URL(route.request().url()).searchParams.get('dryRun') === 'true';
    if (dryRun) chunkRequests.dryRun += 1;
    else {
      chunkRequests.write += 1;
      if (chunkRequests.write > 2) await released;
    }
    await route.continue();
  });

  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV into Readings' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'readings.csv', mimeType: 'text/csv', buffer: csv });
  await dialog.getByRole('button', { name: 'Check rows (dry run)' }).click();
  await expect(dialog.getByTestId('import-dry-run')).toContainText('6,000 rows read', { timeout: 60_000 });
  expect(chunkRequests.dryRun).toBeGreaterThan(1);

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
  await expect(importTask).toContainText('Running');
  await expect(uploadTask).toContainText('Done');
  await expect(uploadTask).toContainText('11 B of 11 B');

  // Two chunks of 1,000 rows are in: the tray says so, with a third of the bar.
  await expect(importTask).toContainText('2,000 of 6,000 rows · 33%', { timeout: 30_000 });
  await page.screenshot({ path: '/tmp/basalt-task-tray-running.png' });

  // Let the rest through at full speed and wait for the outcome.
  release();
  await expect(importTask).toContainText('Done', { timeout: 120_000 });
  await expect(importTask).toContainText('6,000 rows written');
  await expect(trayButton(page)).toHaveAccessibleName('Tasks: none running');
  expect(chunkRequests.write).toBeGreaterThan(1);

  // The server holds every row.
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey'));
  const count = await page.request.get(`/${appId}/console/data/Readings/count`, { headers: { 'auth-key': authKey ?? '' } });
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
