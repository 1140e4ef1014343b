import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { cellPoint, gridCell, newTable } from './grid';

test('unsaved edits are guarded: Back from a dirty record panel or column drawer asks, closing the tab asks', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('guard'));
  const appId = await createApp(page, 'Guard journey');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Note', [['title', 'String']]);
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const res = await page.request.post(`/${appId}/console/data/bulk/Note`, {
    headers: { 'auth-key': authKey },
    data: [{ title: 'First' }],
  });
  expect(res.status()).toBe(200);
  const [id] = (await res.json()) as string[];

  // Opening a record pushes it into the URL, so Back would close the panel: with edits it asks.
  await page.goto(`/apps/${appId}/data/Note`);
  await expect(gridCell(page, 'First')).toBeAttached();
  const cell = await cellPoint(page, 1, 0);
  await page.mouse.click(cell.x, cell.y);
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(new RegExp(`record=${id}`));
  const panel = page.getByRole('dialog', { name: new RegExp(id) });
  await expect(panel.getByLabel('title')).toHaveValue('First');
  await panel.getByLabel('title').fill('Edited');
  await page.goBack();
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(ask).toContainText('The fields you changed in this record are not saved yet.');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`record=${id}`));
  await expect(panel.getByLabel('title')).toHaveValue('Edited');

  // Closing the tab (or reloading) gets the browser's leave-page question.
  const dialog = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await dialog).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  await page.goBack();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/record=/);

  // The schema drawer: a typed column name is guarded the same way; a saved form is not.
  await page.getByRole('link', { name: 'Schema' }).click();
  await page.getByRole('button', { name: 'Add column' }).click();
  await page.getByRole('dialog', { name: 'Add a column to Note' }).getByLabel('Column name').fill('body');
  await page.goBack();
  await expect(ask).toContainText('The new column is not added yet.');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/data\/Note\/schema$/);
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a column to Note' })).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/data/Note$`));
});
