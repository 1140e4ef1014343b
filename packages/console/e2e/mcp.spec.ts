import { expect, test as base } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { startServer, type RunningServer } from './server';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

/**
 * A server of its own that may connect to private addresses: the journey's MCP client connects to
 * the app's own hosted server on 127.0.0.1, which the default policy refuses.
 */
const test = base.extend<object, { mcpServer: RunningServer }>({
  mcpServer: [
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
  baseURL: async ({ mcpServer }, use) => {
    await use(mcpServer.url);
  },
});

test('a developer hosts an MCP server, tries a tool, stops it, and connects a client to it', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('mcp'));
  const appId = await createApp(page, 'MCP Journey');
  // A table with two records, made through the console API: the journey is about MCP, not the data screens.
  const headers = { 'auth-key': (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '' };
  const made = await page.request.post(`/${appId}/console/data/tables`, {
    headers,
    data: { name: 'Book', columns: [{ name: 'title', dataType: 'STRING' }] },
  });
  expect(made.ok()).toBe(true);
  const info = await (await page.request.get(`/${appId}/console/app-info`, { headers })).json();
  const rest = (info.apiKeys as Array<{ deviceType: string; apiKey: string }>).find((k) => k.deviceType === 'REST')!;
  for (const title of ['Dune', 'Emma'])
    expect((await page.request.post(`/${appId}/${rest.apiKey}/data/Book`, { data: { title } })).ok()).toBe(true);

  await page.goto(`/apps/${appId}/mcp`);
  await expect(page.getByRole('heading', { name: 'MCP servers' })).toBeVisible();
  await expect(page.getByText('No hosted MCP servers yet')).toBeVisible();

  // Create with a role: the URL and the token are shown once.
  await page.getByRole('button', { name: 'New MCP server' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('assistant');
  await dialog.getByRole('combobox', { name: 'Run tools as role' }).click();
  await page.getByRole('option', { name: 'AuthenticatedUser', exact: true }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Copy the token now')).toBeVisible();
  const token = (await page.getByTestId('mcp-token').innerText()).trim();
  expect(token).toMatch(/^bmcp_/);
  await page.screenshot({ path: `${SHOTS}/mcp-token.png` });
  await page.getByRole('button', { name: 'I have copied the token' }).click();

  const servers = page.getByRole('table', { name: 'Hosted MCP servers' });
  await expect(servers.getByRole('row', { name: /assistant/ })).toContainText('Running');
  const tools = page.getByTestId('mcp-tools');
  await expect(tools).toContainText('find_Book');
  await expect(tools).toContainText('count_Users');

  // Try-it: a tool call as the role; a table the role may not read (Users, by default) is refused;
  // a wrong argument type is a tool error.
  await page.getByRole('combobox', { name: 'Tool' }).click();
  await page.getByRole('option', { name: 'find_Book', exact: true }).click();
  await page.getByLabel('Arguments (JSON)').fill('{"sortBy": ["title"]}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByTestId('mcp-result')).toContainText('Result');
  await expect(page.getByTestId('mcp-result')).toContainText('"title": "Dune"');
  await expect(page.getByTestId('mcp-result')).toContainText('"title": "Emma"');
  await page.getByRole('combobox', { name: 'Tool' }).click();
  await page.getByRole('option', { name: 'count_Users', exact: true }).click();
  await page.getByLabel('Arguments (JSON)').fill('{}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByTestId('mcp-result')).toContainText("may not read table 'Users'");
  await page.getByLabel('Arguments (JSON)').fill('{"where": 5}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByTestId('mcp-result')).toContainText('Tool error');
  await expect(page.getByTestId('mcp-result')).toContainText('where must be string');
  await page.screenshot({ path: `${SHOTS}/mcp-hosted.png`, fullPage: true });

  // Stop and start again.
  await servers.getByRole('button', { name: 'Stop' }).click();
  await expect(servers.getByRole('row', { name: /assistant/ })).toContainText('Stopped');
  await servers.getByRole('button', { name: 'Start' }).click();
  await expect(servers.getByRole('row', { name: /assistant/ })).toContainText('Running');
  const url = await servers
    .getByRole('row', { name: /assistant/ })
    .locator('.mono')
    .first()
    .innerText();

  // A client of the app's own hosted server: saved with its token masked, validated and pinged.
  await page.getByRole('tab', { name: 'Clients' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/mcp/clients$`));
  await page.getByRole('button', { name: 'New MCP client' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('self');
  await dialog.getByLabel('Server URL').fill(url);
  await dialog.getByLabel('Header value').fill(`Bearer ${token}`);
  await dialog.getByRole('button', { name: 'Add client' }).click();
  const clients = page.getByRole('table', { name: 'MCP clients' });
  await expect(clients.getByRole('row', { name: /self/ })).toContainText('Authorization: ********');
  await expect(clients).not.toContainText(token);
  await clients.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByTestId('mcp-client-outcome')).toContainText('Connected to basalt-assistant');
  await clients.getByRole('button', { name: 'Ping' }).click();
  await expect(page.getByTestId('mcp-client-outcome')).toContainText(/Answered in \d+ ms/);
  await page.screenshot({ path: `${SHOTS}/mcp-clients.png`, fullPage: true });

  await clients.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete client' }).click();
  await expect(page.getByText('No MCP clients yet')).toBeVisible();

  // Deleting the hosted server asks first.
  await page.getByRole('tab', { name: 'Hosted servers' }).click();
  await servers.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete server' }).click();
  await expect(page.getByText('No hosted MCP servers yet')).toBeVisible();
});
