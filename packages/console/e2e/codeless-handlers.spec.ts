import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { newTable } from './grid';
import { boxOf, canvasBlock, dragFromToolbox, setBlockText } from './codeless-blocks';

test('a codeless beforeCreate handler built from blocks sets a field of every new record', async ({ page }) => {
  test.setTimeout(240_000);
  await registerThroughUi(page, uniqueEmail('codeless-handler'));
  const appId = await createApp(page, 'Codeless handlers');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Person', [
    ['name', 'String'],
    ['country', 'String'],
  ]);

  // New handler: Data › beforeCreate on Person, written in blocks.
  await page.goto(`/apps/${appId}/code/handlers`);
  await page.getByRole('button', { name: 'New handler' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New event handler' });
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Data', exact: true }).click();
  await dialog.getByLabel('Event').click();
  await page.getByRole('option', { name: 'beforeCreate', exact: true }).click();
  await dialog.getByLabel(/^Target/).fill('Person');
  // The language is a radio group: chosen with the keyboard.
  await dialog.getByRole('radio', { name: 'JavaScript' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Codeless (blocks)' })).toBeChecked();
  await expect(dialog.getByText('Its blocks open next')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/codeless-handler-new.png' });
  await dialog.getByRole('button', { name: 'Add handler' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // The editor opens at once, on an empty workspace, named in the breadcrumbs.
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/code/handlers/[^/]+/logic$`));
  const logicUrl = page.url();
  await expect(page.getByRole('heading', { name: 'beforeCreate on Person' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('beforeCreate on Person');
  await expect(page.getByText('No logic deployed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Blocks of beforeCreate on Person' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(canvasBlock(page, 'basalt_entry')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/shots/codeless-handler-empty.png' });

  // "set handler item field country to 'NZ'", with the mouse from the toolbox.
  const preview = page.getByRole('region', { name: 'Generated code' });
  const code = preview.getByTestId('codeless-preview');
  const entry = await boxOf(canvasBlock(page, 'basalt_entry'));
  await dragFromToolbox(page, 'Context', 'basalt_handler_set_item_field', { x: entry.x + 16, y: entry.y + 30 });
  const setField = canvasBlock(page, 'basalt_handler_set_item_field');
  await expect(setField).toBeVisible();
  await setBlockText(page, setField, 'country');
  // Without a value the preview says what is missing, before anything is sent.
  await expect(preview.getByRole('alert')).toBeVisible();
  const slot = await boxOf(setField);
  await dragFromToolbox(page, 'Text', 'text', { x: slot.x + slot.width + 4, y: slot.y });
  await setBlockText(page, canvasBlock(page, 'text'), 'NZ');
  await expect(code).toContainText('"country"');
  await expect(code).toContainText('"NZ"');
  await expect(preview.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Changed, not deployed')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/codeless-handler-blocks.png' });

  await page.getByRole('button', { name: 'Save & deploy' }).click();
  await expect(page.getByText('Deployed beforeCreate on Person')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Changed, not deployed')).toHaveCount(0);

  // A record made in the data browser goes through the handler.
  await page.goto(`/apps/${appId}/data/Person`);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  const recordPanel = page.getByRole('dialog', { name: /New .* record/ });
  await recordPanel.getByLabel('name').fill('Ann');
  await recordPanel.getByRole('button', { name: 'Create record' }).click();
  await expect(page).toHaveURL(/record=[0-9A-F-]{36}/);
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const found = await page.request.post(`/${appId}/console/data/Person/find`, {
    headers: { 'auth-key': authKey },
    data: { pageSize: 10 },
  });
  expect(found.status()).toBe(200);
  expect((await found.json()) as unknown[]).toEqual([expect.objectContaining({ name: 'Ann', country: 'NZ' })]);

  // The list marks it codeless; "Edit logic" reopens the deployed blocks.
  await page.goto(`/apps/${appId}/code/handlers`);
  const table = page.getByRole('table', { name: 'Event handlers' });
  await expect(table.getByText('codeless').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/codeless-handler-list.png' });
  await table
    .getByRole('button', { name: /^Actions of beforeCreate on Person/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Edit logic' }).click();
  await expect(page).toHaveURL(/\/code\/handlers\/[^/]+\/logic$/);
  await expect(canvasBlock(page, 'basalt_handler_set_item_field')).toBeVisible({ timeout: 30_000 });
  await expect(code).toContainText('"NZ"');
  await expect(page.getByText('No logic deployed')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/shots/codeless-handler-deployed.png' });
  expect(logicUrl).toContain('/logic');

  // A codeless timer: its editor is at code/timers/<name>/logic.
  await page.goto(`/apps/${appId}/code/timers`);
  await page.getByRole('button', { name: 'New timer' }).first().click();
  const timerDialog = page.getByRole('dialog', { name: 'New timer' });
  await timerDialog.getByLabel('Name').fill('nightly');
  await timerDialog.getByText('Codeless (blocks)').click();
  await expect(timerDialog.getByRole('radio', { name: 'Codeless (blocks)' })).toBeChecked();
  await timerDialog.getByRole('button', { name: 'Add timer' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/code/timers/nightly/logic$`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Timer nightly' })).toBeVisible();
  await expect(canvasBlock(page, 'basalt_entry')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/shots/codeless-handler-timer.png' });
  // An empty timer deploys too (it does nothing yet).
  await page.getByRole('button', { name: 'Save & deploy' }).click();
  await expect(page.getByText('Deployed Timer nightly')).toBeVisible({ timeout: 60_000 });
});
