import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('a developer sets log levels, clears the loggers, and publishes a landing page seen in the preview and online', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('logging'));
  const appId = await createApp(page, 'Bakery');

  // Logging: add a logger at ERROR, save; it stays after a reload.
  await page.goto(`/apps/${appId}/settings/logging`);
  const levels = page.getByRole('region', { name: 'Log levels' });
  await expect(levels.getByRole('row', { name: /Global logger/ })).toBeVisible();
  await levels.getByLabel('Add a logger').fill('checkout');
  await levels.getByRole('combobox', { name: 'Level', exact: true }).click();
  await page.getByRole('option', { name: 'ERROR', exact: true }).click();
  await levels.getByRole('button', { name: 'Add' }).click();
  await levels.getByRole('button', { name: 'Save levels' }).click();
  await expect(page.getByText('Log levels saved')).toBeVisible();
  await page.reload();
  await expect(levels.getByLabel('Level of checkout')).toHaveValue('ERROR');
  await page.screenshot({ path: `${SHOTS}/settings-logging.png`, fullPage: true });

  // Clear loggers, after a confirmation: only the Global logger is left.
  await levels.getByRole('button', { name: 'Clear loggers' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear all loggers?' });
  await confirm.getByRole('button', { name: 'Clear loggers' }).click();
  await expect(confirm).toBeHidden();
  await expect(levels.getByLabel('Level of checkout')).toHaveCount(0);

  // Landing page: the Split template and a title, shown live in the preview, then published.
  await page.goto(`/apps/${appId}/settings/landing`);
  const editor = page.getByRole('region', { name: 'Landing page content' });
  await editor.getByText('Split', { exact: true }).click();
  await editor.getByLabel('Title', { exact: true }).fill('Fresh bread daily');
  const preview = page.frameLocator('iframe[title="Landing page preview"]');
  await expect(preview.getByRole('heading', { name: 'Fresh bread daily' })).toBeVisible();
  await editor.getByLabel('Main colour').fill('red');
  await expect(editor.getByText('is a colour like #3b5bdb')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await editor.getByLabel('Main colour').fill('#aa3300');
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Landing page published')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-landing.png`, fullPage: true });

  const link = editor.getByRole('link', { name: 'Open the published page' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(new RegExp(`/${appId}/[^/]+/files/web/index\\.html$`));
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: 'Fresh bread daily' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-landing-published.png`, fullPage: true });
});
