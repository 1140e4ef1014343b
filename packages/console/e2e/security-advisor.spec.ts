import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

/** A console API call with the signed-in developer's key. */
async function consoleCall(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const res = await page.request.fetch(path, {
    method,
    headers: { 'auth-key': authKey },
    ...(data !== undefined ? { data } : {}),
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

test('the advisor lists a table open to anonymous writes and its fix closes it', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('advisor'));
  const appId = await createApp(page, 'Advisor');
  await consoleCall(page, 'POST', `/${appId}/console/data/tables`, { name: 'Orders' });
  const { apiKeys } = (await consoleCall(page, 'GET', `/${appId}/console/appsettings`)) as {
    apiKeys: Array<{ deviceType: string; apiKey: string }>;
  };
  const restKey = apiKeys.find((k) => k.deviceType === 'REST')!.apiKey;
  const anonymousCreate = () => page.request.put(`/${appId}/${restKey}/data/Orders`, { data: { note: 'from nobody' } });
  expect((await anonymousCreate()).status()).toBe(200);

  // The overview warns while a high risk is open.
  await page.goto(`/apps/${appId}`);
  await expect(page.getByText(/high security risk/)).toBeVisible();

  await page.goto(`/apps/${appId}/security/advisor`);
  const risk = page.getByRole('listitem', { name: 'Anyone can create, update, delete records in Orders' });
  await expect(risk).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Dynamic schema is on' })).toBeVisible();
  await page.screenshot({ path: '/tmp/basalt-advisor.png', fullPage: true });

  await risk.getByRole('button', { name: 'Deny anonymous writes on Orders' }).click();
  await expect(risk).toHaveCount(0);
  expect((await anonymousCreate()).status()).toBe(403);

  // The dynamic schema fix turns the setting off, as Data › Configuration then shows.
  await page.getByRole('listitem', { name: 'Dynamic schema is on' }).getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('listitem', { name: 'Dynamic schema is on' })).toHaveCount(0);
  await page.goto(`/apps/${appId}/data/-/config`);
  await expect(page.getByRole('switch', { name: 'Dynamic schema' })).not.toBeChecked();
});
