import { expect, test } from '@playwright/test';
import { registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('the account area shows the licence and the instance, and an upload gets the server answer', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('licence'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Server and licence' }).click();
  await expect(page).toHaveURL(/\/account\/server$/);

  const licence = page.getByRole('region', { name: 'Licence' });
  await expect(licence).toContainText('Open edition');
  await expect(licence).toContainText('needs no licence');
  const instance = page.getByRole('region', { name: 'Instance' });
  await expect(instance).toContainText('SQLite');
  // The answering process reports itself in the cluster.
  await expect(instance.getByRole('table', { name: 'Cluster nodes' })).toContainText('This node');

  // Uploading a licence file: the server's 400 is shown as it words it.
  await licence.locator('input[type=file]').setInputFiles({
    name: 'basalt.lic',
    mimeType: 'text/plain',
    buffer: Buffer.from('LICENSE-KEY'),
  });
  const answer = licence.getByRole('alert');
  await expect(answer).toContainText('The server did not take the licence file');
  await expect(answer).toContainText('needs no licence');
  await expect(answer).toContainText('400');
  await page.screenshot({ path: `${SHOTS}/account-server.png`, fullPage: true });

  // Replacing the cluster asks first, then shows the refusal.
  await licence.getByRole('button', { name: 'Replace cluster' }).click();
  const confirm = page.getByRole('dialog', { name: "Replace the licence's cluster?" });
  await confirm.getByRole('button', { name: 'Replace cluster' }).click();
  await expect(licence.getByRole('alert')).toContainText('none to replace');
});
