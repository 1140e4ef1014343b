import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('a developer sets CORS origins as chips and adds and removes a custom domain', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('domains'));
  const appId = await createApp(page, 'Domains Journey');

  // CORS: typed text splits on whitespace into chips; a chip that is not an origin blocks saving.
  await page.goto(`/apps/${appId}/settings/cors`);
  const cors = page.getByRole('region', { name: 'CORS origins' });
  await expect(cors).toContainText('Now: any origin may call the app API.');
  const input = cors.getByLabel('Allowed origins');
  await input.click();
  await input.pressSequentially('https://good.example http://localhost:3000 not-an-origin ');
  await expect(cors).toContainText("'not-an-origin' is not an origin");
  await expect(cors.getByRole('button', { name: 'Save origins' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/settings-cors-invalid.png`, fullPage: true });
  // Backspace in the empty input takes the last chip away.
  await input.press('Backspace');
  await expect(cors).not.toContainText('is not an origin');
  await cors.getByRole('button', { name: 'Save origins' }).click();
  await expect(cors).toContainText('Now: 2 origins may call the app API.');
  await page.reload();
  await expect(cors.getByText('https://good.example')).toBeVisible();
  await expect(cors.getByText('http://localhost:3000')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-cors.png`, fullPage: true });

  // Custom domains: a bad name is named under the field; a good one is listed with its DNS record.
  await page.goto(`/apps/${appId}/settings/domains`);
  const domains = page.getByRole('region', { name: 'Custom domains' });
  await expect(domains).toContainText('No custom domains yet');
  await domains.getByLabel('Add a domain').fill('not a host');
  await domains.getByRole('button', { name: 'Add domain' }).click();
  await expect(domains).toContainText("'not a host' is not a host name");
  await domains.getByLabel('Add a domain').fill('Shop.Example.com');
  await domains.getByRole('button', { name: 'Add domain' }).click();
  const row = domains.getByRole('row', { name: /shop\.example\.com/ });
  await expect(row).toContainText('Pending DNS');
  // The record to create: the domain pointing at the server (CNAME to its name, A to its address).
  await expect(row).toContainText(/(CNAME|A)shop\.example\.com→/);
  await expect(row.getByRole('button', { name: 'Copy record value of shop.example.com' })).toBeVisible();
  await domains.getByRole('button', { name: 'Assign generated domain' }).click();
  await expect(domains.getByRole('row', { name: /app-[0-9a-f]{6}\./ })).toContainText('Active');
  await page.screenshot({ path: `${SHOTS}/settings-domains.png`, fullPage: true });

  await row.getByRole('button', { name: 'Remove shop.example.com' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove shop.example.com?' });
  await confirm.getByRole('button', { name: 'Remove domain' }).click();
  await expect(confirm).toBeHidden();
  await expect(domains.getByRole('row', { name: /shop\.example\.com/ })).toHaveCount(0);
});
