import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { startServer, type RunningServer } from './server';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';
const OPERATOR = uniqueEmail('mp-operator');
const M = '/console/community/marketplace';

/** A server of its own whose operator is named by BASALT_ADMINS, so the journey knows who approves (decision 0082). */
const test = base.extend<object, { mpServer: RunningServer }>({
  mpServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startServer({ env: { BASALT_ADMINS: OPERATOR } });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ mpServer }, use) => {
    await use(mpServer.url);
  },
});

async function developer(browser: Browser, baseURL: string, prefix: string, email = uniqueEmail(prefix)) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await registerThroughUi(page, email);
  const key = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  return { context, page, headers: { 'auth-key': key, 'content-type': 'application/json' } };
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `marketplace-${name}.png`), fullPage: true });
}

const widget = (version: string, label: string) => ({
  kind: 'ui-component',
  version,
  notes: `Release ${version}`,
  configuration: [
    { name: 'apiKey', label: 'API key', type: 'secret', required: true },
    { name: 'maxStars', label: 'Stars', type: 'number', defaultValue: 5 },
  ],
  files: [
    { path: 'component.json', content: JSON.stringify({ name: 'StarRating', version }) },
    { path: 'component.js', content: `export default function StarRating() { return '${label}'; }` },
  ],
});

test('install a product from the marketplace', async ({ browser, baseURL }) => {
  // Three developers and every marketplace screen: longer than one screen's journey.
  test.setTimeout(240_000);
  const origin = baseURL ?? '';
  // The operator registers first; BASALT_ADMINS names them either way.
  const operator = await developer(browser, origin, 'mp-operator', OPERATOR);
  const a = await developer(browser, origin, 'mp-seller');
  const appA = await createApp(a.page, 'Seller App');

  // Developer A publishes through the HTTP API: a free UI component, a paid one, and one the operator will refuse.
  const publish = async (body: Record<string, unknown>) => {
    const res = await a.page.request.post(`${M}/products`, { headers: a.headers, data: body });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { id: string }).id;
  };
  const starId = await publish({
    name: 'Star Rating',
    description: 'Five stars anyone can click.\nWorks in every UI Builder page.',
    ...widget('1.0.0', 'v1'),
  });
  const paidId = await publish({
    name: 'Pro Charts',
    description: 'Charts for dashboards.',
    price: 900,
    currency: 'USD',
    ...widget('1.0.0', 'charts'),
  });
  await publish({ name: 'Broken Widget', description: 'Not ready.', ...widget('0.1.0', 'broken') });

  // The operator decides in the console: approve two, reject one with a reason.
  const op = operator.page;
  await op.goto('/operator/products');
  await expect(op.getByRole('heading', { name: 'Product approvals' })).toBeVisible();
  const approvals = op.getByTestId('approvals');
  await expect(approvals.getByRole('row')).toHaveCount(4);
  await shot(op, 'approvals');
  await approvals
    .getByRole('row', { name: /^Star Rating 1\.0\.0/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(approvals.getByRole('row', { name: /^Star Rating/ })).toHaveCount(0);
  await approvals
    .getByRole('row', { name: /^Pro Charts/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(approvals.getByRole('row', { name: /^Pro Charts/ })).toHaveCount(0);
  await approvals
    .getByRole('row', { name: /^Broken Widget/ })
    .getByRole('button', { name: 'Reject' })
    .click();
  const reject = op.getByRole('dialog', { name: /Reject Broken Widget/ });
  await expect(reject.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await reject.getByLabel('Reason').fill('Needs a README');
  await shot(op, 'reject');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(op.getByTestId('approvals-empty')).toBeVisible();

  // A sees the decisions on their own products.
  await a.page.goto(`/apps/${appA}/marketplace/developer`);
  const mine = a.page.getByTestId('submissions');
  await expect(mine.getByRole('row', { name: /Broken Widget/ })).toContainText('rejected');
  await expect(mine.getByRole('row', { name: /Broken Widget/ })).toContainText('Needs a README');
  await expect(mine.getByRole('row', { name: /Star Rating/ })).toContainText('approved');
  await shot(a.page, 'my-products');

  // Developer B browses the marketplace of their app.
  const b = await developer(browser, origin, 'mp-buyer');
  const page = b.page;
  const appB = await createApp(page, 'Buyer App');
  await page.goto(`/apps/${appB}/overview`);
  await page
    .getByRole('link', { name: /Marketplace/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appB}/marketplace$`));
  await expect(page.getByRole('heading', { name: 'Marketplace', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Star Rating, UI component, Free/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Broken Widget/ })).toHaveCount(0);
  await shot(page, 'browse');

  await page.getByLabel('Search products').fill('nothing like this');
  await expect(page.getByTestId('marketplace-empty')).toContainText('No products match');
  await page.getByLabel('Search products').fill('stars anyone');
  await expect(page).toHaveURL(/q=stars/);
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await shot(page, 'search');
  await page.getByRole('link', { name: /^Star Rating/ }).click();

  // The product page: description and versions.
  await expect(page).toHaveURL(new RegExp(`/marketplace/products/${starId}`));
  await expect(page.getByRole('heading', { name: 'Star Rating' })).toBeVisible();
  await expect(page.getByText('Five stars anyone can click.')).toBeVisible();
  await expect(page.getByTestId('versions')).toContainText('1.0.0');
  await shot(page, 'product');

  // The install wizard: version and container, configuration with the secret as a password, confirmation.
  await page.getByRole('button', { name: 'Install into this app' }).click();
  const wizard = page.getByRole('dialog', { name: 'Install Star Rating' });
  await expect(wizard.getByRole('combobox', { name: 'Version' })).toHaveValue(/^1\.0\.0/);
  await expect(wizard.getByRole('combobox', { name: 'UI Builder container' })).toHaveValue('default');
  await expect(wizard).toContainText('None: this version needs no other product.');
  await shot(page, 'wizard-version');
  await wizard.getByRole('button', { name: 'Next' }).click();
  const secret = wizard.getByLabel('API key');
  await expect(secret).toHaveAttribute('type', 'password');
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
  await secret.fill('sk-live-123');
  await expect(wizard.getByLabel('Stars')).toHaveValue('5');
  await shot(page, 'wizard-config');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByTestId('install-summary')).toContainText('UI Builder container “default”');
  await expect(wizard.getByTestId('install-summary')).toContainText('Free');
  await shot(page, 'wizard-confirm');
  await wizard.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(wizard.getByTestId('install-result')).toContainText('Star Rating 1.0.0 is installed in this app');
  await expect(wizard.getByTestId('install-result')).toContainText('ui-builder:default');
  await shot(page, 'wizard-done');
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('installed-badge')).toHaveText('Installed · v1.0.0');

  // Installed: the secret is masked.
  await page.getByRole('tab', { name: 'Installed' }).click();
  await expect(page.getByTestId('installs')).toContainText('Star Rating');
  await expect(page.getByTestId('installs')).toContainText('apiKey=********');
  await expect(page.getByTestId('installs')).not.toContainText('sk-live-123');
  await shot(page, 'installed');
  await page.goBack();

  // Reviews: one per developer. A second tab opened before the first review was posted gets the server's 409.
  const reviewsUrl = `/apps/${appB}/marketplace/products/${starId}?tab=reviews`;
  const second = await b.context.newPage();
  await second.goto(reviewsUrl);
  await expect(second.getByRole('form', { name: 'Your review' })).toBeVisible();
  await page.goto(reviewsUrl);
  const form = page.getByRole('form', { name: 'Your review' });
  // The stars are radios: keyboard picks them as well as the mouse.
  await form.getByLabel('5 stars').focus();
  await page.keyboard.press('Space');
  await expect(form.getByLabel('5 stars')).toBeChecked();
  await form.getByLabel('Review').fill('Dropped it into a page in a minute.');
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByTestId('review')).toHaveCount(1);
  await expect(page.getByTestId('review')).toContainText('Dropped it into a page in a minute.');
  await expect(page.getByRole('form', { name: 'Your review' })).toHaveCount(0);
  await expect(page.getByTestId('product-rating')).toContainText('5.0 (1 review)');
  await shot(page, 'reviews');

  const secondForm = second.getByRole('form', { name: 'Your review' });
  await secondForm.getByLabel('2 stars').focus();
  await second.keyboard.press('Space');
  await secondForm.getByRole('button', { name: 'Post review' }).click();
  const refused = second.getByRole('alert').filter({ hasText: 'The review was not saved' });
  await expect(refused).toContainText('You already reviewed this item');
  await expect(refused).toContainText('409');
  await expect(second.getByTestId('review')).toHaveCount(1);
  await shot(second, 'review-twice');
  await second.close();
  // The rating input offers 1–5 only; the server refuses a 6 all the same.
  const six = await page.request.post('/console/community/reviews', {
    headers: b.headers,
    data: { context: 'marketplace', itemId: starId, rating: 6 },
  });
  expect(six.status()).toBe(400);

  // Comments.
  await page.getByRole('tab', { name: 'Comments' }).click();
  await page.getByLabel('Your comment').fill('Does it support half stars?');
  await page.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByTestId('comments')).toContainText('Does it support half stars?');
  await shot(page, 'comments');

  // A paid product: the server answers 402 and the wizard says so plainly.
  await page.goto(`/apps/${appB}/marketplace/products/${paidId}`);
  await page.getByRole('button', { name: /Buy and install/ }).click();
  const paid = page.getByRole('dialog', { name: 'Install Pro Charts' });
  await paid.getByRole('button', { name: 'Next' }).click();
  await paid.getByLabel('API key').fill('k');
  await paid.getByRole('button', { name: 'Next' }).click();
  await paid.getByRole('button', { name: 'Buy and install' }).click();
  await expect(paid.getByRole('alert')).toContainText('Payment required');
  await expect(paid.getByRole('alert')).toContainText('cannot take payments for marketplace products yet');
  await shot(page, 'payment-required');
  await paid.getByRole('button', { name: 'Close', exact: true }).click();

  // A newer version: A publishes 1.1.0, the operator approves it, B upgrades after seeing the diff.
  const v2 = await a.page.request.post(`${M}/products`, {
    headers: a.headers,
    data: { productId: starId, name: 'Star Rating', ...widget('1.1.0', 'v2') },
  });
  expect(v2.ok(), await v2.text()).toBe(true);
  expect((await op.request.put(`${M}/products/${starId}/approve`, { headers: operator.headers })).ok()).toBe(true);
  await page.goto(`/apps/${appB}/marketplace/products/${starId}`);
  await page.getByRole('button', { name: 'Upgrade to 1.1.0' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Star Rating' });
  await upgrade.getByRole('button', { name: 'Next' }).click();
  // The secret kept from the install comes back masked; sending the mask keeps it.
  await expect(upgrade.getByLabel('API key')).toHaveValue('********');
  await upgrade.getByRole('button', { name: 'Next' }).click();
  await expect(upgrade.getByTestId('install-summary')).toContainText('1.0.0 → 1.1.0');
  await expect(upgrade.getByTestId('upgrade-diff')).toContainText('0 added, 2 changed, 0 removed');
  await shot(page, 'upgrade');
  await upgrade.getByRole('button', { name: 'Upgrade to 1.1.0' }).click();
  await expect(upgrade.getByTestId('install-result')).toContainText('Star Rating 1.1.0 is installed');
  await upgrade.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('installed-badge')).toHaveText('Installed · v1.1.0');

  // Uninstall asks first.
  await page.getByRole('button', { name: 'Uninstall' }).click();
  const confirm = page.getByRole('dialog', { name: 'Uninstall Star Rating?' });
  await expect(confirm).toContainText('taken out of its UI Builder container');
  await shot(page, 'uninstall');
  await confirm.getByRole('button', { name: 'Uninstall' }).click();
  await expect(page.getByRole('button', { name: 'Install into this app' })).toBeVisible();

  // A sees the sale (a free one) in the ledger.
  await a.page.goto(`/apps/${appA}/marketplace/sales`);
  await expect(a.page.getByRole('table').first()).toContainText('Star Rating');
  await shot(a.page, 'sales');

  // A publishes from the console too: a new product from a text bundle, waiting for the operator.
  await a.page.getByRole('tab', { name: 'My products' }).click();
  await a.page.getByRole('button', { name: 'Publish a product' }).click();
  const publishDialog = a.page.getByRole('dialog', { name: 'Publish to the marketplace' });
  await publishDialog.getByRole('textbox', { name: /^Name/ }).fill('Toggle Switch');
  await publishDialog.getByLabel('Description').fill('An accessible on/off switch.');
  await publishDialog.getByRole('textbox', { name: /^Version/ }).fill('2.0.0');
  await publishDialog.getByRole('button', { name: 'Bundle' }).click();
  await publishDialog.locator('input[type=file]').setInputFiles({
    name: 'component.js',
    mimeType: 'text/javascript',
    buffer: Buffer.from('export default function Toggle() { return null; }'),
  });
  await shot(a.page, 'publish');
  await publishDialog.getByRole('button', { name: 'Submit for review' }).click();
  await expect(publishDialog).toBeHidden();
  await expect(mine.getByRole('row', { name: /Toggle Switch/ })).toContainText('pending');

  await Promise.all([operator.context.close(), a.context.close(), b.context.close()]);
});
