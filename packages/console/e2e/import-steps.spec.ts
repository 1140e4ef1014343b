import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

test('Import CSV into a new table in steps: upload, mapping with preview, check, run with progress', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('steps'));
  const appId = await createApp(page, 'Import steps');
  await page.goto(`/apps/${appId}/data`);

  await page.getByRole('button', { name: 'Import from…' }).click();
  await page.getByRole('menuitem', { name: 'Import CSV into a table' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  await dialog.getByLabel('Table').fill('Planet');
  const csv = [
    'name,moons,mass,discovered',
    'Mercury,0,0.33,',
    'Mars,2,6.42,1610-01-07',
    '"Jupiter, giant",95,1898,1610-01-07',
  ].join('\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'planets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Upload' }).click();

  // The server read the file: 3 rows, the first rows shown, each column with a detected type.
  await expect(dialog.getByText('planets.csv')).toBeVisible();
  const first = dialog.getByRole('table', { name: 'First rows of the file' });
  await expect(first).toContainText('Jupiter, giant');
  await expect(dialog.getByLabel('Type of moons')).toHaveValue('INT');
  await expect(dialog.getByLabel('Type of mass')).toHaveValue('DOUBLE');
  await expect(dialog.getByLabel('Type of discovered')).toHaveValue('DATETIME');
  await dialog.getByLabel('Column for mass').fill('massKg');

  await dialog.getByRole('button', { name: 'Check rows' }).click();
  await expect(dialog.getByText('3 of 3 rows can be imported')).toBeVisible();
  await dialog.screenshot({ path: '/tmp/basalt-import-steps-mapping.png' });
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(dialog.getByText('Imported 3 rows into Planet.')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await dialog.screenshot({ path: '/tmp/basalt-import-steps-done.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page
    .getByRole('navigation', { name: 'Tables and data tools' })
    .getByRole('link', { name: /^Planet/ })
    .click();
  await expect(page.getByTestId('records-total')).toHaveText('3 records');
  await page.getByRole('link', { name: 'Schema' }).click();
  const columns = page.getByRole('table', { name: 'Columns of Planet' });
  await expect(columns.getByRole('row', { name: /massKg/ })).toContainText('Decimal');
});
