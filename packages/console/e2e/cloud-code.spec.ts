import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { newTable } from './grid';

/** Replaces the whole text of the open Monaco editor (one line: no auto-indent surprises). */
async function replaceCode(page: Page, code: string) {
  const editor = page.getByRole('textbox', { name: /^Code of / });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

async function deploy(page: Page) {
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Deploy model/ });
  await dialog.getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

test('write a service in the coding screen, deploy it, invoke it and read its log; a before-create handler changes a record made in the data browser', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerThroughUi(page, uniqueEmail('code'));
  const appId = await createApp(page, 'Cloud code journey');

  // An empty area says what a service is and offers to create one.
  await page.goto(`/apps/${appId}/code`);
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/code/services$`));
  await expect(page.getByRole('heading', { name: 'No API services yet' })).toBeVisible();
  await page.screenshot({ path: '/tmp/code-services-empty.png' });
  await page.getByRole('button', { name: 'New service' }).click();
  await page.getByRole('menuitem', { name: 'JS service' }).click();
  await page.getByLabel('Service name').fill('Greeter');
  await page.getByRole('button', { name: 'Create and open in the editor' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/code/editor/default/.+`));

  // A deploy with a syntax error names the file and line and changes nothing.
  await replaceCode(page, 'class Greeter { hello(name) { return ( } }');
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: /Deploy model/ });
  await dialog.getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(/:1/);
  await page.screenshot({ path: '/tmp/code-deploy-error.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const marker = `marker-${Date.now().toString(36)}`;
  await replaceCode(
    page,
    `class Greeter { hello(name) { console.log('${marker} ' + name); return 'Hello, ' + name } } Backendless.ServerCode.addService(Greeter);`,
  );
  await deploy(page);
  await expect(page.getByText(/Deployed default/)).toBeVisible();
  await page.screenshot({ path: '/tmp/code-editor.png' });

  // The service is listed; its method runs from the invoke panel, as a client app would call it.
  await page.getByRole('tab', { name: 'API services' }).click();
  await page
    .getByRole('navigation', { name: 'API services' })
    .getByRole('link', { name: /Greeter/ })
    .click();
  const panel = page.getByRole('region', { name: 'Invoke hello' });
  await panel.getByLabel('name').fill('Ann');
  await panel.getByRole('button', { name: 'Invoke' }).click();
  await expect(panel.getByTestId('invoke-result')).toHaveText('"Hello, Ann"');
  await page.screenshot({ path: '/tmp/code-invoke.png' });

  // Its console.log line is in the live log.
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('log', { name: 'Log lines' })).toContainText(`${marker} Ann`);
  await page.screenshot({ path: '/tmp/code-logs.png' });

  // A before-create handler on Person, added from the console, upper-cases names.
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Person', [['name', 'String']]);
  await page.goto(`/apps/${appId}/code/handlers`);
  await page.getByRole('button', { name: 'New handler' }).first().click();
  dialog = page.getByRole('dialog', { name: 'New event handler' });
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Data', exact: true }).click();
  await dialog.getByLabel('Event').click();
  await page.getByRole('option', { name: 'beforeCreate', exact: true }).click();
  await dialog.getByLabel(/^Target/).fill('Person');
  await dialog.getByRole('button', { name: 'Add handler' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Event handlers' })).toContainText('beforeCreate');
  await page.screenshot({ path: '/tmp/code-handlers.png' });

  // Its stub file is in the drafts: write it and deploy.
  await page.goto(`/apps/${appId}/code/editor/default`);
  await page
    .getByRole('tree', { name: 'Draft files' })
    .getByRole('treeitem', { name: /beforeCreate/ })
    .click();
  await replaceCode(
    page,
    `Backendless.ServerCode.Persistence.beforeCreate('Person', async (req) => { req.item.name = String(req.item.name).toUpperCase(); });`,
  );
  await deploy(page);

  // A record made in the data browser goes through it.
  await page.goto(`/apps/${appId}/data/Person`);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  const recordPanel = page.getByRole('dialog', { name: /New .* record/ });
  await recordPanel.getByLabel('name').fill('ann');
  await recordPanel.getByRole('button', { name: 'Create record' }).click();
  await expect(page).toHaveURL(/record=[0-9A-F-]{36}/);
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const found = await page.request.post(`/${appId}/console/data/Person/find`, {
    headers: { 'auth-key': authKey },
    data: { pageSize: 10 },
  });
  expect(found.status()).toBe(200);
  expect(((await found.json()) as Array<{ name: string }>).map((r) => r.name)).toEqual(['ANN']);
});
