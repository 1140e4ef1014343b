import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('the overview shows the app warnings with a link to where each is fixed', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('warnings'));
  const appId = await createApp(page, 'Warnings Journey');
  // A new app has nothing to warn about: no strip at all.
  await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'App warnings' })).toHaveCount(0);

  await page.goto(`/apps/${appId}/security/safety`);
  await page.getByRole('button', { name: 'Turn on panic mode' }).click();
  const panic = page.getByRole('dialog', { name: 'Turn on panic mode?' });
  await panic.getByLabel('Type the app name to confirm').fill('Warnings Journey');
  await panic.getByRole('button', { name: 'Turn on panic mode' }).click();
  await expect(panic).toBeHidden();

  await page.goto(`/apps/${appId}/overview`);
  const strip = page.getByRole('region', { name: 'App warnings' });
  await expect(strip.getByRole('alert')).toContainText('Error: Panic mode is on');
  await page.screenshot({ path: `${SHOTS}/overview-warnings.png` });
  await strip.getByRole('link', { name: 'Open Safety' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/security/safety$`));
});
