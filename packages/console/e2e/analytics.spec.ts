import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('after app API calls and a registration, Analytics shows them in charts and tables, per period', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('analytics'));
  const appId = await createApp(page, 'Analytics Journey');
  const authKey = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  const info = await (
    await page.request.get(`/${appId}/console/app-info`, { headers: { 'auth-key': authKey } })
  ).json();
  const keyOf = (device: string) =>
    (info.apiKeys as Array<{ deviceType: string; apiKey: string }>).find((k) => k.deviceType === device)!.apiKey;

  // Before any call the reports say what would fill them.
  await page.goto(`/apps/${appId}/analytics`);
  await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();
  await expect(page.getByText('No app API calls in this period yet', { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/analytics-empty.png`, fullPage: true });

  // 12 REST calls, 5 JS calls (2 of them refused), one registration.
  for (let i = 0; i < 12; i++)
    expect((await page.request.get(`/${appId}/${keyOf('REST')}/data/Users`)).ok()).toBe(true);
  for (let i = 0; i < 3; i++) expect((await page.request.get(`/${appId}/${keyOf('JS')}/data/Users`)).ok()).toBe(true);
  for (let i = 0; i < 2; i++)
    expect((await page.request.get(`/${appId}/${keyOf('JS')}/data/Missing`)).status()).toBe(404);
  const registered = await page.request.post(`/${appId}/${keyOf('JS')}/users/register`, {
    data: { email: 'analytics.user@example.com', password: 'user password 1' },
  });
  expect(registered.ok()).toBe(true);

  await page.reload();
  const calls = page.getByRole('region', { name: 'API calls' });
  await expect(calls).toContainText('18 calls, 2 errors');
  // The stacked chart draws bars (recharts renders them as SVG paths).
  await expect(calls.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  await expect(calls.locator('.recharts-legend-wrapper')).toContainText('REST');
  await expect(calls.locator('.recharts-legend-wrapper')).toContainText('JS');
  const table = calls.getByRole('table', { name: 'API calls table' });
  await expect(table.getByRole('row').filter({ hasText: 'REST' }).filter({ hasText: 'data' })).toContainText('12');
  await expect(table.getByRole('row').filter({ hasText: 'register' })).toContainText('users');

  const users = page.getByRole('region', { name: 'Users' });
  await expect(users.getByRole('table', { name: 'Users table' }).getByRole('row')).toHaveCount(2);
  // One line per series (a flat line at zero has no height, so it is counted rather than seen).
  await expect(users.locator('.recharts-line')).toHaveCount(4);
  const perf = page.getByRole('region', { name: 'Performance' });
  // Today's row: the 18 calls with their answer times.
  await expect(perf.getByRole('table', { name: 'Performance table' }).locator('tbody tr td').nth(1)).toHaveText('18');
  await page.screenshot({ path: `${SHOTS}/analytics-data.png`, fullPage: true });

  // The CSV download holds the table's rows.
  const download = page.waitForEvent('download');
  await calls.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('api-calls.csv');
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.split('\n')[0]).toBe('Date,Client type,Service,Method,Successful,Errors');
  expect(text).toContain(',REST,data,get,12,0');

  // The period lives in the URL; a custom range without today shows nothing.
  await page.getByText('Year', { exact: true }).click();
  await expect(page).toHaveURL(/period=year/);
  await expect(calls).toContainText('18 calls');
  await page.getByText('Custom', { exact: true }).click();
  await page.getByLabel('From', { exact: true }).fill('2025-01-01');
  await page.getByLabel('To', { exact: true }).fill('2025-01-31');
  await expect(page).toHaveURL(/from=2025-01-01&to=2025-01-31/);
  await expect(page.getByText('No app API calls in this period yet', { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/analytics-custom.png`, fullPage: true });
});
