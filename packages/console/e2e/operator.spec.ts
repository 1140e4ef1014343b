import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { createApp, registerThroughUi, signOut, uniqueEmail } from './helpers';
import { startServer, type RunningServer } from './server';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/work/helpers/shots';

/**
 * A server of its own, so the first developer to register is its operator (BASALT_ADMINS is
 * empty: decision 0082), with a plans file: `studio` (priced; where apps start), `tiny` (free,
 * limited) and `partner` (private).
 */
const test = base.extend<object, { operatorServer: RunningServer }>({
  operatorServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-e2e-operator-'));
      const file = path.join(dir, 'plans.json');
      fs.writeFileSync(
        file,
        JSON.stringify([
          { id: 'studio', name: 'Studio', periods: { monthly: 25, yearly: 250 }, components: [] },
          {
            id: 'tiny',
            name: 'Tiny',
            periods: { monthly: 0, yearly: 0 },
            components: [
              { id: 'api-calls-per-minute', limit: 50 },
              { id: 'file-storage-bytes', limit: 1048576 },
              { id: 'tables', limit: 2 },
            ],
          },
          {
            id: 'partner',
            name: 'Partner',
            public: false,
            periods: { monthly: 10, yearly: 100 },
            components: [{ id: 'team-members', limit: 20 }],
          },
        ]),
      );
      const server = await startServer({ env: { BASALT_PLANS_FILE: file, BASALT_ADMINS: '' } });
      try {
        await use(server);
      } finally {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ operatorServer }, use) => {
    await use(operatorServer.url);
  },
});

test.describe.configure({ mode: 'serial' });

async function authHeaders(page: Page) {
  const key = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  return { 'auth-key': key, 'content-type': 'application/json' };
}

const operatorEmail = uniqueEmail('operator');

test('the first developer operates the server: plans, invoices, moderation', async ({ page }) => {
  await registerThroughUi(page, operatorEmail, 'Olga Operator');
  const appId = await createApp(page, 'Operator Journey');

  // The Operator entry sits in the account menu of operators.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Operator' }).click();
  await expect(page).toHaveURL(/\/operator\/plans$/);
  const tabs = page.getByRole('tablist', { name: 'Operator sections' });
  for (const name of ['Plans', 'Invoices', 'Products', 'Moderation', 'Gamification', 'Instance settings'])
    await expect(tabs.getByRole('tab', { name })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Products' })).toHaveAttribute('href', '/operator/products');

  // Plans: the catalogue from the plans file, read-only, components as rows.
  await expect(page.getByTestId('plans-source')).toContainText('BASALT_PLANS_FILE');
  await expect(page.getByTestId('plans-source')).toContainText('plans.json');
  const line = page.getByTestId('plans-line-application');
  await expect(line.getByTestId('operator-plan-studio')).toContainText('default');
  await expect(line.getByTestId('operator-plan-studio')).toContainText('25.00 / month');
  await expect(line.getByTestId('operator-plan-partner')).toContainText('private');
  await expect(line.getByTestId('operator-plan-apps-studio')).toHaveText('1 app on it');
  await expect(line.getByRole('row', { name: /API calls per minute/ })).toContainText('50 calls');
  await expect(line.getByRole('row', { name: /File storage/ })).toContainText('1.0 MB');
  await expect(line.getByRole('row', { name: /Team members/ })).toContainText('20 developers');
  await expect(page.getByRole('button', { name: /edit|save/i })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/operator-plans.png`, fullPage: true });

  // Invoices: the app starts on the priced Studio plan; the operator's route issues its invoice.
  const headers = await authHeaders(page);
  const issued = await page.request.post('/console/operator/invoices/generate', { headers });
  expect(await issued.json()).toEqual({ created: 1 });
  await tabs.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/operator\/invoices$/);
  const table = page.getByTestId('invoices-table');
  const row = table.getByRole('row', { name: /Operator Journey/ });
  await expect(row).toContainText('$25.00');
  await expect(row).toContainText('open');
  await expect(row).toContainText('studio');
  await page.screenshot({ path: `${SHOTS}/operator-invoices.png`, fullPage: true });
  await row.getByRole('button', { name: /Actions for invoice/ }).click();
  await page.getByRole('menuitem', { name: 'Mark paid' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/Mark invoice .+ paid\?/);
  await expect(dialog).toContainText('Operator Journey');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/operator-invoice-confirm.png` });
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('paid');
  await expect(row).toContainText(operatorEmail);
  await expect(row.getByRole('button', { name: /Actions for invoice/ })).toHaveCount(0);
  // The status filter lives in the URL; the paid invoice is not open any more.
  await page.getByText('Open', { exact: true }).click();
  await expect(page).toHaveURL(/status=open/);
  await expect(page.getByTestId('invoices-empty')).toContainText('No open invoices');
  const paid = await page.request.get('/console/operator/invoices?status=paid', { headers });
  expect((await paid.json()).map((i: { status: string }) => i.status)).toEqual(['paid']);

  // A second app's invoice is voided: the red verb, after a confirmation naming it.
  const created = await page.request.post('/console/applications', { headers, data: { name: 'Void Journey' } });
  expect(created.ok()).toBe(true);
  await page.getByText('All', { exact: true }).click();
  await page.getByRole('button', { name: 'Issue invoices now' }).click();
  await expect(page.getByText('1 invoice issued.')).toBeVisible();
  const second = table.getByRole('row', { name: /Void Journey/ });
  await second.getByRole('button', { name: /Actions for invoice/ }).click();
  await page.getByRole('menuitem', { name: 'Void' }).click();
  const voidDialog = page.getByRole('dialog');
  await expect(voidDialog).toContainText(/Void invoice .+\?/);
  await expect(voidDialog).toContainText('The app owes nothing for this period');
  await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
  await expect(voidDialog).toBeHidden();
  await expect(second).toContainText('void');
  await expect(page.getByTestId('invoice-count')).toHaveText('2');

  // Moderation: a comment on the app's discussion, hidden and displayed again from here.
  const posted = await page.request.post('/console/community/comments', {
    headers,
    data: { context: 'app', itemId: appId, body: 'Buy cheap watches at example.test' },
  });
  expect(posted.ok()).toBe(true);
  const comment = (await posted.json()) as { id: string };
  await tabs.getByRole('tab', { name: 'Moderation' }).click();
  await expect(page.getByTestId('moderation-empty')).toContainText('No hidden comments');
  await page.screenshot({ path: `${SHOTS}/operator-moderation-empty.png`, fullPage: true });
  await page.getByText('On show', { exact: true }).click();
  const card = page.getByTestId(`moderated-${comment.id}`);
  await expect(card).toContainText('Buy cheap watches');
  await expect(card).toContainText('App discussion');
  await expect(card.getByTestId('moderated-item')).toHaveText('Operator Journey');
  await card.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('The comment is hidden.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByText('Hidden', { exact: true }).click();
  await expect(card).toContainText('hidden');
  await expect(card).toContainText('Buy cheap watches');
  await page.screenshot({ path: `${SHOTS}/operator-moderation.png`, fullPage: true });
  await card.getByRole('button', { name: 'Display again' }).click();
  await expect(page.getByText('The comment is on show again.')).toBeVisible();
  await expect(page.getByTestId('moderation-empty')).toBeVisible();
  const shown = await page.request.get(`/console/community/comments?context=app&itemId=${appId}`, { headers });
  expect((await shown.json())[0]).toMatchObject({ id: comment.id, hidden: false });

  // Gamification content and the instance settings, read-only.
  await tabs.getByRole('tab', { name: 'Gamification' }).click();
  await expect(page.getByTestId('pack-getting-started')).toContainText('Getting started');
  await page.getByTestId('pack-getting-started').getByRole('button').first().click();
  await expect(page.getByTestId('levels')).toContainText('Newcomer');
  await page.screenshot({ path: `${SHOTS}/operator-gamification.png`, fullPage: true });
  await tabs.getByRole('tab', { name: 'Instance settings' }).click();
  for (const f of ['billing', 'marketplace', 'community', 'gamification'])
    await expect(page.getByTestId(`feature-${f}`)).toContainText('On');
  await expect(page.getByTestId('operators-rule')).toContainText('registered first');
  await expect(page.getByTestId('server-facts')).toContainText('plans.json');
  await page.screenshot({ path: `${SHOTS}/operator-settings.png`, fullPage: true });

  // The app's own billing: its invoice, paid, and the account's payment profiles.
  await page.goto(`/apps/${appId}/billing`);
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/tab=invoices/);
  const appInvoices = page.getByTestId('app-invoices');
  await expect(appInvoices.getByRole('row', { name: /studio/ })).toContainText('$25.00');
  await expect(appInvoices.getByRole('row', { name: /studio/ })).toContainText('paid');
  await page.screenshot({ path: `${SHOTS}/operator-app-invoices.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Payment profiles' }).click();
  await expect(page.getByTestId('profiles-empty')).toContainText('No payment profiles yet');
  await page.screenshot({ path: `${SHOTS}/operator-profiles-empty.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add profile' }).click();
  const form = page.getByRole('dialog', { name: 'Add a payment profile' });
  // No card field exists; a card number typed anywhere is refused by the server, which says why.
  await expect(form.getByLabel(/card number/i)).toHaveCount(0);
  await form.getByLabel('Profile name').fill('Acme Ltd');
  await form.getByLabel('Billing e-mail').fill('billing@acme.test');
  await form.getByLabel('Company').fill('Acme 4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form.getByTestId('profile-error')).toContainText('This server never accepts card numbers');
  await expect(form.getByTestId('profile-error')).toContainText('RAW_CARD_DATA_REFUSED');
  await page.screenshot({ path: `${SHOTS}/operator-profile-card-refused.png` });
  // Stripe is not configured on this server: the form says so under the choice.
  await form.getByLabel('By card, through Stripe').check();
  await expect(form.getByRole('button', { name: 'Save and continue to Stripe' })).toBeVisible();
  await form.getByLabel('Company').fill('Acme Ltd');
  await form.getByRole('button', { name: 'Save and continue to Stripe' }).click();
  await expect(form).toContainText('Stripe is not configured on this server');
  await form.getByLabel('By invoice').check();
  await form.getByLabel('Billing address').fill('1 Granite Way\nBasalt City');
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form).toBeHidden();
  const profile = page.getByTestId('profile-Acme Ltd');
  await expect(profile).toContainText('By invoice · billing@acme.test');
  await expect(profile).toContainText('active');
  await expect(profile).toContainText('Pays for no app yet.');
  await profile.getByRole('button', { name: 'Use for this app' }).click();
  await expect(profile).toContainText('pays for this app');
  await expect(profile).toContainText('Pays for Operator Journey (application).');
  await page.screenshot({ path: `${SHOTS}/operator-profiles.png`, fullPage: true });
  // A profile that pays for an app cannot be deleted: the confirmation shows the server's refusal.
  await profile.getByRole('button', { name: 'Actions for profile Acme Ltd' }).click();
  await page.getByRole('menuitem', { name: 'Delete profile' }).click();
  const del = page.getByRole('dialog', { name: /Delete payment profile Acme Ltd/ });
  await del.getByRole('button', { name: 'Delete profile' }).click();
  await expect(del.getByRole('alert')).toContainText('Operator Journey');
  await del.getByRole('button', { name: 'Cancel' }).click();
  // The account's own page lists the same profiles.
  await page.goto('/account/payment-profiles');
  await expect(page.getByTestId('profile-Acme Ltd')).toContainText('Pays for Operator Journey');

  // A section whose page is not there says so instead of a blank frame.
  await page.goto('/operator/no-such-section');
  await expect(page.getByTestId('operator-not-available')).toContainText('Not available yet');
});

test('a developer who is not an operator is refused the Operator area', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('not-operator'), 'Nina Developer');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Operator' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/operator/invoices');
  const refused = page.getByTestId('operator-refused');
  await expect(refused).toContainText('403');
  await expect(refused).toContainText('Only the operators of this server can open the Operator area');
  await expect(refused).toContainText('registered first');
  await expect(page.getByRole('tablist', { name: 'Operator sections' })).toHaveCount(0);
  // The server refuses the routes themselves, whatever the console shows.
  const res = await page.request.get('/console/operator/invoices', { headers: await authHeaders(page) });
  expect(res.status()).toBe(403);
  await page.screenshot({ path: `${SHOTS}/operator-refused.png`, fullPage: true });
  await signOut(page);
});
