import { expect, test } from '@playwright/test';
import { registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('a developer starts an app from a blueprint and lands on its overview with its tables', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('blueprint'));
  await page.goto('/apps/new');
  const dialog = page.getByRole('dialog', { name: 'New app' });
  // The first "Blueprint" text is the segment of Start from (the cards' group label comes after it).
  await dialog.getByText('Blueprint', { exact: true }).first().click();
  await expect(page).toHaveURL(/from=blueprint/);

  // The shipped blueprints as cards saying what each creates.
  const cards = dialog.getByRole('radiogroup', { name: 'Blueprint' });
  await expect(cards.getByRole('radio')).toHaveCount(3);
  await expect(dialog.getByRole('list', { name: 'To-do list creates' })).toContainText('Task');
  await dialog.getByLabel('App name').fill('Blueprint Journey');
  await dialog.getByRole('button', { name: 'Create app' }).click();
  await expect(dialog).toContainText('Choose a blueprint');

  // Keyboard: the cards are one radio group.
  await cards.getByRole('radio', { name: 'To-do list' }).focus();
  await page.keyboard.press('Space');
  await expect(cards.getByRole('radio', { name: 'To-do list' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog).not.toContainText('Choose a blueprint');
  await page.screenshot({ path: `${SHOTS}/new-app-blueprint.png` });
  await dialog.getByRole('button', { name: 'Create app' }).click();

  await expect(page).toHaveURL(/\/apps\/[^/]+\/overview$/, { timeout: 30_000 });
  await expect(page.getByText('made from the To-do list blueprint')).toBeVisible();
  // Its sample records make the app's warnings mention the audit of reads.
  await expect(page.getByRole('region', { name: 'App warnings' })).toContainText('HIPAA compliance is off');
  await page.getByRole('link', { name: 'Data', exact: true }).click();
  await expect(page.getByRole('link', { name: /^Task/ }).first()).toBeVisible();
});

test('the New app dialog offers a ZIP file and a ZIP URL and names what is missing', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('newzip'));
  await page.goto('/apps/new?from=zip-url');
  const dialog = page.getByRole('dialog', { name: 'New app' });
  await dialog.getByLabel('App name').fill('Zip Journey');
  await dialog.getByRole('button', { name: 'Create app' }).click();
  await expect(dialog.getByLabel('URL of the ZIP')).toBeVisible();
  await expect(dialog).toContainText('Give an http:// or https:// address of the ZIP');
  await dialog.getByText('ZIP file', { exact: true }).click();
  await expect(dialog.getByLabel('App ZIP')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create app' }).click();
  await expect(dialog).toContainText('Choose a ZIP file');
});
