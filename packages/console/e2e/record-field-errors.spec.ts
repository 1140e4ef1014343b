import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { newTable } from './grid';

test('a record refused for one column shows the message under that column, not above the form', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('fielderr'));
  const appId = await createApp(page, 'Field errors');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Product', [
    ['title', 'String'],
    ['sku', 'String'],
  ]);

  // `sku` becomes unique and one product already has A-1.
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const headers = { 'auth-key': authKey };
  const unique = await page.request.put(`/${appId}/console/data/tables/Product/columns/sku`, {
    headers,
    data: { unique: true },
  });
  expect(unique.status(), await unique.text()).toBe(200);
  const seeded = await page.request.post(`/${appId}/console/data/bulk/Product`, {
    headers,
    data: [{ title: 'First', sku: 'A-1' }],
  });
  expect(seeded.status()).toBe(200);

  await page.goto(`/apps/${appId}/data/Product`);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  const panel = page.getByRole('dialog', { name: /New .* record/ });
  await panel.getByLabel('title', { exact: true }).fill('Second');
  await panel.getByLabel('sku', { exact: true }).fill('A-1');
  await panel.getByRole('button', { name: 'Create record' }).click();

  // The server answers 409 with details.fields [{field: 'sku'}]: the message sits under sku.
  const sku = panel.getByLabel('sku', { exact: true });
  await expect(sku).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await sku.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  const message = panel.locator(`[id="${describedBy!.split(' ').find((id) => id.endsWith('-error'))}"]`);
  await expect(message).toHaveText("Column 'sku' is unique and another record has this value");
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByLabel('title', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await panel.screenshot({ path: '/tmp/basalt-record-field-error.png' });

  // Changing the value and saving again clears it and creates the record.
  await sku.fill('A-2');
  await panel.getByRole('button', { name: 'Create record' }).click();
  await expect(page).toHaveURL(/record=[0-9A-F-]{36}/);
});
