import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('a developer sets a theme colour, a style sheet and i18n texts, publishes, and sees both on the page with ?lang', async ({
  page,
  context,
}) => {
  await registerThroughUi(page, uniqueEmail('look'));
  const appId = await createApp(page, 'Look Journey');
  await page.goto(`/apps/${appId}/ui`);
  await expect(page.getByRole('table', { name: 'Containers' }).getByRole('link', { name: 'default' })).toBeVisible();

  // Theme: create one, set its primary colour, apply it to the container.
  await page.goto(`/apps/${appId}/ui/default/theme`);
  await expect(page.getByText('No themes yet')).toBeVisible();
  await page.getByLabel('New theme').fill('Brand');
  await page.getByRole('button', { name: 'Create theme' }).click();
  await page.getByLabel('primary').fill('#c80000');
  await page.getByRole('button', { name: 'Save variables' }).click();
  await expect(page.getByText('Theme variables saved')).toBeVisible();
  await page.getByRole('button', { name: 'Apply to container' }).click();
  await expect(page.getByText('Applied here:')).toContainText('Brand');
  await page.screenshot({ path: `${SHOTS}/ui-look-theme.png` });

  // Styles: a remote import is refused with the URL named; then a sheet that compiles.
  await page.goto(`/apps/${appId}/ui/default/styles`);
  await expect(page.getByText('No style sheets')).toBeVisible();
  await page.getByLabel('New style sheet').fill('main');
  await page.getByRole('button', { name: 'Add' }).click();
  const sheet = page.getByLabel('Style sheet', { exact: true });
  await sheet.fill('@import "https://evil.example/x.less";');
  await page.getByRole('button', { name: 'Save and compile' }).click();
  await expect(page.getByText(/remote imports are off.*https:\/\/evil\.example\/x\.less/)).toBeVisible();
  await sheet.fill('.greeting {\n  border: 2px solid var(--bsl-primary);\n  color: rgb(0, 90, 0);\n}');
  await page.getByRole('button', { name: 'Save and compile' }).click();
  await expect(page.getByText('Style sheet main saved')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ui-look-styles.png` });

  // i18n: English and French texts of one key.
  await page.goto(`/apps/${appId}/ui/default/i18n`);
  await expect(page.getByText('No dictionaries yet')).toBeVisible();
  await page.getByLabel('Add a language').fill('en');
  await page.getByRole('button', { name: 'Add language' }).click();
  await page.getByLabel('New key').fill('greeting');
  await page.getByRole('button', { name: 'Add key' }).click();
  await page.getByLabel('greeting in en').fill('Hello');
  await page.getByLabel('greeting in en').press('Enter');
  await page.getByLabel('Add a language').fill('fr');
  await page.getByRole('button', { name: 'Add language' }).click();
  await page.getByLabel('greeting in fr').fill('Bonjour');
  await page.getByLabel('greeting in fr').press('Enter');
  await expect(page.getByLabel('greeting in fr')).toHaveValue('Bonjour');
  await page.screenshot({ path: `${SHOTS}/ui-look-i18n.png` });

  await page.goto(`/apps/${appId}/ui/default/settings`);
  await expect(page.getByLabel('Custom head content')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ui-look-settings.png` });
  await page.getByRole('tab', { name: 'PWA' }).click();
  await page.screenshot({ path: `${SHOTS}/ui-look-pwa.png` });

  // The landing page shows the key (bound through the API: the editor's binding picker is its own journey).
  const authKey = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  const headers = { 'auth-key': authKey };
  const base = `/${appId}/console/ui-builder/containers/default`;
  const saved = await page.request.put(`${base}/pages/landing/ui`, {
    headers,
    data: {
      dataSources: [],
      children: [{ uid: 'hello', type: 'Text', props: { text: { $t: 'greeting' } }, classList: ['greeting'] }],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const published = await page.request.post(`${base}/publish`, { headers, data: {} });
  expect(published.ok(), await published.text()).toBe(true);
  const url = ((await published.json()) as { url: string }).url;

  const visitor = await context.newPage();
  const problems: string[] = [];
  visitor.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  visitor.on('pageerror', (e) => problems.push(e.message));
  await visitor.goto(`${url}?lang=fr`);
  const text = visitor.getByText('Bonjour');
  await expect(text).toBeVisible();
  await expect(visitor.locator('html')).toHaveAttribute('data-bsl-hydrated', '1');
  await expect(text).toHaveCSS('color', 'rgb(0, 90, 0)');
  // The theme's primary colour reaches the page through the compiled sheet.
  await expect(text).toHaveCSS('border-top-color', 'rgb(200, 0, 0)');
  await visitor.screenshot({ path: `${SHOTS}/ui-look-published-fr.png` });
  await visitor.goto(`${url}?lang=de`);
  await expect(visitor.getByText('Hello')).toBeVisible();
  expect(problems).toEqual([]);
});
