import { expect, test } from '@playwright/test';
import { totp } from '../../server/src/modules/accounts/totp';
import { createApp, PASSWORD, registerThroughUi, signInWithPassword, signOut, uniqueEmail } from './helpers';

test('a developer registers, turns on two-factor sign-in, signs in with a code and manages an app', async ({
  page,
}) => {
  const email = uniqueEmail('journey');

  // Register: the console signs the new account in and offers the first app.
  await registerThroughUi(page, email);
  await expect(page.getByRole('heading', { name: 'Create your first app' })).toBeVisible();

  // Sign out and back in with the password alone.
  await signOut(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/apps$/);

  // Two-factor enrolment: the switch stays off until a code from the shown secret is verified.
  await page.goto('/account/security');
  const twoFactor = page.getByRole('switch', { name: 'Require a code at sign-in' });
  await expect(twoFactor).not.toBeChecked();
  await twoFactor.click();
  const secretText = await page.getByTestId('totp-secret').textContent();
  const secret = (secretText ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(twoFactor).not.toBeChecked();
  await page.getByLabel('Code from your authenticator app').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(twoFactor).toBeChecked();
  await expect(page.getByTestId('totp-secret')).toHaveCount(0);

  // Sign out; signing in now asks for a code, entered in the six boxes (the last digit submits).
  await signOut(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/login\/verify$/);
  expect(page.url()).not.toContain(encodeURIComponent(email));
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Authentication code').fill(totp(secret));
  await expect(page).toHaveURL(/\/apps$/);

  // Create an app: the console lands on its overview with the endpoint and keys in device order.
  await page.getByRole('link', { name: 'Create your first app' }).click();
  await expect(page).toHaveURL(/\/apps\/new$/);
  await page.getByLabel('App name').fill('Journey App');
  await page.getByRole('button', { name: 'Create app', exact: true }).click();
  await expect(page).toHaveURL(/\/apps\/[^/]+\/overview$/);
  await expect(page.getByRole('heading', { name: 'Journey App' })).toBeVisible();
  const devices = await page
    .getByRole('table', { name: 'API keys' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-device')));
  expect(devices).toEqual(['ANDROID', 'IOS', 'JS', 'REST', 'WP', 'AS', 'BL']);

  // Rename from the apps list.
  await page.getByRole('link', { name: 'Basalt: all apps' }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await page.getByRole('button', { name: 'Actions for Journey App' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const newName = page.getByLabel('New name');
  await expect(newName).toHaveValue('Journey App');
  await newName.fill('Journey App Renamed');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Journey App Renamed' })).toBeVisible();

  // Delete: the button stays disabled until the exact name is typed.
  await page.getByRole('button', { name: 'Actions for Journey App Renamed' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: /Delete Journey App Renamed/ });
  const confirm = dialog.getByRole('button', { name: 'Delete app' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type the app name to confirm').fill('journey app renamed');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type the app name to confirm').fill('Journey App Renamed');
  await confirm.click();
  await expect(page.getByRole('heading', { name: 'Create your first app' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Journey App Renamed' })).toHaveCount(0);

  // A wrong password never reaches the code step.
  await signOut(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`${PASSWORD}-wrong`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('dark mode is remembered and the command palette jumps to apps and areas', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('palette'));
  const appId = await createApp(page, 'Palette App');
  const html = page.locator('html');

  await page.getByRole('button', { name: 'Colour theme' }).click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Colour theme' }).click();
  await page.getByRole('menuitem', { name: 'Light' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  // Mod+K opens the palette; choosing an area of the current app navigates there.
  await page.keyboard.press('Control+K');
  const search = page.getByRole('textbox', { name: 'Search apps, areas and actions' });
  await expect(search).toBeVisible();
  await search.fill('team');
  await page.getByRole('button', { name: /^Team/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/team$`));
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();

  // Two-key shortcuts: G then O opens the overview of the current app.
  await page.getByRole('heading', { name: 'Team', exact: true }).click();
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/overview$`));

  // The palette also reaches the account pages, and the session survives a reload.
  await page.keyboard.press('Control+K');
  await search.fill('security');
  await page.getByRole('button', { name: /^Security Password/ }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Require a code at sign-in' })).toBeVisible();

  // The palette's theme action flips the scheme.
  await page.keyboard.press('Control+K');
  await search.fill('toggle theme');
  await page.getByRole('button', { name: /^Toggle theme/ }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('an expired session goes to sign-in and comes back to the page it wanted', async ({ page }) => {
  const email = uniqueEmail('expired');
  await registerThroughUi(page, email);
  await page.evaluate(() => localStorage.setItem('basalt.authKey', 'not-a-valid-key'));
  await page.goto('/account/security');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Fsecurity$/);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/account\/security$/);
});
