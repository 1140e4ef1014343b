import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

// Column permissions travel as lists of {columnId, column, operation, access} (the reference
// client's shape); the matrix must still show, set and keep them.
test('an owner denies a role Find on one column, and the column matrix keeps it after a reload', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('columns'), 'Cole Columns');
  const appId = await createApp(page, 'Column Rules');

  await page.goto(`/apps/${appId}/data`);
  await page.getByRole('button', { name: 'New table' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New table' });
  await dialog.getByLabel('Table name').fill('Orders');
  await dialog.getByRole('button', { name: 'Add a column' }).click();
  await dialog.getByLabel('Column 1 name').fill('item');
  await dialog.getByRole('button', { name: 'Create table' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/data/Orders`));

  await page.goto(`/apps/${appId}/security/permissions?service=data&item=Orders&tab=columns&column=item`);
  const cell = page.getByRole('button', { name: /^Find on Orders\.item for NotAuthenticatedUser: / });
  await expect(cell).toHaveAccessibleName('Find on Orders.item for NotAuthenticatedUser: inherited');
  await cell.click();
  await expect(cell).toHaveAccessibleName('Find on Orders.item for NotAuthenticatedUser: granted');
  await cell.click();
  await expect(cell).toHaveAccessibleName('Find on Orders.item for NotAuthenticatedUser: denied');

  await page.reload();
  await expect(
    page.getByRole('button', { name: 'Find on Orders.item for NotAuthenticatedUser: denied' }),
  ).toBeVisible();
  // Other roles and the other operation stay as they were.
  await expect(
    page.getByRole('button', { name: 'Update on Orders.item for NotAuthenticatedUser: inherited' }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Find on Orders.item for AuthenticatedUser: inherited' }),
  ).toBeVisible();

  // Back to inherited: the third click drops the rule.
  await page.getByRole('button', { name: 'Find on Orders.item for NotAuthenticatedUser: denied' }).click();
  await expect(
    page.getByRole('button', { name: /^Find on Orders\.item for NotAuthenticatedUser: / }),
  ).toHaveAccessibleName('Find on Orders.item for NotAuthenticatedUser: inherited');
  await page.reload();
  await expect(
    page.getByRole('button', { name: 'Find on Orders.item for NotAuthenticatedUser: inherited' }),
  ).toBeVisible();
});
