import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

/** The app's JS API key, read through the console API as the overview reads it. */
async function jsKey(page: Page, appId: string, authKey: string): Promise<string> {
  const res = await page.request.get(`/${appId}/console/appsettings`, { headers: { 'auth-key': authKey } });
  expect(res.status()).toBe(200);
  const { apiKeys } = (await res.json()) as { apiKeys: Array<{ deviceType: string; apiKey: string }> };
  return apiKeys.find((k) => k.deviceType === 'JS')!.apiKey;
}

/** Waits until the page's schema event stream has answered (it is open from the Data area's mount). */
function streamOpen(page: Page, appId: string) {
  return page.waitForResponse(
    (res) => res.url().endsWith(`/${appId}/console/data/schema/events`) && res.status() === 200,
  );
}

test('a table an app creates by saving, and a column a teammate adds, appear in the open Data area without a reload', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('schema-live'));
  const appId = await createApp(page, 'Live Schema');
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const key = await jsKey(page, appId, authKey);

  const opened = streamOpen(page, appId);
  await page.goto(`/apps/${appId}/data`);
  await opened;
  const sidebar = page.getByRole('complementary', { name: 'Data' });
  await expect(sidebar.getByText('Users', { exact: true })).toBeVisible();
  // Set after the load: a reload of the page would lose it.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The app's first save to a table that does not exist creates it (dynamic schema).
  const saved = await page.request.put(`/${appId}/${key}/data/Visitor`, { data: { name: 'Ann' } });
  expect(saved.status(), await saved.text()).toBe(200);
  await expect(sidebar.getByText('Visitor', { exact: true })).toBeVisible({ timeout: 3_000 });

  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The schema page of the new table: a column added by a teammate through the console API (no
  // record is written, so no live record event reaches the page) appears too.
  const reopened = streamOpen(page, appId);
  await page.goto(`/apps/${appId}/data/Visitor/schema`);
  await reopened;
  await expect(page.getByText('name', { exact: true })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const added = await page.request.post(`/${appId}/console/data/tables/Visitor/columns`, {
    headers: { 'auth-key': authKey },
    data: { name: 'nickname', dataType: 'STRING' },
  });
  expect(added.status(), await added.text()).toBe(200);
  await expect(page.getByText('nickname', { exact: true })).toBeVisible({ timeout: 3_000 });

  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await page.screenshot({ path: '/tmp/basalt-schema-live.png' });
});
