import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { startServer, type RunningServer } from './server';

/**
 * A server of its own that may call loopback addresses (BASALT_REMOTE_FETCH_PRIVATE), so a Lambda
 * service made in the console can reach the stand-in Lambda endpoint this file runs.
 */
const test = base.extend<object, { lambdaServer: RunningServer }>({
  lambdaServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startServer({ env: { BASALT_REMOTE_FETCH_PRIVATE: 'true' } });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ lambdaServer }, use) => {
    await use(lambdaServer.url);
  },
});

// The DATE item is typed in local time and read back by the code in UTC: one zone for both.
test.use({ timezoneId: 'UTC' });

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots/forms-${name}.png` });

async function authKey(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
}

/** Deploys one model's files through the console API (the editor journey covers the editor). */
async function deploy(page: Page, appId: string, model: string, files: Array<{ id: string; content: string }>) {
  const headers = { 'auth-key': await authKey(page) };
  if (model !== 'default') {
    const created = await page.request.post(`/${appId}/console/servercode/models/create`, {
      headers,
      data: { language: 'JS', model },
    });
    expect(created.status(), await created.text()).toBe(200);
  }
  // The deploy's analysis has 2 s (ANALYSE_TIMEOUT_MS); on a busy machine the first one of a fresh
  // server, while the sandbox process starts, can exceed it. A timeout changes nothing, so try again.
  for (let attempt = 1; ; attempt++) {
    const res = await page.request.put(`/${appId}/console/servercode/${model}/production/JS`, {
      headers,
      data: files,
    });
    const text = await res.text();
    if (res.status() === 400 && text.includes('CLOUD_CODE_TIMEOUT') && attempt < 3) continue;
    expect(res.status(), text).toBe(200);
    return;
  }
}

const VAULT = `
class Vault {
  /** @returns {string} what the code reads from its configuration */
  describe() {
    const c = this.config;
    return [c.region, String(c.verbose), c.apiKey ? c.apiKey.length : 0, c.since ? new Date(c.since).toISOString().slice(0, 10) : '-'].join('|');
  }
  validateConfig(config) {
    if (config.apiKey === 'wrong') throw new Error('The provider refused this API key');
    return true;
  }
}
Backendless.ServerCode.addService(Vault, [
  { name: 'apiKey', displayName: 'API key', type: 'PASSWORD', required: true, hint: 'From the provider dashboard', order: 1 },
  { name: 'region', displayName: 'Region', type: 'CHOICE', options: ['eu', 'us'], defaultValue: 'eu', order: 2 },
  { name: 'verbose', displayName: 'Verbose logs', type: 'BOOL', order: 3 },
  { name: 'since', displayName: 'Active since', type: 'DATE', order: 4 },
  { name: 'notes', displayName: 'Notes', type: 'TEXT', hint: 'Anything the team should know', order: 5 },
]);
`;

test('service configuration: typed fields, Test, a refused save keeps the values, secrets stay masked after reload', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await registerThroughUi(page, uniqueEmail('config'));
  const appId = await createApp(page, 'Config journey');
  await deploy(page, appId, 'default', [{ id: 'services/Vault.js', content: VAULT }]);

  await page.goto(`/apps/${appId}/code/services`);
  await page.getByRole('navigation', { name: 'API services' }).getByRole('link', { name: /Vault/ }).click();
  await page.getByRole('button', { name: 'Configuration' }).click();
  await expect(page).toHaveURL(/panel=configuration/);
  const dialog = page.getByRole('dialog', { name: 'Configuration of Vault' });
  await expect(dialog.getByLabel('Region')).toHaveValue('eu');
  await expect(dialog.getByText('Default: eu')).toBeVisible();
  await shot(page, 'config-dialog');

  // The server refuses a save without the required secret: the message sits under it, nothing typed is lost.
  await dialog.getByLabel('Notes').fill('Rotates monthly');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText("The configuration item 'apiKey' is required")).toBeVisible();
  await expect(dialog.getByLabel('Notes')).toHaveValue('Rotates monthly');
  await shot(page, 'config-refused');

  // Test runs the service's own validateConfig and shows its answer.
  await dialog.getByRole('textbox', { name: 'API key', exact: true }).fill('wrong');
  await dialog.getByRole('button', { name: 'Test' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'not valid' })).toContainText(
    'The provider refused this API key',
  );
  await shot(page, 'config-test-invalid');
  await dialog.getByRole('textbox', { name: 'API key', exact: true }).fill('s3cret-value');
  await dialog.getByLabel('Region').click();
  await page.getByRole('option', { name: 'us', exact: true }).click();
  await dialog.getByLabel('Verbose logs').check();
  await dialog.getByLabel('Active since').fill('2026-03-04T05:06:07');
  await dialog.getByRole('button', { name: 'Test' }).click();
  await expect(dialog.getByText('The configuration is valid')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Saved.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'API key', exact: true })).toHaveValue('********');
  await expect(dialog.getByRole('button', { name: 'Replace API key' })).toBeVisible();

  // After a reload the dialog is open again (the URL holds it) and the secret is masked.
  await page.reload();
  const reopened = page.getByRole('dialog', { name: 'Configuration of Vault' });
  await expect(reopened.getByRole('textbox', { name: 'API key', exact: true })).toHaveValue('********');
  await expect(reopened.getByRole('textbox', { name: 'API key', exact: true })).toHaveJSProperty('readOnly', true);
  await expect(reopened.getByLabel('Region')).toHaveValue('us');
  await expect(reopened.getByLabel('Verbose logs')).toBeChecked();
  await expect(reopened.getByLabel('Notes')).toHaveValue('Rotates monthly');
  await shot(page, 'config-masked');

  // Replace, then Keep: nothing to save; the server still answers the mask, never the secret.
  await reopened.getByRole('button', { name: 'Replace API key' }).click();
  await expect(reopened.getByRole('textbox', { name: 'API key', exact: true })).toBeFocused();
  await shot(page, 'config-replace');
  await reopened.getByRole('button', { name: 'Keep the stored API key' }).click();
  await expect(reopened.getByRole('button', { name: 'Save' })).toBeDisabled();
  const services = await page.request.get(`/${appId}/console/localservices`, {
    headers: { 'auth-key': await authKey(page) },
  });
  const vaultId = ((await services.json()) as Array<{ id: string; name: string }>).find((s) => s.name === 'Vault')!.id;
  const stored = await page.request.get(`/${appId}/console/localservices/generic/configure/${vaultId}`, {
    headers: { 'auth-key': await authKey(page) },
  });
  const values = (await stored.json()) as Array<{ name: string; value: unknown }>;
  expect(values.find((v) => v.name === 'apiKey')!.value).toBe('********');
  expect(JSON.stringify(values)).not.toContain('s3cret-value');

  // The code reads the real secret (12 characters, not the 8 of the mask) and the other values.
  await reopened.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/panel=configuration/);
  await page.getByRole('tab', { name: /describe/ }).click();
  const panel = page.getByRole('region', { name: 'Invoke describe' });
  await panel.getByRole('button', { name: 'Invoke' }).click();
  await expect(panel.getByTestId('invoke-result')).toHaveText('"us|true|12|2026-03-04"');
});

test('an AWS Lambda service made in the console calls a Lambda-compatible endpoint, signed', async ({ page }) => {
  test.setTimeout(150_000);
  const calls: Array<{ url: string; authorization: string; body: unknown }> = [];
  const lambda = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { args?: { sku?: string; qty?: number } };
      calls.push({ url: req.url ?? '', authorization: String(req.headers.authorization ?? ''), body });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ sku: body.args?.sku, price: 42 * (body.args?.qty ?? 1) }));
    });
  });
  await new Promise<void>((resolve) => lambda.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(lambda.address() as AddressInfo).port}`;
  try {
    await registerThroughUi(page, uniqueEmail('lambda'));
    const appId = await createApp(page, 'Lambda journey');
    await page.goto(`/apps/${appId}/code/services`);
    await expect(page.getByRole('heading', { name: 'No API services yet' })).toBeVisible();
    await page.getByRole('button', { name: 'New service' }).click();
    await shot(page, 'new-service-menu');
    await page.getByRole('menuitem', { name: 'AWS Lambda service' }).click();
    const dialog = page.getByRole('dialog', { name: 'New AWS Lambda service' });

    // Empty: each required field says so, nothing is sent.
    await dialog.getByRole('button', { name: 'Create service' }).click();
    await expect(dialog.getByText('Required', { exact: true })).toHaveCount(4);
    await shot(page, 'lambda-required');

    await dialog.getByLabel('Service name').fill('Pricing');
    await dialog.getByLabel('Region').fill('eu-west-1');
    await dialog.getByLabel('Access key id').fill('AKIAEXAMPLE123');
    await dialog.getByLabel('Secret access key').fill('wJalrXUtnFEMI/K7MDENG');
    await expect(dialog.getByLabel('Secret access key')).toHaveAttribute('type', 'password');
    await dialog.getByLabel('Endpoint').fill(endpoint);
    const first = dialog.getByRole('group', { name: 'Function 1' });
    await first.getByLabel('Function name').fill('price-lookup');
    await first.getByLabel('Method name').fill('lookup');
    await first.getByLabel('Parameters').fill('sku, qty');
    await dialog.getByRole('button', { name: 'Add function' }).click();
    const second = dialog.getByRole('group', { name: 'Function 2' });
    await second.getByLabel('Function name').fill('price-lookup-v2');
    await second.getByLabel('Method name').fill('lookup');

    // Two functions as one method: the server's 400 lands under the second row's method name.
    await dialog.getByRole('button', { name: 'Create service' }).click();
    await expect(second.getByText(/two functions would be the method 'lookup'/)).toBeVisible();
    await expect(dialog.getByLabel('Secret access key')).toHaveValue('wJalrXUtnFEMI/K7MDENG');
    await shot(page, 'lambda-server-error');
    await second.getByLabel('Method name').fill('lookupV2');
    await dialog.getByRole('button', { name: 'Create service' }).click();
    await expect(dialog).toBeHidden();

    // The new service's page: settings with the secret masked, its methods, and a real call.
    await expect(page).toHaveURL(new RegExp(`/apps/${appId}/code/services/[^/?]+$`));
    const settings = page.getByRole('region', { name: 'AWS Lambda settings' });
    await expect(settings).toContainText('********');
    await expect(settings).not.toContainText('wJalrXUtnFEMI');
    await expect(settings.getByRole('table', { name: 'Lambda functions' })).toContainText('price-lookup-v2');
    await expect(
      page.getByRole('navigation', { name: 'API services' }).getByRole('link', { name: /Pricing/ }),
    ).toContainText('AWS_LAMBDA');
    const panel = page.getByRole('region', { name: 'Invoke lookup' });
    await panel.getByLabel('sku').fill('A-1');
    await panel.getByLabel('qty').fill('2');
    await panel.getByRole('button', { name: 'Invoke' }).click();
    await expect(panel.getByTestId('invoke-result')).toContainText('"price": 84');
    await shot(page, 'lambda-service');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/2015-03-31/functions/price-lookup/invocations');
    expect(calls[0]!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE123\/\d{8}\/eu-west-1\/lambda\/aws4_request, /,
    );
    expect(calls[0]!.body).toMatchObject({ args: { sku: 'A-1', qty: 2 } });

    // After a reload the service is still listed with its kind.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  } finally {
    await new Promise((resolve) => lambda.close(resolve));
  }
});

test('handler order: drag a handler above another, save, and the order holds after a reload', async ({ page }) => {
  test.setTimeout(150_000);
  await registerThroughUi(page, uniqueEmail('chain'));
  const appId = await createApp(page, 'Chain journey');
  const handler = (tag: string) =>
    `Backendless.ServerCode.Persistence.beforeCreate('*', async (req) => { req.item.tags = (req.item.tags || '') + '${tag}'; });`;
  await deploy(page, appId, 'default', [{ id: 'handlers/all.js', content: handler('a') }]);
  await deploy(page, appId, 'audit', [{ id: 'handlers/all.js', content: handler('b') }]);

  await page.goto(`/apps/${appId}/code/handlers`);
  await page.getByRole('button', { name: 'Actions of beforeCreate on *' }).first().click();
  await page.getByRole('menuitem', { name: 'Order of handlers' }).click();
  const dialog = page.getByRole('dialog', { name: /Order of beforeCreate/ });
  const list = dialog.getByRole('list', { name: 'Handler order' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const names = async () =>
    (await list.getByRole('listitem').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''))).map(
      (label) => label.split(' ')[1],
    );
  const initial = await names();
  expect(initial.sort()).toEqual(['audit', 'default']);
  const [top, bottom] = await names();
  await shot(page, 'chain-before');

  // Drag the bottom handler by its grip onto the top row.
  const rows = list.getByRole('listitem');
  await rows
    .nth(1)
    .locator('[title="Drag to reorder"]')
    .dragTo(rows.nth(0), { targetPosition: { x: 40, y: 4 } });
  expect(await names()).toEqual([bottom, top]);
  await shot(page, 'chain-dragged');
  await dialog.getByRole('button', { name: 'Save order' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'Actions of beforeCreate on *' }).first().click();
  await page.getByRole('menuitem', { name: 'Order of handlers' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect(await names()).toEqual([bottom, top]);

  // The keyboard way still works: move it back with its arrow button and save.
  await dialog.getByRole('button', { name: `Move ${top} (*) up` }).focus();
  await page.keyboard.press('Enter');
  expect(await names()).toEqual([top, bottom]);
  await dialog.getByRole('button', { name: 'Save order' }).click();
  await expect(dialog).toBeHidden();
  const chain = await page.request.get(`/${appId}/console/servercode/chain/100/${encodeURIComponent('*')}`, {
    headers: { 'auth-key': await authKey(page) },
  });
  const saved = (await chain.json()) as { handlers: Array<{ model: string }> };
  expect(saved.handlers.map((h) => h.model)).toEqual([top, bottom]);
});

test('import an OpenAPI document, upload a .js service and mark a service for MCP', async ({ page }) => {
  test.setTimeout(150_000);
  await registerThroughUi(page, uniqueEmail('import'));
  const appId = await createApp(page, 'Import journey');
  await page.goto(`/apps/${appId}/code/services`);

  // Import: a JSON document uploaded from disk; its base URL and key are set in Configuration.
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Pet Store', version: '1.0.0' },
    servers: [{ url: 'https://pets.example.test/v1' }],
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
    paths: {
      '/pets/{petId}': {
        get: {
          operationId: 'get-pet',
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'A pet' } },
        },
      },
    },
  };
  await page.getByRole('button', { name: 'New service' }).click();
  await page.getByRole('menuitem', { name: 'Import OpenAPI' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import an OpenAPI service' });
  await importDialog.getByRole('button', { name: 'Import service' }).click();
  await expect(importDialog.getByText('Choose an OpenAPI or Swagger document (.json, .yaml)')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await importDialog.getByLabel('OpenAPI document').click();
  await (
    await chooser
  ).setFiles({
    name: 'petstore.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(doc)),
  });
  await shot(page, 'import-dialog');
  await importDialog.getByRole('button', { name: 'Import service' }).click();
  await expect(importDialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'PetStore' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /getPet/ })).toBeVisible();
  // An imported service has no code of its own to edit.
  await expect(page.getByRole('link', { name: 'Edit code' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Configuration' }).click();
  const config = page.getByRole('dialog', { name: 'Configuration of PetStore' });
  await expect(config.getByRole('textbox', { name: /base ?url/i })).toHaveValue('https://pets.example.test/v1');
  await config.getByRole('textbox', { name: /^api ?key$/i }).fill('pet-secret');
  await config.getByRole('button', { name: 'Save' }).click();
  await expect(config.getByText('Saved.')).toBeVisible();
  await expect(config.getByRole('textbox', { name: /^api ?key$/i })).toHaveValue('********');
  await shot(page, 'import-config');
  await config.getByRole('button', { name: 'Close' }).click();

  // Upload: a .js file is deployed to the default model and its service answers.
  await page.getByRole('button', { name: 'New service' }).click();
  await page.getByRole('menuitem', { name: 'Upload code' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload service code' });
  const files = page.waitForEvent('filechooser');
  await upload.getByLabel('Code').click();
  await (
    await files
  ).setFiles({
    name: 'Uploaded.js',
    mimeType: 'text/javascript',
    buffer: Buffer.from(
      "class Uploaded { hello(name) { return 'Hi, ' + name; } }\nBackendless.ServerCode.addService(Uploaded);\n",
    ),
  });
  await shot(page, 'upload-dialog');
  await upload.getByRole('button', { name: 'Upload and deploy' }).click();
  await expect(upload).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Uploaded' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Invoke hello' });
  await panel.getByLabel('name').fill('Ann');
  await panel.getByRole('button', { name: 'Invoke' }).click();
  await expect(panel.getByTestId('invoke-result')).toHaveText('"Hi, Ann"');

  // MCP: the flag is stored per service and holds after a reload.
  const mcp = page.getByRole('switch', { name: 'Offer Uploaded to MCP clients' });
  await expect(mcp).not.toBeChecked();
  await mcp.click({ force: true });
  await expect(mcp).toBeChecked();
  await shot(page, 'mcp-on');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Offer Uploaded to MCP clients' })).toBeChecked();
});
