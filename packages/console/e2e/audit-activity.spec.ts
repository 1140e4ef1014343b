import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('the audit area lists the console activity of the app: the areas a developer opened', async ({ page }) => {
  const email = uniqueEmail('activity');
  await registerThroughUi(page, email);
  const appId = await createApp(page, 'Activity Journey');

  await page.goto(`/apps/${appId}/audit/activity`);
  // Opening the audit area is itself reported; wait for it, then open two more areas.
  const table = page.getByRole('table', { name: 'Console activity' });
  await expect(table).toContainText('area: audit');
  // Each visit is reported in the background; the next navigation reloads the page, which would
  // cancel a report still on its way, so the journey waits for each one to be answered.
  const reported = () =>
    page.waitForResponse((r) => r.url().endsWith(`/${appId}/console/user-activity`) && r.request().method() === 'POST');
  const files = reported();
  await page.getByRole('link', { name: 'Files', exact: true }).click();
  await expect(page).toHaveURL(/\/files/);
  await files;
  const data = reported();
  await page.getByRole('link', { name: 'Data', exact: true }).click();
  await expect(page).toHaveURL(/\/data/);
  await data;

  await page.goto(`/apps/${appId}/audit`);
  await page.getByRole('tab', { name: 'Console activity' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/audit/activity$`));
  const rows = table.getByRole('row');
  // Newest first: audit (this visit), data, files, then the earlier ones.
  await expect(rows.nth(1)).toContainText('area: audit');
  await expect(rows.nth(2)).toContainText('area: data');
  await expect(rows.nth(3)).toContainText('area: files');
  await expect(rows.nth(1)).toContainText(email.toLowerCase());
  await expect(rows.nth(1)).toContainText('OPEN_AREA');
  await page.screenshot({ path: `${SHOTS}/audit-activity.png`, fullPage: true });

  // The Changes tab is still the audit log.
  await page.getByRole('tab', { name: 'Changes' }).click();
  await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible();
});
