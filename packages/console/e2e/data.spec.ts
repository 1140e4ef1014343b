import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { browseMillionRows, cellPoint, gridBox, gridCell, gridRow, newTable, openCellEditor } from './grid';

// better-sqlite3 is the server's driver; the test borrows it to seed a million rows in seconds.
const require = createRequire(import.meta.url);
const Database = require('better-sqlite3') as typeof import('better-sqlite3');

/**
 * The grid's cell editor opens a moment after Enter; keys typed before it has focus would go to
 * the grid. Wait for the editor, replace its text, and commit with Enter.
 */
async function typeInCellEditor(page: Page, text: string): Promise<void> {
  const editor = page.locator('#portal .gdg-input').first();
  await expect(editor).toBeFocused();
  await editor.fill(text);
  await editor.press('Enter');
}

async function addRecord(page: Page, fill: (panel: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  const panel = page.getByRole('dialog', { name: /New .* record/ });
  await fill(panel);
  await panel.getByRole('button', { name: 'Create record' }).click();
  await expect(page).toHaveURL(/record=[0-9A-F-]{36}/);
}

test('model tables, fill them through the record panel, filter, sort, search, edit and delete', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('data'));
  const appId = await createApp(page, 'Data journey');
  await page.goto(`/apps/${appId}/data`);
  await expect(page.getByRole('navigation', { name: 'Tables and data tools' }).getByText('Users')).toBeVisible();

  await newTable(page, 'City', [['title', 'String']]);
  await newTable(page, 'Person', [
    ['name', 'String'],
    ['age', 'Integer'],
    ['active', 'Boolean'],
    ['born', 'Date and time'],
  ]);

  // A relation column through the schema editor's drawer.
  await expect(page.getByRole('link', { name: 'Schema' })).toHaveAttribute('href', /Person\/schema$/);
  await page.getByRole('link', { name: 'Schema' }).click();
  await expect(page.getByRole('heading', { name: 'Person schema' })).toBeVisible();
  await page.getByRole('button', { name: 'Add column' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add a column to Person' });
  await drawer.getByLabel('Column name').fill('home');
  await drawer.getByRole('radio', { name: 'Relation', exact: true }).check();
  await drawer.getByLabel('Related table').click();
  await page.getByRole('option', { name: 'City', exact: true }).click();
  await drawer.getByRole('button', { name: 'Add column' }).click();
  await expect(page.getByRole('table', { name: 'Columns of Person' }).getByText('→ City · one-to-one')).toBeVisible();

  await page.getByRole('navigation', { name: 'Tables and data tools' }).getByRole('link', { name: /^City/ }).click();
  await expect(page.getByText('No records yet')).toBeVisible();
  await addRecord(page, (panel) => panel.getByLabel('title').fill('Paris'));
  await page.getByRole('button', { name: 'Close record panel' }).click();

  await page
    .getByRole('navigation', { name: 'Tables and data tools' })
    .getByRole('link', { name: /^Person/ })
    .click();
  const people: Array<[string, number, string]> = [
    ['Ada', 36, 'true'],
    ['Bob', 25, 'false'],
    ['Cy', 41, 'true'],
  ];
  for (const [name, age, active] of people) {
    await addRecord(page, async (panel) => {
      await panel.getByLabel('name', { exact: true }).fill(name);
      await panel.getByLabel('age', { exact: true }).fill(String(age));
      await panel.getByLabel('active', { exact: true }).click();
      await page.getByRole('option', { name: active, exact: true }).click();
      await panel.getByLabel('born', { exact: true }).fill('1990-04-28T10:30:00');
    });
  }
  // The last one created stays open: link it to Paris in the Relations tab.
  await page.getByRole('tab', { name: 'Relations' }).click();
  await page.getByRole('region', { name: 'Relation home' }).getByRole('button', { name: 'Add' }).click();
  const picker = page.getByRole('dialog', { name: /Link City records to home/ });
  await picker.getByRole('radio', { name: /Paris/ }).check();
  await picker.getByRole('button', { name: 'Link record' }).click();
  await expect(page.getByRole('region', { name: 'Relation home' }).getByRole('link', { name: 'Paris' })).toBeVisible();
  await page.getByRole('button', { name: 'Close record panel' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('3 records');

  // Where filter, through the relation too; a bad where keeps the last good result and shows the server's message.
  const filter = page.getByLabel('Filter (where)');
  await filter.fill("home.title = 'Paris'");
  await filter.press('Enter');
  await expect(page.getByTestId('records-total')).toHaveText('1 record match');
  await expect(gridRow(page, 0)).toContainText('Cy');
  await filter.fill('age > 30');
  await filter.press('Enter');
  await expect(page).toHaveURL(/filter=age/);
  await expect(page.getByTestId('records-total')).toHaveText('2 records match');
  await expect(gridCell(page, 'Bob')).toHaveCount(0);
  await filter.fill('age >> 3');
  await filter.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: /Invalid where/ })).toBeVisible();
  await expect(page.getByTestId('records-total')).toHaveText('2 records match');
  await expect(gridCell(page, 'Ada')).toBeAttached();
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('3 records');

  // Sort by clicking the age header: ascending puts Bob (25) first.
  const ageHeader = await cellPoint(page, 2, -1);
  await page.mouse.click(ageHeader.x, ageHeader.y);
  await expect(page).toHaveURL(/sort=age%3Aasc/);
  await expect(gridRow(page, 0)).toContainText('Bob');
  await page.mouse.click(ageHeader.x, ageHeader.y);
  await expect(page).toHaveURL(/sort=age%3Adesc/);
  await expect(gridRow(page, 0)).toContainText('Cy');

  // Free-text search.
  await page.getByLabel('Search', { exact: true }).fill('Cy');
  await expect(page).toHaveURL(/q=Cy/);
  await expect(page.getByTestId('records-total')).toHaveText('1 record match');

  // Inline edit: Enter edits, Enter saves.
  await expect(gridRow(page, 0)).toContainText('Cy');
  await openCellEditor(page, 1, 0);
  await typeInCellEditor(page, 'Cyrus');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(gridCell(page, 'Cyrus')).toBeAttached();
  await page.reload();
  await expect(gridCell(page, 'Cyrus')).toBeAttached();

  for (const scheme of ['light', 'dark']) {
    await page.evaluate((s) => localStorage.setItem('basalt.colorScheme', s), scheme);
    await page.reload();
    await expect(gridCell(page, 'Cyrus')).toBeAttached();
    await page.screenshot({ path: `/tmp/basalt-data-records-${scheme}.png` });
  }

  // Delete one record: tick its row marker, confirm in the dialog naming count and table.
  const box = await gridBox(page);
  await page.mouse.click(box.x + 14, (await cellPoint(page, 0, 0)).y);
  await page.getByRole('button', { name: 'Delete 1 selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 1 record from Person?' });
  await confirm.getByRole('button', { name: 'Delete 1 record' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('2 records');
});

test('a million-row table opens at once and scrolls to the middle and the end', async ({ page }) => {
  test.setTimeout(240_000);
  await registerThroughUi(page, uniqueEmail('million'));
  const appId = await createApp(page, 'Million rows');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Events', [
    ['label', 'String'],
    ['seq', 'Integer'],
  ]);

  // Seed straight into the app's SQLite store, by the physical names the data area keeps in its metadata.
  const dataDir = process.env.BASALT_E2E_DATA_DIR;
  if (!dataDir) throw new Error('BASALT_E2E_DATA_DIR is not set by the global setup');
  const db = new Database(path.join(dataDir, 'apps', `${appId.replace(/-/g, '').toLowerCase()}.db`));
  try {
    db.pragma('busy_timeout = 10000');
    const { table_id: tableId, sql_name: tableSql } = db
      .prepare("select table_id, sql_name from meta_tables where name = 'Events'")
      .get() as { table_id: string; sql_name: string };
    const cols = Object.fromEntries(
      (
        db.prepare('select name, sql_name from meta_columns where table_id = ?').all(tableId) as Array<{
          name: string;
          sql_name: string;
        }>
      ).map((c) => [c.name, c.sql_name]),
    );
    db.exec(`with recursive n(i) as (select 0 union all select i + 1 from n where i < 999999)
      insert into "${tableSql}" ("objectId", "created", "updated", "ownerId", "${cols.label}", "${cols.seq}")
      select printf('00000000-0000-7000-8000-%012d', i), 1700000000000 + i, 1700000000000 + i, null, 'Event #' || i, i from n`);
  } finally {
    db.close();
  }

  await browseMillionRows(page);

  for (const scheme of ['light', 'dark']) {
    await page.evaluate((s) => localStorage.setItem('basalt.colorScheme', s), scheme);
    await page.reload();
    await expect(page.getByTestId('records-total')).toHaveText('1,000,000 records', { timeout: 30_000 });
    await page.screenshot({ path: `/tmp/basalt-data-million-${scheme}.png` });
  }
});

/** Fills the record panel's labelled fields: text inputs by label, booleans through their select. */
async function fillRecord(page: Page, panel: ReturnType<Page['getByRole']>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = panel.getByLabel(label, { exact: true });
    if (value === 'true' || value === 'false') {
      await field.click();
      await page.getByRole('option', { name: value, exact: true }).click();
    } else await field.fill(value);
  }
}

test('every column type: records, search, filter, edit, relation, CSV export and import with a bad row, live updates', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await registerThroughUi(page, uniqueEmail('types'));
  const appId = await createApp(page, 'Every type');
  await page.goto(`/apps/${appId}/data`);

  await newTable(page, 'Place', [['label', 'String']]);
  await addRecord(page, (panel) => panel.getByLabel('label').fill('Oslo'));
  const osloId = new URL(page.url()).searchParams.get('record') ?? '';
  await page.getByRole('button', { name: 'Close record panel' }).click();

  await newTable(page, 'Item', [
    ['title', 'String'],
    ['code', 'String id'],
    ['summary', 'Extended string'],
    ['notes', 'Text'],
    ['qty', 'Integer'],
    ['price', 'Decimal'],
    ['ok', 'Boolean'],
    ['due', 'Date and time'],
    ['doc', 'File reference'],
  ]);
  await page.getByRole('link', { name: 'Schema' }).click();
  await page.getByRole('button', { name: 'Add column' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add a column to Item' });
  await drawer.getByLabel('Column name').fill('place');
  await drawer.getByRole('radio', { name: 'Relation', exact: true }).check();
  await drawer.getByLabel('Related table').click();
  await page.getByRole('option', { name: 'Place', exact: true }).click();
  await drawer.getByRole('button', { name: 'Add column' }).click();
  const columns = page.getByRole('table', { name: 'Columns of Item' });
  for (const type of [
    'String id',
    'Extended string',
    'Text',
    'Integer',
    'Decimal',
    'Boolean',
    'Date and time',
    'File reference',
    '→ Place · one-to-one',
  ]) {
    await expect(columns.getByText(type, { exact: true }).first()).toBeVisible();
  }

  await page.getByRole('navigation', { name: 'Tables and data tools' }).getByRole('link', { name: /^Item/ }).click();
  const items: Array<Record<string, string>> = [
    {
      title: 'Widget',
      code: 'W-1',
      summary: 'A small widget',
      notes: 'Line one',
      qty: '12',
      price: '9.5',
      ok: 'true',
      due: '2025-01-02T03:04:05',
      doc: 'docs/widget.pdf',
    },
    {
      title: 'Sprocket',
      code: 'S-1',
      summary: 'Toothed',
      notes: 'Spare',
      qty: '3',
      price: '1.25',
      ok: 'false',
      due: '2025-06-01T12:00:00',
      doc: 'docs/sprocket.pdf',
    },
  ];
  for (const item of items) await addRecord(page, (panel) => fillRecord(page, panel, item));
  // The last one created stays open: link it to Oslo.
  await page.getByRole('tab', { name: 'Relations' }).click();
  await page.getByRole('region', { name: 'Relation place' }).getByRole('button', { name: 'Add' }).click();
  const picker = page.getByRole('dialog', { name: /Link Place records to place/ });
  await picker.getByRole('radio', { name: /Oslo/ }).check();
  await picker.getByRole('button', { name: 'Link record' }).click();
  await expect(page.getByRole('region', { name: 'Relation place' }).getByRole('link', { name: 'Oslo' })).toBeVisible();
  await page.getByRole('tab', { name: 'ACL' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Whose access to this record' })).toBeVisible();
  await page.getByRole('button', { name: 'Close record panel' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('2 records');

  // Search, then filter (also through the relation).
  await page.getByLabel('Search', { exact: true }).fill('Widget');
  await expect(page.getByTestId('records-total')).toHaveText('1 record match');
  await page.getByRole('button', { name: 'Clear search' }).click();
  const filter = page.getByLabel('Filter (where)');
  await filter.fill("place.label = 'Oslo' and ok = false");
  await filter.press('Enter');
  await expect(page.getByTestId('records-total')).toHaveText('1 record match');
  // Applying the filter right after clearing the search keeps the search cleared.
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  await expect(gridRow(page, 0)).toContainText('Sprocket');

  // Edit a cell inline: title is the first column after objectId.
  await openCellEditor(page, 1, 0);
  await typeInCellEditor(page, 'Sprocket XL');
  await expect(gridCell(page, 'Sprocket XL')).toBeAttached();
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('2 records');

  // The filter builder writes where text into the raw filter: typed operators, a number checked before sending.
  await page.getByRole('button', { name: 'Builder' }).click();
  const builder = page.getByRole('form', { name: 'Filter builder' });
  const pick = async (label: string, option: string) => {
    await builder.getByRole('combobox', { name: label, exact: true }).click();
    await builder.getByRole('option', { name: option, exact: true }).click();
  };
  await pick('Column 1', 'qty');
  await pick('Operator 1', '>');
  await builder.getByLabel('Value 1', { exact: true }).fill('five');
  await builder.getByRole('button', { name: 'Add condition' }).click();
  await pick('Column 2', 'ok');
  await pick('Operator 2', 'is true');
  await builder.getByRole('button', { name: 'Apply filter' }).click();
  await expect(builder.getByText('Type a number, with . for decimals')).toBeVisible();
  await builder.getByLabel('Value 1', { exact: true }).fill('5');
  for (const scheme of ['light', 'dark']) {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    await page.screenshot({ path: `/tmp/basalt-data-builder-${scheme}.png` });
  }
  await builder.getByRole('button', { name: 'Apply filter' }).click();
  await expect(filter).toHaveValue('(qty > 5) and (ok = true)');
  await expect(page.getByTestId('records-total')).toHaveText('1 record match');
  await expect(gridRow(page, 0)).toContainText('Widget');
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('2 records');

  // Export CSV: the file holds the header and both records with their typed values.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Item.csv');
  const exported = (await import('node:fs'))
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(exported).toHaveLength(3);
  for (const name of ['objectId', 'title', 'code', 'summary', 'notes', 'qty', 'price', 'ok', 'due', 'doc'])
    expect(exported[0].split(',')).toContain(name);
  expect(exported.find((l) => l.includes('Widget'))).toMatch(
    /W-1.*A small widget.*Line one.*12.*9\.5.*true.*docs\/widget\.pdf/,
  );
  expect(exported.find((l) => l.includes('Sprocket XL'))).toMatch(
    /S-1.*Toothed.*Spare.*3.*1\.25.*false.*docs\/sprocket\.pdf/,
  );

  // Import a CSV with one bad row: the dry run names it, the import with skip writes the other two.
  const csv = [
    'title,code,qty,price,ok,due,place,extra',
    `Gear,G-1,5,2.5,true,2024-05-01 10:00,${osloId},x`,
    'Bolt,B-1,lots,1.0,false,2024-05-02,,y',
    'Nut,N-1,7,0.5,yes,,,z',
  ].join('\n');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV into Item' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const mappingTable = dialog.getByRole('table', { name: 'Column mapping' });
  await expect(mappingTable.getByLabel('qty')).toHaveValue('qty');
  await expect(mappingTable.getByLabel('place')).toHaveValue('place');
  await expect(mappingTable.getByLabel('extra')).toHaveValue('Skip this column');
  await expect(mappingTable.getByText('Relation')).toBeVisible();
  await dialog.getByRole('button', { name: 'Check rows (dry run)' }).click();
  const dry = dialog.getByTestId('import-dry-run');
  await expect(dry).toContainText('3 rows read · 2 would be written · 1 would be rejected');
  const failing = dialog.getByRole('table', { name: 'Rows that fail' });
  await expect(failing.getByRole('row')).toHaveCount(2);
  await expect(failing.getByRole('row').nth(1)).toContainText(/3\s*qty/);
  await expect(dialog.getByRole('button', { name: 'Import 3 rows' })).toBeDisabled();
  for (const scheme of ['light', 'dark']) {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    await page.screenshot({ path: `/tmp/basalt-data-import-${scheme}.png` });
  }
  await dialog.getByLabel(/Skip the 1 row that fails/).check();
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  const summary = dialog.getByTestId('import-summary');
  await expect(summary).toContainText('Imported 2 rows into Item');
  const [rejected] = await Promise.all([
    page.waitForEvent('download'),
    summary.getByRole('button', { name: 'Download rejected rows' }).click(),
  ]);
  const rejectedCsv = (await import('node:fs')).readFileSync(await rejected.path(), 'utf8');
  expect(rejectedCsv).toContain('Bolt,B-1,lots');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('4 records');

  // A record created elsewhere (a second console tab) appears in this grid without a refresh.
  await expect(page.getByTestId('records-live')).toHaveText('Live');
  const other = await context.newPage();
  await other.goto(`/apps/${appId}/data/Item`);
  await addRecord(other, (panel) => fillRecord(other, panel, { title: 'Live gadget', qty: '1' }));
  await other.close();
  await expect(page.getByTestId('records-total')).toHaveText('5 records');
  await expect(gridCell(page, 'Live gadget')).toBeAttached();
});

/** Records as the console API stores them (not as the screen shows them), relations loaded. */
async function storedRecords(
  page: Page,
  appId: string,
  table: string,
  loadRelations: string[] = [],
): Promise<Array<Record<string, unknown>>> {
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const res = await page.request.post(`/${appId}/console/data/${table}/find`, {
    headers: { 'auth-key': authKey },
    data: { pageSize: 100, loadRelations },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Array<Record<string, unknown>>;
}

async function storedValue(
  page: Page,
  appId: string,
  table: string,
  column: string,
  loadRelations: string[] = [],
): Promise<unknown> {
  const [record] = await storedRecords(page, appId, table, loadRelations);
  return record?.[column];
}

test('inline editors by type: boolean, number, date and relation cells save typed values; Ctrl+C copies TSV', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerThroughUi(page, uniqueEmail('inline'));
  const appId = await createApp(page, 'Inline editors');
  await page.goto(`/apps/${appId}/data`);

  await newTable(page, 'Town', [['name', 'String']]);
  for (const name of ['Oslo', 'Rome', 'Lima']) {
    await addRecord(page, (panel) => panel.getByLabel('name').fill(name));
    await page.getByRole('button', { name: 'Close record panel' }).click();
  }
  const towns = await storedRecords(page, appId, 'Town');
  const [romeId, limaId] = ['Rome', 'Lima'].map((name) => String(towns.find((r) => r.name === name)?.objectId));

  // Each panel above closed right after its save without a question; unsaved edits do ask.
  await page.goto(`/apps/${appId}/data/Town?record=${romeId}`);
  const romePanel = page.getByRole('dialog', { name: new RegExp(romeId) });
  await expect(romePanel.getByLabel('name')).toHaveValue('Rome');
  await romePanel.getByLabel('name').fill('Roma');
  await page.getByRole('button', { name: 'Close record panel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(romePanel.getByLabel('name')).toHaveValue('Roma');
  await page.getByRole('button', { name: 'Close record panel' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(romePanel).toBeHidden();
  expect((await storedRecords(page, appId, 'Town')).find((r) => r.objectId === romeId)?.name).toBe('Rome');

  await newTable(page, 'Task', [
    ['title', 'String'],
    ['done', 'Boolean'],
    ['qty', 'Integer'],
    ['price', 'Decimal'],
    ['due', 'Date and time'],
  ]);
  await page.getByRole('link', { name: 'Schema' }).click();
  await page.getByRole('button', { name: 'Add column' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add a column to Task' });
  await drawer.getByLabel('Column name').fill('town');
  await drawer.getByRole('radio', { name: 'Relation', exact: true }).check();
  await drawer.getByLabel('Related table').click();
  await page.getByRole('option', { name: 'Town', exact: true }).click();
  await drawer.getByRole('button', { name: 'Add column' }).click();
  await expect(page.getByRole('table', { name: 'Columns of Task' }).getByText('→ Town · one-to-one')).toBeVisible();
  await page.getByRole('navigation', { name: 'Tables and data tools' }).getByRole('link', { name: /^Task/ }).click();
  await addRecord(page, async (panel) => {
    await panel.getByLabel('title', { exact: true }).fill('Paint');
    await panel.getByLabel('qty', { exact: true }).fill('3');
  });
  await page.getByRole('button', { name: 'Close record panel' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('1 record');
  // Columns: objectId, title, done, qty, price, due, town.
  const cell = (column: number) => cellPoint(page, column, 0);
  /**
   * Selects a cell of row 0 afresh. The keyboard walks there from the frozen objectId column, so
   * the grid scrolls columns into view. Escape first clears the selection (a click on a selected
   * cell would open its editor at once); a click below the rows would do it too, but two quick
   * clicks read as a double click, which opens the objectId cell's record panel.
   */
  const selectCell = async (column: number) => {
    // The grid mirrors its selection in an accessible table: each step is checked there, because
    // a key pressed while the grid is still taking focus is lost and the walk would end short.
    const selected = page.locator('[data-testid="data-grid-canvas"] td[aria-selected="true"]');
    await page.keyboard.press('Escape');
    const start = await cell(0);
    await page.mouse.click(start.x, start.y);
    // Cell ids count the row-marker column first: column c of row 0 is `glide-cell-(c+1)-0`.
    await expect(selected).toHaveAttribute('id', 'glide-cell-1-0');
    for (let i = 1; i <= column; i++) {
      await page.keyboard.press('ArrowRight');
      await expect(selected).toHaveAttribute('id', `glide-cell-${i + 1}-0`);
    }
  };
  const openEditor = async (column: number) => {
    await selectCell(column);
    await page.keyboard.press('Enter');
  };

  // Boolean: a click on the box and Space cycle null → true → false → null.
  expect(await storedValue(page, appId, 'Task', 'done')).toBeNull();
  const done = await cell(2);
  await page.mouse.click(done.x, done.y);
  await expect.poll(() => storedValue(page, appId, 'Task', 'done')).toBe(true);
  await expect(gridRow(page, 0)).toContainText('true');
  await page.keyboard.press(' ');
  await expect.poll(() => storedValue(page, appId, 'Task', 'done')).toBe(false);
  await page.keyboard.press(' ');
  await expect.poll(() => storedValue(page, appId, 'Task', 'done')).toBeNull();
  await page.mouse.click(done.x, done.y);
  await expect.poll(() => storedValue(page, appId, 'Task', 'done')).toBe(true);

  // Number: text that is not a whole number is refused on screen and never saved; Esc cancels.
  await openEditor(3);
  const numberEditor = page.getByTestId('cell-editor-number');
  await expect(numberEditor).toBeFocused();
  await numberEditor.fill('twelve');
  await expect(page.getByRole('alert').filter({ hasText: 'Type a whole number, like 42' })).toBeVisible();
  await numberEditor.press('Enter');
  await expect(numberEditor).toBeVisible();
  await numberEditor.fill('2.5');
  await expect(page.getByText('qty takes whole numbers')).toBeVisible();
  for (const scheme of ['light', 'dark']) {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    await page.screenshot({ path: `/tmp/basalt-data-inline-number-${scheme}.png` });
  }
  expect(await storedValue(page, appId, 'Task', 'qty')).toBe(3);
  await numberEditor.fill('12');
  await numberEditor.press('Enter');
  await expect(numberEditor).toBeHidden();
  await expect.poll(() => storedValue(page, appId, 'Task', 'qty')).toBe(12);
  await openEditor(3);
  await numberEditor.fill('99');
  await numberEditor.press('Escape');
  await expect(numberEditor).toBeHidden();
  await openEditor(4);
  await numberEditor.fill('4.75');
  await numberEditor.press('Enter');
  await expect.poll(() => storedValue(page, appId, 'Task', 'price')).toBe(4.75);
  expect(await storedValue(page, appId, 'Task', 'qty')).toBe(12);

  // Date and time: the picker saves epoch millis of the local time typed.
  await openEditor(5);
  const dateEditor = page.getByTestId('cell-editor-datetime');
  await expect(dateEditor).toBeFocused();
  await dateEditor.fill('2026-03-04T05:06:07');
  for (const scheme of ['light', 'dark']) {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    await page.screenshot({ path: `/tmp/basalt-data-inline-date-${scheme}.png` });
  }
  await dateEditor.press('Enter');
  await expect(dateEditor).toBeHidden();
  const expected = await page.evaluate(() => new Date(2026, 2, 4, 5, 6, 7).getTime());
  await expect.poll(() => storedValue(page, appId, 'Task', 'due')).toBe(expected);
  await expect(gridCell(page, '2026-03-04 05:06:07')).toBeAttached();

  // Relation: the picker searches the target table; linking and "Set to null" go through the relation API.
  // A refusal from the server (the picked record was deleted meanwhile) shows in the picker, and nothing changes.
  await openEditor(6);
  const picker = page.getByRole('dialog', { name: 'Link Town records to town' });
  await picker.getByLabel('Search Town').fill('Lim');
  await picker.getByRole('radio', { name: /Lima/ }).check();
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const deleted = await page.request.delete(`/${appId}/console/data/tables/Town/records`, {
    headers: { 'auth-key': authKey },
    data: [limaId],
  });
  expect(deleted.status()).toBe(200);
  await picker.getByRole('button', { name: 'Link record' }).click();
  await expect(picker.getByRole('alert')).toContainText('does not exist');
  expect(await storedValue(page, appId, 'Task', 'town', ['town'])).toBeNull();
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(picker).toBeHidden();

  await openEditor(6);
  await picker.getByLabel('Search Town').fill('Rom');
  await expect(picker.getByRole('radio', { name: /Oslo/ })).toHaveCount(0);
  await picker.getByRole('radio', { name: /Rome/ }).check();
  for (const scheme of ['light', 'dark']) {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    await page.screenshot({ path: `/tmp/basalt-data-inline-relation-${scheme}.png` });
  }
  await picker.getByRole('button', { name: 'Link record' }).click();
  await expect(picker).toBeHidden();
  await expect
    .poll(
      async () =>
        ((await storedValue(page, appId, 'Task', 'town', ['town'])) as { objectId?: string } | null)?.objectId,
    )
    .toBe(romeId);
  await expect(gridCell(page, 'Rome')).toBeAttached();
  await openEditor(6);
  await picker.getByRole('button', { name: 'Set to null' }).click();
  await expect(picker).toBeHidden();
  await expect.poll(() => storedValue(page, appId, 'Task', 'town', ['town'])).toBeNull();

  // Ctrl/Cmd+C on a range copies its values as TSV.
  await selectCell(1);
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ControlOrMeta+C');
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe('Paint\ttrue\t12\t4.75\t2026-03-04 05:06:07');
});

test('spatial columns: picked in the schema, typed as WKT or GeoJSON with a preview and a clear error, shown as WKT, filtered by distance and area', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('spatial'));
  const appId = await createApp(page, 'Spatial journey');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Place', [
    ['name', 'String'],
    ['area', 'Polygon'],
  ]);

  // The column drawer's type picker offers the four spatial types.
  await page.getByRole('link', { name: 'Schema' }).click();
  await page.getByRole('button', { name: 'Add column' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add a column to Place' });
  await drawer.getByLabel('Column name').fill('location');
  for (const type of ['Point', 'Line string', 'Polygon', 'Geometry'])
    await expect(drawer.getByRole('radio', { name: type, exact: true })).toBeVisible();
  await drawer.getByRole('radio', { name: 'Point', exact: true }).check();
  await drawer.getByRole('button', { name: 'Add column' }).click();
  await expect(
    page.getByRole('table', { name: 'Columns of Place' }).getByText('location', { exact: true }),
  ).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Tables and data tools' })
    .getByRole('link', { name: /^Place/ })
    .click();
  await expect(page.getByText('No records yet')).toBeVisible();

  // Bad WKT is named in the panel and nothing is created; fixed, it draws a preview.
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  const panel = page.getByRole('dialog', { name: /New .* record/ });
  await panel.getByLabel('name', { exact: true }).fill('Notre-Dame');
  await panel.getByLabel('location', { exact: true }).fill('POINT(2.3499)');
  await panel.getByRole('button', { name: 'Create record' }).click();
  await expect(panel.getByText(/Not a valid geometry: invalid WKT: expected a number, found '\)'/)).toBeVisible();
  await panel.getByLabel('location', { exact: true }).fill('POINT(2.3499 48.853)');
  await expect(panel.getByRole('img', { name: 'Preview of location' })).toBeVisible();
  await panel
    .getByLabel('area', { exact: true })
    .fill(
      '{"type":"Polygon","coordinates":[[[2.2,48.8],[2.45,48.8],[2.45,48.92],[2.3,48.95],[2.2,48.92],[2.2,48.8]]]}',
    );
  await expect(panel.getByRole('img', { name: 'Preview of area' }).locator('path')).toBeVisible();
  await page.screenshot({ path: '/tmp/basalt-data-spatial-panel.png' });
  await panel.getByRole('button', { name: 'Create record' }).click();
  await expect(page).toHaveURL(/record=[0-9A-F-]{36}/);
  await page.getByRole('button', { name: 'Close record panel' }).click();
  await addRecord(page, async (p) => {
    await p.getByLabel('name', { exact: true }).fill('Eiffel');
    await p.getByLabel('location', { exact: true }).fill('{"type":"Point","coordinates":[2.2945,48.8584]}');
  });
  await page.getByRole('button', { name: 'Close record panel' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('2 records');

  // The grid shows WKT; GeoJSON typed in came back as WKT.
  await expect(gridCell(page, 'POINT\\(2\\.2945 48\\.8584\\)')).toBeAttached();
  await expect(gridCell(page, 'POLYGON\\(\\(2\\.2 48\\.8, .*\\)\\)')).toBeAttached();

  // Spatial where: distanceOnSphere in metres and Within a polygon; bad WKT is the server's 400.
  const filter = page.getByLabel('Filter (where)');
  await filter.fill("distanceOnSphere(location, 'POINT(2.2945 48.8584)') < 1000");
  await filter.press('Enter');
  await expect(page.getByTestId('records-total')).toHaveText('1 record match');
  await expect(gridRow(page, 0)).toContainText('Eiffel');
  await filter.fill("Within(location, 'POLYGON((2.3 48.8, 2.4 48.8, 2.4 48.9, 2.3 48.9, 2.3 48.8))') = true");
  await filter.press('Enter');
  await expect(page.getByTestId('records-total')).toHaveText('1 record match');
  await expect(gridRow(page, 0)).toContainText('Notre-Dame');
  await filter.fill("Within(location, 'POLYGON((1 1, 2 2))') = true");
  await filter.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: /polygon ring needs at least 4 points/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/basalt-data-spatial-grid.png' });
});
