import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/work/helpers/shots/charts-dash-${name}.png`, fullPage: true });

/** Makes table Orders (status, amount) with a few records through the console API. */
async function seed(page: Page, appId: string) {
  const headers = { 'auth-key': await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '') };
  const ok = async (res: { status(): number; text(): Promise<string> }) =>
    expect(res.status(), await res.text()).toBe(200);
  await ok(await page.request.post(`/${appId}/console/data/tables`, { headers, data: { name: 'Orders' } }));
  for (const c of [
    { name: 'status', dataType: 'STRING' },
    { name: 'amount', dataType: 'INT' },
  ])
    await ok(await page.request.post(`/${appId}/console/data/tables/Orders/columns`, { headers, data: c }));
  for (const [status, amount] of [
    ['open', 5],
    ['open', 7],
    ['paid', 20],
    ['void', 1],
  ] as const)
    await ok(await page.request.post(`/${appId}/console/data/Orders`, { headers, data: { status, amount } }));
}

test('Data › Dashboards: a dashboard of charts drawn from the records the caller may read', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('dashboards'));
  const appId = await createApp(page, 'Dashboards Journey');
  await seed(page, appId);

  // Reached from the palette (Dashboards are part of Data, with no sidebar entry of their own).
  await page.keyboard.press('Control+K');
  await page.getByRole('textbox', { name: 'Search apps, areas and actions' }).fill('Dashboards');
  await page.getByRole('button', { name: /^Dashboards/ }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/dashboards$`));
  await expect(page.getByRole('heading', { name: 'No dashboards yet' })).toBeVisible();
  await shot(page, 'empty');

  await page.getByRole('button', { name: 'Create a dashboard' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Sales');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Sales' })).toBeVisible();
  await expect(page.getByText('This dashboard is empty')).toBeVisible();

  // A where that names no column of the table is refused under its field; nothing is added.
  await page.getByRole('button', { name: 'Add chart' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a chart' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Amount by status');
  await dialog.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'status' }).click();
  await dialog.getByRole('combobox', { name: 'Value' }).click();
  await page.getByRole('option', { name: 'Sum of' }).click();
  await dialog.getByRole('combobox', { name: 'Column' }).click();
  await page.getByRole('option', { name: 'amount' }).click();
  await dialog.getByRole('textbox', { name: 'Only records where' }).fill('nope > 1');
  await dialog.getByRole('button', { name: 'Add chart' }).click();
  await expect(dialog.getByText("Table 'Orders' has no column 'nope'")).toBeVisible();
  await shot(page, 'bad-where');
  await dialog.getByRole('textbox', { name: 'Only records where' }).fill("status != 'void'");
  await dialog.getByRole('button', { name: 'Add chart' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('region', { name: 'Amount by status' });
  await expect(card).toBeVisible();
  // Two groups (void is filtered out), drawn as bars; read as the anonymous visitor.
  await expect(card.locator('.recharts-bar-rectangle')).toHaveCount(2);
  await expect(card.getByText(/^As .*NotAuthenticatedUser/)).toBeVisible();
  await shot(page, 'chart');

  // Anonymous visitors may no longer find Orders: the chart says so instead of drawing nothing...
  const headers = { 'auth-key': await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '') };
  const tables = (await (await page.request.get(`/${appId}/console/data/tables`, { headers })).json()).tables;
  const orders = tables.find((t: { name: string }) => t.name === 'Orders');
  const roles = await (await page.request.get(`/${appId}/console/security/roles`, { headers })).json();
  const anonymous = roles.find((r: { rolename: string }) => r.rolename === 'NotAuthenticatedUser');
  const deny = await page.request.put(`/${appId}/console/security/data/${orders.tableId}/roles/${anonymous.roleId}`, {
    headers,
    data: { permissions: [{ operation: 'Find', access: 'DENY' }] },
  });
  expect(deny.status(), await deny.text()).toBe(200);
  await page.reload();
  await expect(card.getByText(/^Not permitted: .*'Orders'/)).toBeVisible();
  await expect(card.locator('.recharts-bar-rectangle')).toHaveCount(0);
  await shot(page, 'not-permitted');
  // ...and reading as a role that may find them draws it again.
  await page.getByRole('combobox', { name: 'Reads as' }).click();
  await page.getByRole('option', { name: 'Role AuthenticatedUser' }).click();
  await expect(card.locator('.recharts-bar-rectangle')).toHaveCount(2);
  await expect(card.getByText(/^As AuthenticatedUser$/)).toBeVisible();

  // Removing the dashlet asks first.
  await card.getByRole('button', { name: 'Actions of Amount by status' }).click();
  await page.getByRole('menuitem', { name: 'Remove from dashboard' }).click();
  await expect(page.getByRole('dialog', { name: /Remove Amount by status/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
});
