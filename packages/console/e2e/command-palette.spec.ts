import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

test('the command palette finds a table by name, Enter opens it, and it then leads as recent', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('palette'));
  const appId = await createApp(page, 'Palette');
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const made = await page.request.post(`/${appId}/console/data/tables`, {
    headers: { 'auth-key': authKey },
    data: { name: 'Invoices' },
  });
  expect(made.status(), await made.text()).toBe(200);

  await page.goto(`/apps/${appId}/overview`);
  await expect(page.getByRole('heading', { name: 'Endpoint' })).toBeVisible();
  await page.keyboard.press('Control+K');
  const search = page.getByRole('textbox', { name: 'Search apps, areas and actions' });
  await expect(search).toBeFocused();
  await search.fill('Invoic');
  // The table list is fetched when the palette opens: wait for the table's entry before Enter.
  await expect(page.getByRole('button', { name: /Invoices/ }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/data/Invoices$`));
  // The palette closes with an animation: a Ctrl+K while it is still closing would meet the old one.
  await expect(search).toBeHidden();

  // Reopened, the table is the first entry, under Recent.
  await page.keyboard.press('Control+K');
  await expect(search).toBeFocused();
  await expect(page.locator('.mantine-Spotlight-action').first()).toContainText('Invoices');

  // An action: "Invite teammate" opens the invite dialog on the Team page.
  await search.fill('invite teammate');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/team`));
  await expect(page.getByRole('dialog', { name: 'Invite a developer' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: 'Team' }).click();
  await expect(search).toBeHidden();

  // "New table" opens the Data area with its New table dialog.
  await page.keyboard.press('Control+K');
  await expect(search).toBeFocused();
  await search.fill('new table');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/data$`));
  await expect(page.getByRole('dialog', { name: /New table/ })).toBeVisible();
});
