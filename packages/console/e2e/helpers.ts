import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'granite-Columns-42';

/** An address no other test run uses, so journeys never collide on the same server. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** Signs up through the form; the console signs the new developer in and shows the apps list. */
export async function registerThroughUi(page: Page, email: string, name = 'Ada Builder'): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/apps$/);
}

export async function signInWithPassword(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function createApp(page: Page, name: string): Promise<string> {
  await page.goto('/apps/new');
  await page.getByLabel('App name').fill(name);
  await page.getByRole('button', { name: 'Create app', exact: true }).click();
  await expect(page).toHaveURL(/\/apps\/[^/]+\/overview$/);
  return new URL(page.url()).pathname.split('/')[2];
}
