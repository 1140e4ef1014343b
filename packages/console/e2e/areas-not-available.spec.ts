import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

test('parts of areas are found from the palette without crowding the sidebar, and say what they offer', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('areas-not-available'));
  const appId = await createApp(page, 'Areas Journey');
  const sidebar = page.getByRole('navigation', { name: 'App areas' });
  await expect(sidebar.getByRole('link', { name: 'Data', exact: true })).toBeVisible();
  // Charts are a part of the UI Builder: no sidebar entry of their own.
  await expect(sidebar.getByRole('link', { name: /Charts/ })).toHaveCount(0);

  await page.keyboard.press('Control+K');
  const search = page.getByRole('textbox', { name: 'Search apps, areas and actions' });
  await search.fill('Charts');
  const action = page.getByRole('button', { name: /^Charts/ });
  // Built on the server (decision 0093): the palette no longer calls it unavailable.
  await expect(action).not.toContainText('Not available yet');
  await action.click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/charts$`));
  // No screen of its own yet: the page says it works through the API rather than showing nothing.
  await expect(page.getByRole('heading', { name: 'Charts works through the API' })).toBeVisible();
  // Data and the UI Builder themselves are built: the sidebar does not call them unavailable.
  await expect(sidebar.getByRole('link', { name: 'Data', exact: true })).not.toContainText('not available yet');
  await expect(sidebar.getByRole('link', { name: 'UI Builder', exact: true })).not.toContainText('not available yet');

  // Quick apps (part of the UI Builder) likewise.
  await page.keyboard.press('Control+K');
  await search.fill('Quick apps');
  await expect(page.getByRole('button', { name: /^Quick apps/ })).not.toContainText('Not available yet');
});
