import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test("a developer opens a table's API docs, sees its columns and tries find with the REST key", async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('apidocs'));
  const appId = await createApp(page, 'Docs Journey');
  const authKey = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  const headers = { 'auth-key': authKey };
  const made = await page.request.post(`/${appId}/console/data/tables`, {
    headers,
    data: {
      name: 'Book',
      columns: [
        { name: 'title', dataType: 'STRING', required: true },
        { name: 'pages', dataType: 'INT' },
        { name: 'published', dataType: 'DATETIME' },
      ],
    },
  });
  expect(made.ok()).toBe(true);
  const info = await (await page.request.get(`/${appId}/console/app-info`, { headers })).json();
  const rest = (info.apiKeys as Array<{ deviceType: string; apiKey: string }>).find((k) => k.deviceType === 'REST')!;
  for (const title of ['Dune', 'Emma'])
    expect((await page.request.post(`/${appId}/${rest.apiKey}/data/Book`, { data: { title, pages: 300 } })).ok()).toBe(
      true,
    );

  await page.goto(`/apps/${appId}/api-docs`);
  await expect(page.getByRole('heading', { name: 'API docs', exact: true })).toBeVisible();
  await page.getByPlaceholder('Pick a table').click();
  await page.getByRole('option', { name: 'Book' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/api-docs/table/Book$`));

  // The schema names every column with its type; title is required.
  const schema = page.getByRole('table', { name: 'Schema Book', exact: true });
  await expect(schema.getByRole('row', { name: /title\s+string\s+required/ })).toBeVisible();
  await expect(schema.getByRole('row', { name: /pages\s+integer \| null/ })).toBeVisible();
  await expect(schema.getByRole('row', { name: /published\s+integer \| null/ })).toBeVisible();

  // Try find: GET /data/Book with the REST key answers 200 and the records.
  await page.getByRole('button', { name: 'GET /data/Book', exact: true }).click();
  const panel = page.getByRole('region', { name: 'GET /data/Book', exact: true });
  await panel.getByRole('textbox', { name: 'sortBy' }).fill('title asc');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByLabel('Answer status')).toHaveText('200');
  await expect(panel.getByText('"title": "Dune"')).toBeVisible();
  await expect(panel.getByText('"title": "Emma"')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-docs-table.png`, fullPage: true });

  // Files: a document that does not depend on the schema, every verb labelled in full.
  await page.getByRole('radiogroup', { name: 'What to document' }).getByText('Files').click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/api-docs/files$`));
  await expect(page.getByRole('heading', { name: 'Files API' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'DELETE /files/{path}', exact: true })).toContainText('DELETE');
  await page.screenshot({ path: `${SHOTS}/api-docs-files.png` });
});
