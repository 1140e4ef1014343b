import { expect, type Page } from '@playwright/test';
import { newTable } from './grid';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { withPacedImports } from './paced-server';

const ROWS = 45_000;

/**
 * A server of its own, on SQLite, that pauses between import batches so the journey can close the
 * tab while the job is surely still running, however fast the machine is.
 */
const test = withPacedImports(1000);

function csv(): Buffer {
  const lines = ['label,seq'];
  for (let i = 0; i < ROWS; i++) lines.push(`Reading ${i},${i}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

const trayButton = (page: Page) => page.getByRole('button', { name: /^Tasks: / });

async function count(page: Page, appId: string): Promise<number> {
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey'));
  const res = await page.request.post(`/${appId}/console/data/Readings/count`, {
    headers: { 'auth-key': authKey ?? '' },
    data: {},
  });
  expect(res.ok()).toBe(true);
  return Number(await res.text());
}

test('a 45,000-row import runs on the server: after the tab is closed mid-way the tray finds it again, and Roll back leaves the table as it was', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await registerThroughUi(page, uniqueEmail('importjob'));
  const appId = await createApp(page, 'Import jobs');
  await page.getByRole('link', { name: 'Data', exact: true }).click();
  await newTable(page, 'Readings', [
    ['label', 'String'],
    ['seq', 'Integer'],
  ]);

  // Two records that were there before the import.
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey'));
  for (const label of ['kept one', 'kept two']) {
    const res = await page.request.post(`/${appId}/console/data/Readings`, {
      headers: { 'auth-key': authKey ?? '' },
      data: { label, seq: -1 },
    });
    expect(res.ok()).toBe(true);
  }
  expect(await count(page, appId)).toBe(2);

  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV into Readings' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'readings.csv', mimeType: 'text/csv', buffer: csv() });
  await dialog.getByRole('button', { name: 'Check rows (dry run)' }).click();
  // The whole file is dry-run on the server, in one go: no chunking, no row limit.
  await expect(dialog.getByTestId('import-dry-run')).toContainText(
    '45,000 rows read · 45,000 would be written · 0 would be rejected',
    { timeout: 60_000 },
  );
  await dialog.getByRole('button', { name: 'Import 45,000 rows' }).click();
  await expect(trayButton(page)).toHaveAccessibleName('Tasks: 1 running');
  // Some batches are in (the job's rows are in the table) before the tab goes.
  await expect.poll(() => count(page, appId), { timeout: 60_000 }).toBeGreaterThanOrEqual(2 + 2000);

  // Closing the tab does not ask first (the work is on the server) and does not stop the job.
  await page.close({ runBeforeUnload: true });
  // Reopened on the app's overview: the tray is the same on every page (the table's grid would
  // also follow each imported row live, which keeps a busy machine's page slow to answer).
  const again = await context.newPage();
  await again.goto(`/apps/${appId}`);
  await expect(trayButton(again)).toHaveAccessibleName('Tasks: 1 running', { timeout: 30_000 });
  await trayButton(again).click();
  const tray = again.getByRole('dialog', { name: 'Tasks' });
  const job = tray.getByRole('listitem', { name: 'Import readings.csv into Readings' });
  await expect(job).toContainText('Running');
  await expect(job).toContainText(/[\d,]+ of 45,000 rows · \d+%/);
  await expect(job.getByRole('button', { name: 'Roll back Import readings.csv into Readings' })).toBeVisible();
  await again.screenshot({ path: '/tmp/basalt-import-job-tray.png' });
  const before = await count(again, appId);
  expect(before).toBeGreaterThan(2);
  expect(before).toBeLessThan(2 + ROWS);

  await job.getByRole('button', { name: 'Roll back Import readings.csv into Readings' }).click();
  const confirm = again.getByRole('dialog', { name: 'Roll back the import of readings.csv?' });
  await expect(confirm).toContainText('Rows that were there before stay as they are');
  await confirm.getByRole('button', { name: 'Roll back' }).click();
  await expect(confirm).toBeHidden();
  if (!(await tray.isVisible())) await trayButton(again).click();
  await expect(job).toContainText('Cancelled', { timeout: 60_000 });
  await expect(job).toContainText('Rolled back: the table is as it was');
  await again.screenshot({ path: '/tmp/basalt-import-job-rolled-back.png' });

  // The table is as it was: the two records from before, none of the file's.
  expect(await count(again, appId)).toBe(2);
  await again.waitForTimeout(1000);
  expect(await count(again, appId)).toBe(2);
  await again.keyboard.press('Escape');
  await again.goto(`/apps/${appId}/data/Readings`);
  await expect(again.getByTestId('records-total')).toHaveText('2 records');
  // A rolled-back job is not brought back into the tray after a reload.
  await expect(trayButton(again)).toHaveAccessibleName('Tasks: none running');
});
