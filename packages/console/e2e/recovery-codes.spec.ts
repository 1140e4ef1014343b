import { expect, test } from '@playwright/test';
import { totp } from '../../server/src/modules/accounts/totp';
import { registerThroughUi, signInWithPassword, signOut, uniqueEmail } from './helpers';

test('recovery codes: shown once at enrolment, one signs in without the app, nine are left', async ({ page }) => {
  const email = uniqueEmail('recovery');
  await registerThroughUi(page, email);
  await page.goto('/account/security');
  await page.getByRole('switch', { name: 'Require a code at sign-in' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('Code from your authenticator app').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();

  // Ten codes, shown once; "Done" waits until the developer says they are saved.
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((t) => t.replace(/^\s*\d+\.\s*/, '').trim());
  for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await page.screenshot({ path: `${test.info().outputDir}/recovery-codes.png`, fullPage: true });
  const done = page.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await page.getByLabel('I have saved these codes somewhere safe').check();
  await done.click();
  await expect(list).toHaveCount(0);
  await expect(page.getByTestId('recovery-codes-left')).toContainText('10 of 10 left');

  // Sign in with a recovery code instead of the authenticator.
  await signOut(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/login\/verify$/);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Sign in with recovery code' }).click();
  await expect(page).toHaveURL(/\/apps$/);

  await page.goto('/account/security');
  await expect(page.getByTestId('recovery-codes-left')).toContainText('9 of 10 left');
});
