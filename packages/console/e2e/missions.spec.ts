import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('creating a table completes the "first table" mission task and raises the level', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('missions'));
  const appId = await createApp(page, 'Missions Journey');

  await page.goto('/missions');
  await expect(page.getByRole('heading', { name: 'Missions' })).toBeVisible();
  await expect(page.getByTestId('missions-level')).toHaveText('1');
  await expect(page.getByTestId('missions-xp')).toContainText('0 XP');
  await expect(page.getByTestId('task-first-table')).toHaveAttribute('data-completed', 'false');

  // A table made through the console API, as any client would.
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey'));
  const made = await page.request.post(`/${appId}/console/data/tables`, {
    headers: { 'auth-key': String(authKey) },
    data: { name: 'Orders' },
  });
  expect(made.ok()).toBe(true);

  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('task-first-table')).toHaveAttribute('data-completed', 'true', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('missions-level')).toHaveText('2');
  await expect(page.getByTestId('missions-xp')).toContainText('50 XP');
  await expect(page.getByTestId('missions-points')).toContainText('10 points');
  await expect(page.getByText('Task complete')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/missions.png`, fullPage: true });

  // The trivia bonus of the finished task: one answer, the result at once.
  await page.getByRole('button', { name: /Trivia bonus/ }).click();
  await page.getByRole('dialog').getByLabel('objectId').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Answer' }).click();
  await expect(page.getByTestId('trivia-result')).toContainText('Right!');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('missions-xp')).toContainText('100 XP');

  await page.goto('/community');
  await page.getByLabel('User name').fill('journey_dev');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/community-profile.png`, fullPage: true });
});
