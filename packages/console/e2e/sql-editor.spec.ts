import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

/** Replaces the editor's text (Monaco: focus it, select all, insert). */
async function typeQuery(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'SQL query' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Inserted, not typed: typing would meet Monaco's closing of quotes.
  await page.keyboard.insertText(text);
}

test('a developer runs a query in the SQL editor and sees the grid; writes are refused', async ({ page }) => {
  const email = uniqueEmail('sql-editor');
  await registerThroughUi(page, email);
  const appId = await createApp(page, 'SQL Journey');

  await page.goto(`/apps/${appId}/sql-service`);
  await expect(page.getByRole('heading', { name: 'SQL editor' })).toBeVisible();
  // The app's own tables are listed by the names the Data area shows.
  await expect(page.getByRole('region', { name: 'Tables' }).getByText('Users', { exact: true })).toBeVisible();

  await typeQuery(page, 'select \'ok\' as state, count(email) as users from "Users"');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const grid = page.getByRole('table', { name: 'Query results' });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'state' })).toBeVisible();
  await expect(page.getByTestId('sql-row-count')).toContainText('1 row');
  await page.screenshot({ path: `${SHOTS}/sql-editor-grid.png`, fullPage: true });

  // Explain answers the plan.
  await page.getByRole('button', { name: 'Explain' }).click();
  await expect(page.getByRole('heading', { name: 'Plan' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Query results' })).toBeVisible();

  // A write never reaches the database: the server's message is shown.
  await typeQuery(page, 'delete from "Users"');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The query did not run' })).toContainText(
    'Only a SELECT may run here',
  );

  // The history keeps what ran, in this browser.
  await expect(page.getByRole('region', { name: 'History' }).getByText(/select 'ok' as state/)).toBeVisible();

  // A connection to a private address is refused unless the server allows it, with the reason.
  await page.getByRole('button', { name: 'New connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New SQL connection' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('local');
  await dialog.getByRole('textbox', { name: 'Host', exact: true }).fill('127.0.0.1');
  await dialog.getByRole('textbox', { name: 'Database name', exact: true }).fill('test');
  await dialog.getByRole('textbox', { name: 'User', exact: true }).fill('postgres');
  await dialog.getByRole('button', { name: 'Test' }).click();
  await expect(dialog.getByText(/BASALT_REMOTE_FETCH_PRIVATE/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sql-editor-connection.png`, fullPage: true });
});
