import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { gridCell } from './grid';

/** The app's JS API key, read through the console API as the overview reads it. */
async function jsKey(page: Page, appId: string): Promise<string> {
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const res = await page.request.get(`/${appId}/console/appsettings`, { headers: { 'auth-key': authKey } });
  expect(res.status()).toBe(200);
  const { apiKeys } = (await res.json()) as { apiKeys: Array<{ deviceType: string; apiKey: string }> };
  return apiKeys.find((k) => k.deviceType === 'JS')!.apiKey;
}

test('tables and columns an app creates by writing (dynamic schema) show up in the open schema and records pages', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('dynamic'));
  const appId = await createApp(page, 'Dynamic Schema');
  const key = await jsKey(page, appId);
  const save = async (record: Record<string, unknown>) => {
    const res = await page.request.put(`/${appId}/${key}/data/Gadget`, { data: record });
    expect(res.status(), await res.text()).toBe(200);
  };

  // Nothing made in the console: the app's first save creates the table and its column.
  await save({ title: 'first' });
  await page.goto(`/apps/${appId}/data/Gadget/schema`);
  await expect(page.getByText('title', { exact: true })).toBeVisible();

  // A later write with a new property: the open schema page lists the new column without a reload.
  // The page subscribes once it has loaded; writes are sent until one is seen (each adds a column).
  let n = 0;
  await expect(async () => {
    n += 1;
    await save({ title: `more ${n}`, [`weight${n}`]: n * 1.5 });
    await expect(page.getByText(`weight${n}`, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: '/tmp/basalt-dynamic-schema.png' });

  // The records page likewise: its grid gains the column a new write brings.
  await page.goto(`/apps/${appId}/data/Gadget`);
  await expect(page.getByTestId('records-live')).toHaveText('Live');
  await save({ title: 'colored', color: 'red' });
  // The grid shows a value only for columns it knows: the cell appears once the column is loaded.
  await expect(gridCell(page, 'red')).toBeAttached();
});
