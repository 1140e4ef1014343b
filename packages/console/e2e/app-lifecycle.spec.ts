import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

// A 1×1 PNG: the smallest logo the server takes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/wH+1ZfQ2wAAAABJRU5ErkJggg==',
  'base64',
);

function trayButton(page: Page) {
  return page.getByRole('button', { name: /^Tasks: / });
}

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

test('an app is cloned with the tray following it to the clone, and a typed reset empties its table', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('clone'));
  const appId = await createApp(page, 'Shop Source');
  const authKey = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  const info = await (
    await page.request.get(`/${appId}/console/app-info`, { headers: { 'auth-key': authKey } })
  ).json();
  const rest = (info.apiKeys as Array<{ deviceType: string; apiKey: string }>).find((k) => k.deviceType === 'REST')!;
  for (const item of ['apple', 'pear', 'plum']) {
    const res = await page.request.put(`/${appId}/${rest.apiKey}/data/Orders`, { data: { item } });
    expect(res.status(), await res.text()).toBe(200);
  }

  // Clone with a name of its own; the tray follows the job until it is done.
  await page.goto(`/apps/${appId}/settings/general`);
  const clone = page.getByRole('region', { name: 'Clone app' });
  await clone.getByLabel('Name of the clone').fill('Shop Clone');
  await clone.getByRole('button', { name: 'Clone app' }).click();
  await trayButton(page).click();
  const task = page.getByRole('listitem', { name: 'Clone Shop Source' });
  await expect(task).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/app-lifecycle-clone-done.png` });
  await task.getByRole('button', { name: 'Open the clone Clone Shop Source' }).click();
  await expect(page).toHaveURL(/\/apps\/[^/]+\/overview$/);
  const cloneId = new URL(page.url()).pathname.split('/')[2];
  expect(cloneId).not.toBe(appId);
  await expect(page.getByRole('button', { name: 'Switch app (current: Shop Clone)' })).toBeVisible();
  await page.getByRole('link', { name: 'Data', exact: true }).click();
  await page
    .getByRole('link', { name: /^Orders/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/apps/${cloneId}/data/Orders`));
  await expect(page.getByText('3 records', { exact: true })).toBeVisible();

  // Export the original: the list of exports shows it ready, and its link downloads the ZIP.
  await page.goto(`/apps/${appId}/settings/general`);
  const exporter = page.getByRole('region', { name: 'Export app' });
  await expect(exporter).toContainText('No exports yet');
  await exporter.getByRole('button', { name: 'Export as ZIP' }).click();
  const exports = exporter.getByRole('table', { name: 'Past exports' });
  await expect(exports.getByRole('row')).toHaveCount(2);
  await expect(exports).toContainText('Ready', { timeout: 30_000 });
  const download = page.waitForEvent('download');
  await exports.getByRole('link', { name: /^Download / }).click();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);
  await exporter.screenshot({ path: `${SHOTS}/app-lifecycle-export.png` });

  // Reset the original's data: the button stays disabled on a wrong name, then the table is empty.
  await page.getByRole('region', { name: 'Danger zone' }).getByRole('button', { name: 'Reset app…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Shop Source?' });
  await dialog.getByRole('checkbox', { name: 'Data' }).check();
  await dialog.getByLabel('Type the app name to confirm').fill('Shop');
  await expect(dialog.getByRole('button', { name: 'Reset data' })).toBeDisabled();
  await dialog.getByLabel('Type the app name to confirm').fill('Shop Source');
  await page.screenshot({ path: `${SHOTS}/app-lifecycle-reset.png` });
  await dialog.getByRole('button', { name: 'Reset data' }).click();
  await expect(dialog).toBeHidden();
  await trayButton(page).click();
  await expect(page.getByRole('listitem', { name: 'Reset Shop Source' })).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');
  await page.goto(`/apps/${appId}/data/Orders`);
  await expect(page.getByText('0 records', { exact: true })).toBeVisible();
  await expect(page.getByText('No records yet')).toBeVisible();
  // The clone kept its records: a reset of one app never touches the other.
  await page.goto(`/apps/${cloneId}/data/Orders`);
  await expect(page.getByText('3 records', { exact: true })).toBeVisible();
});
