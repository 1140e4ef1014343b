import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('a developer sets up Auth0 and binds scopes to roles, editing and deleting with confirmation', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('auth0'), 'Ava Auth');
  const appId = await createApp(page, 'Auth0 Journey');
  const headers = { 'auth-key': await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '') };
  for (const role of ['Editors', 'Viewers'])
    expect((await page.request.put(`/${appId}/console/security/roles/${role}`, { headers })).status()).toBe(200);

  await page.goto(`/apps/${appId}/users/auth0`);
  await expect(page.getByRole('heading', { name: 'Auth0' })).toBeVisible();
  await page.getByLabel('Domain').fill('example.eu.auth0.com');
  await page.getByLabel('Client id').fill('client-123');
  await page.getByLabel('Audience').fill('https://api.example.com');
  await page.getByRole('combobox', { name: 'Default role' }).click();
  await page.getByRole('option', { name: 'Viewers' }).click();
  await page.getByLabel('Enabled').check();
  await page.getByRole('button', { name: 'Save Auth0 settings' }).click();
  await expect(page.getByText('Users can sign in with Auth0.')).toBeVisible();
  const stored = await (await page.request.get(`/${appId}/console/security/auth0/config`, { headers })).json();
  expect(stored).toMatchObject({
    enabled: true,
    domain: 'example.eu.auth0.com',
    clientId: 'client-123',
    defaultRole: 'Viewers',
  });

  // A bad domain is named under its field.
  await page.getByLabel('Domain').fill('not a host');
  await page.getByRole('button', { name: 'Save Auth0 settings' }).click();
  await expect(page.getByText(/must be a host name/)).toBeVisible();
  await page.getByLabel('Domain').fill('example.eu.auth0.com');
  await expect(page.getByText(/must be a host name/)).toHaveCount(0);

  // Add, edit, delete a binding.
  await page.getByRole('button', { name: 'Add binding' }).click();
  const add = page.getByRole('dialog', { name: 'Add scope binding' });
  await add.getByLabel('Scope').fill('write:notes');
  await add.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Editors' }).click();
  await add.getByRole('button', { name: 'Add binding' }).click();
  const table = page.getByRole('table', { name: 'Scope to role bindings' });
  await expect(table).toContainText('write:notes');
  await expect(table).toContainText('Editors');
  await expect(add).toBeHidden();
  await page.getByRole('button', { name: 'Add binding' }).click();
  await add.getByLabel('Scope').fill('read:notes');
  await add.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Viewers' }).click();
  await add.getByRole('button', { name: 'Add binding' }).click();
  await expect(table).toContainText('read:notes');
  await expect(add).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/users-auth0.png`, fullPage: true });

  await page.getByRole('button', { name: 'Edit binding write:notes' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit scope binding' });
  await edit.getByLabel('Scope').fill('notes:write');
  await edit.getByRole('button', { name: 'Save binding' }).click();
  await expect(table).toContainText('notes:write');
  await expect(table).not.toContainText('write:notes');

  await page.getByRole('button', { name: 'Delete binding notes:write' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the binding of notes:write?' });
  await expect(confirm).toContainText('no longer get Editors');
  await page.screenshot({ path: `${SHOTS}/users-auth0-confirm.png` });
  await confirm.getByRole('button', { name: 'Delete binding' }).click();
  await expect(table).not.toContainText('notes:write');
  const left = await (await page.request.get(`/${appId}/console/security/auth0/scope-to-role`, { headers })).json();
  expect(left).toEqual([expect.objectContaining({ scope: 'read:notes', roleName: 'Viewers' })]);
});
