import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

// A 1×1 PNG: the smallest logo the server takes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/wH+1ZfQ2wAAAABJRU5ErkJggg==',
  'base64',
);

test('Settings › General renames the app, sets its logo and description, and the danger zone deletes it after the typed name', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('general'));
  const appId = await createApp(page, 'Lifecycle Journey');
  await page.goto(`/apps/${appId}/settings`);
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/settings/general$`));

  // Identity: the id with its copy button, the name renamed from the keyboard, seen in the top bar.
  const identity = page.getByRole('region', { name: 'App identity' });
  await expect(identity).toContainText(appId);
  await expect(identity.getByRole('button', { name: 'Copy app id' })).toBeVisible();
  const name = identity.getByLabel('App name');
  await name.fill('');
  await name.blur();
  await expect(identity).toContainText('Give the app a name');
  await name.fill('Lifecycle Renamed');
  await name.press('Enter');
  await expect(page.getByRole('button', { name: 'Switch app (current: Lifecycle Renamed)' })).toBeVisible();

  // Logo: a file that is not an image is refused here; a PNG shows in the switcher.
  const logoInput = identity.locator('input[type="file"]');
  await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(identity.getByRole('alert')).toContainText('Choose a PNG, JPEG, GIF, WebP or SVG image');
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: /^Switch app/ }).locator('img')).toBeVisible();
  await expect(identity.getByRole('button', { name: 'Replace logo' })).toBeVisible();

  // Description: saved, and still there after a reload.
  await identity.getByLabel('Description').fill('Orders and customers of the shop');
  await identity.getByRole('button', { name: 'Save description' }).click();
  await expect(identity.getByRole('button', { name: 'Save description' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('region', { name: 'App identity' }).getByLabel('Description')).toHaveValue(
    'Orders and customers of the shop',
  );
  await expect(page.getByRole('region', { name: 'Danger zone' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/settings-general.png`, fullPage: true });

  // Danger zone › Delete: the button waits for the exact name; then the app is gone and the list shows.
  await page.getByRole('region', { name: 'Danger zone' }).getByRole('button', { name: 'Delete app…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Lifecycle Renamed?' });
  await dialog.getByLabel('Type the app name to confirm').fill('lifecycle renamed');
  await expect(dialog.getByRole('button', { name: 'Delete app' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/settings-general-delete.png` });
  await dialog.getByLabel('Type the app name to confirm').fill('Lifecycle Renamed');
  await dialog.getByRole('button', { name: 'Delete app' }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await expect(page.getByRole('link', { name: 'Lifecycle Renamed' })).toHaveCount(0);
});
