import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { newTable, openCellEditor } from './grid';

test('an Email validator picked in the column editor refuses a bad value typed in the grid', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('validator'));
  const appId = await createApp(page, 'Validators');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Contact', [['email', 'String']]);

  // The column editor offers None, the server's predefined validators and a custom expression.
  await page.getByRole('link', { name: 'Schema' }).click();
  await page.getByRole('button', { name: 'Edit column email' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit column email' });
  await expect(drawer.getByLabel('Validator', { exact: true })).toHaveValue('None');
  await drawer.getByLabel('Validator', { exact: true }).click();
  for (const title of ['Phone number (E.164)', 'UUID', 'Custom regular expression'])
    await expect(page.getByRole('option', { name: title, exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'Email address', exact: true }).click();
  await expect(drawer.getByText('Values must look like ada@example.com')).toBeVisible();

  // A custom expression the server cannot compile is refused under the field, nothing saved.
  await drawer.getByLabel('Validator', { exact: true }).click();
  await page.getByRole('option', { name: 'Custom regular expression', exact: true }).click();
  const regex = drawer.getByLabel('Regular expression');
  await regex.fill('(ab');
  await drawer.getByRole('button', { name: 'Review and save' }).click();
  await expect(drawer.getByText(/not a valid regular expression/)).toBeVisible();
  await drawer.screenshot({ path: '/tmp/basalt-column-validator-invalid.png' });

  await drawer.getByLabel('Validator', { exact: true }).click();
  await page.getByRole('option', { name: 'Email address', exact: true }).click();
  await expect(regex).toBeHidden();
  await expect(drawer.getByText(/not a valid regular expression/)).toBeHidden();
  await drawer.screenshot({ path: '/tmp/basalt-column-validator-drawer.png' });
  await drawer.getByRole('button', { name: 'Review and save' }).click();
  await expect(page.getByText('Column email saved')).toBeVisible();
  const columns = page.getByRole('table', { name: 'Columns of Contact' });
  await expect(columns.getByRole('row', { name: /email/ })).toContainText('Email address');
  await page.screenshot({ path: '/tmp/basalt-column-validator-schema.png' });

  // One record with a good address, then a bad one typed into its cell is refused and named.
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const seeded = await page.request.post(`/${appId}/console/data/Contact`, {
    headers: { 'auth-key': authKey },
    data: { email: 'ada@example.com' },
  });
  expect(seeded.status(), await seeded.text()).toBe(200);
  await page.goto(`/apps/${appId}/data/Contact`);
  await expect(page.getByTestId('records-total')).toHaveText('1 record');
  await openCellEditor(page, 1, 0);
  const editor = page.locator('#portal .gdg-input').first();
  await editor.fill('not an email');
  await editor.press('Enter');
  const toast = page.getByRole('alert').filter({ hasText: "does not match the validator of column 'email'" });
  await expect(toast).toBeVisible();
  await page.screenshot({ path: '/tmp/basalt-column-validator-grid.png' });

  // The stored value is still the good one.
  const stored = await page.request.post(`/${appId}/console/data/Contact/find`, {
    headers: { 'auth-key': authKey },
    data: {},
  });
  expect((await stored.json()).map((r: { email: string }) => r.email)).toEqual(['ada@example.com']);
});
