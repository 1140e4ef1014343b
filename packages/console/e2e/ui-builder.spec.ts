import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

/** Creates `Orders` (name, amount) with three rows through the console API. */
async function seedOrders(page: Page, appId: string): Promise<void> {
  const authKey = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  const headers = { 'auth-key': authKey };
  const made = await page.request.post(`/${appId}/console/data/tables`, {
    headers,
    data: {
      name: 'Orders',
      columns: [
        { name: 'name', dataType: 'STRING' },
        { name: 'amount', dataType: 'DOUBLE' },
      ],
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  for (const [name, amount] of [
    ['Ada Lovelace', 30],
    ['Bob Babbage', 120],
    ['Cy Hopper', 75],
  ] as const) {
    const row = await page.request.post(`/${appId}/console/data/Orders`, { headers, data: { name, amount } });
    expect(row.ok(), await row.text()).toBe(true);
  }
}

test('a developer drags a Data Table onto a page, binds it to Orders, saves, publishes and opens the page', async ({
  page,
  context,
}) => {
  await registerThroughUi(page, uniqueEmail('uib'));
  const appId = await createApp(page, 'UI Journey');
  await seedOrders(page, appId);

  // Opening the area sets it up: a new app has the default and system containers.
  await page.goto(`/apps/${appId}/ui`);
  const list = page.getByRole('table', { name: 'Containers' });
  await expect(list.getByRole('link', { name: 'default' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'system' })).toBeVisible();

  await page.getByRole('button', { name: 'New container' }).click();
  await page.getByLabel('Container name').fill('bad/name');
  await page.getByLabel('Container name').blur();
  await expect(page.getByText("Start with a letter or digit; then use letters, digits, '_' or '-'")).toBeVisible();
  await page.getByLabel('Container name').fill('shop');
  await page.getByRole('button', { name: 'Create container' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/ui/shop/pages$`));

  await page.getByRole('button', { name: 'New page' }).click();
  await page.getByLabel('Page name').fill('orders');
  await page.getByRole('button', { name: 'Create page' }).click();
  await expect(page).toHaveURL(/\/ui\/shop\/pages\/orders$/);

  // Keyboard: a palette button adds, Delete removes, Ctrl+Z brings it back, Ctrl+Shift+Z removes again.
  await page.getByRole('button', { name: 'Add Heading' }).click();
  const heading = page.getByRole('group', { name: 'Heading Heading1' });
  await expect(heading).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(heading).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(heading).toBeVisible();
  await page.keyboard.press('Control+Shift+z');
  await expect(heading).toHaveCount(0);

  // Drag a Data Table from the palette onto the page and bind it to Orders, newest amounts first.
  await page.getByRole('button', { name: 'Add Data Table' }).dragTo(page.getByLabel('Page canvas'));
  const grid = page.getByRole('group', { name: 'Data Table DataTable1' });
  await expect(grid).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Properties panel' });
  await panel.getByRole('combobox', { name: 'Table' }).click();
  await page.getByRole('option', { name: 'Orders', exact: true }).click();
  await expect(grid).toContainText('Rows of Orders');
  await expect(grid.getByRole('columnheader', { name: 'amount' })).toBeVisible();
  await panel.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'amount', exact: true }).click();
  await panel.getByRole('combobox', { name: 'Sort direction' }).click();
  await page.getByRole('option', { name: 'Descending' }).click();

  // Leaving with unsaved edits asks first.
  await page.getByRole('link', { name: 'landing' }).click();
  await expect(page.getByRole('dialog', { name: 'Discard your changes?' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/ui\/shop\/pages\/orders$/);

  // A condition the server refuses: the page is not saved and the problem shows at the Data Table.
  await panel.getByLabel('Condition (where)').fill('amount > 1; DROP TABLE Orders');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(grid.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'The page was not saved' })).toContainText(
    'Data Table DataTable1',
  );
  await page.screenshot({ path: `${SHOTS}/ui-builder-editor-refused.png` });
  await panel.getByLabel('Condition (where)').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Page orders saved')).toBeVisible();
  await expect(grid.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/ui-builder-editor.png` });

  // Saved means kept: a reload shows the Data Table still bound to Orders.
  await page.reload();
  await expect(grid).toContainText('Rows of Orders');
  await grid.click();
  await expect(panel.getByRole('combobox', { name: 'Table' })).toHaveValue('Orders');
  await expect(panel.getByRole('combobox', { name: 'Sort by' })).toHaveValue('amount');

  // Publish: the dialog ends with the public address as a link and the history lists it.
  await page.getByRole('button', { name: 'Publish…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish shop' });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  const link = dialog.getByTestId('published-url');
  await expect(link).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Publication history' }).getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/ui-builder-publish.png` });
  const url = (await link.getAttribute('href')) ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

  // The published page, on its own origin: rows in the chosen order after hydration, no errors.
  const visitor = await context.newPage();
  const problems: string[] = [];
  visitor.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  visitor.on('pageerror', (e) => problems.push(e.message));
  await visitor.goto(`${url}/orders`);
  const rows = visitor.getByRole('row');
  await expect(rows.filter({ hasText: 'Bob Babbage' })).toBeVisible();
  await visitor.waitForLoadState('networkidle');
  await expect(rows.filter({ hasText: 'Cy Hopper' })).toBeVisible();
  const text = (await visitor.locator('body').innerText()).replace(/\s+/g, ' ');
  expect(text.indexOf('Bob Babbage')).toBeLessThan(text.indexOf('Cy Hopper'));
  expect(text.indexOf('Cy Hopper')).toBeLessThan(text.indexOf('Ada Lovelace'));
  expect(problems).toEqual([]);
  await visitor.screenshot({ path: `${SHOTS}/ui-builder-published.png` });
  await visitor.close();

  // The list shows the container as published, with its address.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await page.goto(`/apps/${appId}/ui`);
  await expect(list.getByRole('row', { name: /shop/ })).toContainText('Published');
  await page.screenshot({ path: `${SHOTS}/ui-builder-containers.png` });
});

test('a property edit on a 300-node page shows on the canvas after each keystroke', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('uibperf'));
  const appId = await createApp(page, 'UI Speed');
  const authKey = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  const headers = { 'auth-key': authKey };
  const ui = `/${appId}/console/ui-builder`;
  expect((await page.request.post(`${ui}/init`, { headers })).ok()).toBe(true);
  const made = await page.request.post(`${ui}/containers`, { headers, data: { name: 'perf' } });
  expect(made.ok(), await made.text()).toBe(true);
  const paged = await page.request.post(`${ui}/containers/perf/pages`, { headers, data: { name: 'big' } });
  expect(paged.ok(), await paged.text()).toBe(true);
  // 30 blocks of 9 texts plus their heading: 300 nodes.
  const children = Array.from({ length: 30 }, (_, b) => ({
    uid: `Block${b}`,
    type: 'Block',
    props: {},
    children: [
      { uid: `Heading${b}`, type: 'Heading', props: { text: `Section ${b}`, level: 2 } },
      ...Array.from({ length: 8 }, (_, t) => ({ uid: `Text${b}_${t}`, type: 'Text', props: { text: `Line ${t}` } })),
    ],
  }));
  const saved = await page.request.put(`${ui}/containers/perf/pages/big/ui`, {
    headers,
    data: { version: 1, dataSources: [], children },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto(`/apps/${appId}/ui/perf/pages/big`);
  await expect(page.locator('[data-uid]')).toHaveCount(300);
  await page.getByRole('group', { name: 'Text Text15_4' }).click();
  const field = page.getByRole('complementary', { name: 'Properties panel' }).getByRole('textbox', { name: 'Text' });
  await expect(field).toHaveValue('Line 4');

  // Thirty edits in a row, each seen on the canvas before the next (speed is for the bench, not here).
  for (let i = 0; i < 30; i += 1) await field.fill(`Edited ${i}`);
  await expect(page.getByRole('group', { name: 'Text Text15_4' })).toContainText('Edited 29');
  await expect(page.locator('[data-uid]')).toHaveCount(300);
  await page.screenshot({ path: `${SHOTS}/ui-builder-300-nodes.png` });
});
