import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { test as base, expect } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { startServer, type RunningServer } from './server';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

/** A server of its own that allows SQLite files from one directory, holding a shop's database. */
const test = base.extend<object, { connectorServer: RunningServer }>({
  connectorServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-e2e-connectors-'));
      const file = new Database(path.join(dir, 'shop.db'));
      file.exec('create table orders (id integer primary key, customer text, total integer)');
      for (const [customer, total] of [
        ['Ada', 36],
        ['Grace', 45],
        ['Linus', 21],
      ] as const)
        file.prepare('insert into orders (customer, total) values (?, ?)').run(customer, total);
      file.close();
      const server = await startServer({ env: { BASALT_SQL_SQLITE_DIR: dir } });
      try {
        await use(server);
      } finally {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ connectorServer }, use) => {
    await use(connectorServer.url);
  },
});

test('a developer adds a data connector, sees its table beside the app tables and browses its rows', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('connectors'));
  const appId = await createApp(page, 'Connectors Journey');
  await page.goto(`/apps/${appId}/data`);
  const nav = page.getByRole('navigation', { name: 'Tables and data tools' });
  await expect(nav.getByText('Tables of an existing PostgreSQL, MySQL or SQLite database.')).toBeVisible({
    timeout: 30_000,
  });

  await nav.getByRole('button', { name: 'New data connector' }).click();
  const dialog = page.getByRole('dialog', { name: 'New data connector' });
  await dialog.getByText('SQLite', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('shop');
  // A file that is not there: the server's message under the field, nothing saved.
  await dialog.getByRole('textbox', { name: 'File' }).fill('nothing.db');
  await dialog.getByRole('button', { name: 'Add connector' }).click();
  await expect(dialog.getByText(/There is no SQLite file 'nothing.db'/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'File' }).fill('shop.db');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toContainText('Connected: 1 tables');
  await page.screenshot({ path: `${SHOTS}/data-connectors-dialog.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Add connector' }).click();
  await expect(dialog).toBeHidden();

  // The connector's table is listed under Connectors with its own icon, and opens read-only.
  await nav.getByRole('link', { name: 'orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/data/-/connectors/[^/]+/orders$`));
  const rows = page.getByRole('table', { name: 'Rows of orders' });
  await expect(rows.getByRole('columnheader', { name: 'customer' })).toBeVisible();
  await expect(rows.getByRole('row')).toHaveCount(4);
  await expect(page.getByText('3 rows')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/data-connectors-browse.png`, fullPage: true });

  // The where language filters the rows; a bad clause is answered under the field.
  await page.getByRole('textbox', { name: 'Where' }).fill('total > 30');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows.getByRole('row')).toHaveCount(3);
  await expect(rows.getByText('Linus')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Where' }).fill('nope > 1');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/there is no column 'nope'/)).toBeVisible();
});
