import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('a developer adds, edits and deletes cache-control rules in Security › Safety', async ({ page, request }) => {
  await registerThroughUi(page, uniqueEmail('cache'));
  const appId = await createApp(page, 'Cache Journey');
  const rest = page.getByRole('table', { name: 'API keys' }).locator('tr[data-device="REST"]');
  const key = (await rest.innerText()).match(/[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}/i)![0];

  await page.goto(`/apps/${appId}/security/safety`);
  const card = page.getByRole('region', { name: 'Cache-control rules' });
  await expect(card).toContainText('No cache-control rules yet');
  await card.getByRole('button', { name: 'Add rule' }).click();

  // A table that does not exist: the server's 404 names it, and nothing is added.
  let dialog = page.getByRole('dialog', { name: 'Add a cache-control rule' });
  await dialog.getByLabel('Target table').fill('Nope');
  await dialog.getByLabel('Cache-Control').click();
  await page.getByRole('option', { name: /^public/ }).click();
  await dialog.getByLabel('Max-age (seconds)').fill('300');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Nope');
  await dialog.getByLabel('Target table').fill('Users');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const table = card.getByRole('table', { name: 'Cache-control rules' });
  await expect(table.getByRole('row', { name: /Users/ })).toContainText('public, max-age=300');

  // The app API now sends the header on GET answers of that table.
  const answer = await request.get(`/${appId}/${key}/data/Users`);
  expect(answer.headers()['cache-control']).toBe('public, max-age=300');
  expect(answer.headers().etag).toBeTruthy();

  // A files rule: a bad path is named under the field before anything is sent.
  await card.getByRole('button', { name: 'Add rule' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a cache-control rule' });
  await dialog.getByLabel('Service').click();
  await page.getByRole('option', { name: 'Files (a folder path)' }).click();
  await dialog.getByLabel('Target path').fill('web/../secret');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toContainText('without empty parts');
  await dialog.getByLabel('Target path').fill('web/img');
  await dialog.getByRole('switch', { name: /ETag/ }).click({ force: true });
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: /web\/img/ })).toContainText('no-cache');
  await expect(table.getByRole('row', { name: /web\/img/ })).toContainText('Off');
  await page.screenshot({ path: `${SHOTS}/cache-control-rules.png`, fullPage: true });

  // Edit keeps the target and changes the directive.
  await table.getByRole('button', { name: 'Edit rule for Users' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit the rule for Users' });
  await expect(dialog.getByLabel('Target table')).toHaveValue('Users');
  await dialog.getByLabel('Cache-Control').click();
  await page.getByRole('option', { name: /^private/ }).click();
  await page.screenshot({ path: `${SHOTS}/cache-control-edit.png` });
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: /Users/ })).toContainText('private, max-age=300');

  // Delete asks first; Cancel has the focus, so Enter never deletes.
  await table.getByRole('button', { name: 'Delete rule for web/img' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the rule for web/img?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete rule' }).click();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('row', { name: /web\/img/ })).toHaveCount(0);
  await page.reload();
  await expect(card.getByRole('table', { name: 'Cache-control rules' }).getByRole('row')).toHaveCount(2);
});
