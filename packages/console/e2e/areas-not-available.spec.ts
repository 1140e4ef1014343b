import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

test('parts of areas not built yet are found from the palette and say so, without crowding the sidebar', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('areas-not-available'));
  const appId = await createApp(page, 'Areas Journey');
  const sidebar = page.getByRole('navigation', { name: 'App areas' });
  await expect(sidebar.getByRole('link', { name: 'Data', exact: true })).toBeVisible();
  // Dashboards are a part of Data: no sidebar entry of their own.
  await expect(sidebar.getByRole('link', { name: /Dashboards/ })).toHaveCount(0);

  await page.keyboard.press('Control+K');
  const search = page.getByRole('textbox', { name: 'Search apps, areas and actions' });
  await search.fill('Dashboards');
  const action = page.getByRole('button', { name: /^Dashboards/ });
  await expect(action).toContainText('Not available yet');
  await action.click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/dashboards$`));
  await expect(page.getByRole('heading', { name: 'Dashboards is not available yet' })).toBeVisible();
  await expect(
    page.getByText('This server does not offer Dashboards (part of Data) yet.', { exact: false }),
  ).toBeVisible();
  // Data itself is built: the sidebar does not call it unavailable.
  await expect(sidebar.getByRole('link', { name: 'Data', exact: true })).not.toContainText('not available yet');

  // Charts (part of the UI Builder) are not built either: the palette says so before it is opened.
  await page.keyboard.press('Control+K');
  await search.fill('Charts');
  await expect(page.getByRole('button', { name: /^Charts/ })).toContainText('Not available yet');
});
