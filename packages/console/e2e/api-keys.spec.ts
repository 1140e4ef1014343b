import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The roles the app API gives a call made with `key` (status and body, as a client app sees them). */
async function rolesWith(page: Page, appId: string, key: string): Promise<{ status: number; body: unknown }> {
  const res = await page.request.get(`/${appId}/${key}/users/userroles`);
  return { status: res.status(), body: await res.json() };
}

test('a developer lists, copies, creates with a role, regenerates and deletes API keys', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('api-keys'));
  const appId = await createApp(page, 'Keys Journey');
  const authKey = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  expect(
    (await page.request.put(`/${appId}/console/security/roles/Partner`, { headers: { 'auth-key': authKey } })).ok(),
  ).toBe(true);

  // The overview lists the seven system keys in full, and leads to their settings.
  const overviewRows = page.getByRole('table', { name: 'API keys' }).locator('tbody tr');
  await expect(overviewRows).toHaveCount(7);
  const oldRest = ((await page.locator('tr[data-device="REST"] .mono').last().textContent()) ?? '').trim();
  expect(oldRest).toMatch(UUID);
  await page.getByRole('link', { name: 'Manage keys' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/settings/api-keys$`));

  // Settings › API keys: device order, values masked until revealed, Copy works while masked.
  const table = page.getByRole('table', { name: 'API keys' });
  await expect(table.locator('tbody tr')).toHaveCount(7);
  expect(await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-device')))).toEqual(
    ['ANDROID', 'IOS', 'JS', 'REST', 'WP', 'AS', 'BL'],
  );
  const restRow = table.locator('tr[data-device="REST"]');
  await expect(restRow.getByLabel('REST API key, hidden')).toHaveText(`••••••••${oldRest.slice(-4)}`);
  await expect(restRow).not.toContainText(oldRest);
  await restRow.getByRole('button', { name: 'Copy REST API key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldRest);
  await restRow.getByRole('button', { name: 'Reveal REST API key' }).click();
  await expect(restRow.getByLabel('REST API key', { exact: true })).toHaveText(oldRest);
  await restRow.getByRole('button', { name: 'Hide REST API key' }).click();
  // System keys are regenerated, never deleted.
  await expect(restRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // A custom key with a role: its calls get Partner instead of a client role.
  await page.getByRole('button', { name: 'New key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API key' });
  await dialog.getByLabel('Name').fill('Partner portal');
  await dialog.getByLabel('Role', { exact: true }).click();
  await page.getByRole('option', { name: 'Partner', exact: true }).click();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog).toBeHidden();
  const customRow = table.locator('tr[data-device="CUSTOM"]');
  await expect(customRow).toContainText('Partner portal');
  await expect(customRow).toContainText('Partner');
  // A new key shows revealed, ready to copy.
  const customKey = (
    (await customRow.getByLabel('Partner portal API key', { exact: true }).textContent()) ?? ''
  ).trim();
  expect(customKey).toMatch(UUID);
  expect(await rolesWith(page, appId, customKey)).toEqual({ status: 200, body: ['Partner', 'NotAuthenticatedUser'] });

  // Regenerate REST, after a confirmation that says what breaks; the old key is refused at once.
  expect((await rolesWith(page, appId, oldRest)).status).toBe(200);
  await restRow.getByRole('button', { name: 'Regenerate REST key' }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate the REST key?' });
  await expect(confirm).toContainText('Clients using the current key stop working at once');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/api-keys-regenerate-confirm.png` });
  await confirm.getByRole('button', { name: 'Regenerate key' }).click();
  await expect(confirm).toBeHidden();
  const newRest = restRow.getByLabel('REST API key', { exact: true });
  await expect(newRest).not.toHaveText(oldRest);
  const freshRest = ((await newRest.textContent()) ?? '').trim();
  expect(freshRest).toMatch(UUID);
  expect(await rolesWith(page, appId, oldRest)).toMatchObject({ status: 401, body: { code: 8002 } });
  expect((await rolesWith(page, appId, freshRest)).status).toBe(200);
  await page.screenshot({ path: `${SHOTS}/api-keys-card.png`, fullPage: true });

  // Delete the custom key after a confirmation: gone from the list and refused by the app API.
  await customRow.getByRole('button', { name: 'Delete Partner portal key' }).click();
  const del = page.getByRole('dialog', { name: 'Delete API key Partner portal?' });
  await expect(del.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await del.getByRole('button', { name: 'Delete key' }).click();
  await expect(del).toBeHidden();
  await expect(customRow).toHaveCount(0);
  expect(await rolesWith(page, appId, customKey)).toMatchObject({ status: 401, body: { code: 8002 } });

  // The overview shows the new REST key too.
  await page.goto(`/apps/${appId}/overview`);
  await expect(page.locator('tr[data-device="REST"] .mono').last()).toHaveText(freshRest);
  await page.screenshot({ path: `${SHOTS}/api-keys-overview.png`, fullPage: true });
});
