import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { gridCell, newTable } from './grid';

test('a JSON column: made in the New table dialog, shown in the grid, edited in the record panel with checking', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('json'));
  const appId = await createApp(page, 'Json Column');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Profile', [
    ['label', 'String'],
    ['doc', 'JSON'],
  ]);

  // New record through the panel: text that is not JSON is named as it is typed and not saved.
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  const panel = page.getByRole('dialog', { name: /New .* record/ });
  await panel.getByLabel('label', { exact: true }).fill('first');
  const doc = panel.getByLabel('doc', { exact: true });
  await doc.fill('{ city: Paris }');
  await expect(panel.getByText(/Not valid JSON/)).toBeVisible();
  await doc.fill('{ "city": "Paris", "tags": ["a", "b"] }');
  await expect(panel.getByText(/Not valid JSON/)).toHaveCount(0);
  await panel.getByRole('button', { name: 'Create record' }).click();
  await expect(page).toHaveURL(/record=[0-9A-F-]{36}/);
  await page.getByRole('button', { name: 'Close record panel' }).click();

  // The grid shows the stored document as compact JSON.
  await expect(gridCell(page, '\\{"city":"Paris","tags":\\["a","b"\\]\\}')).toBeAttached();
  await page.screenshot({ path: '/tmp/basalt-json-column.png' });
});
