import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { gridCell, newTable } from './grid';

// A fixed zone, so the dates on screen can be checked with it.
test.use({ timezoneId: 'Europe/Berlin' });

test('dates show with the time zone and long values never push the layout: record panel with 10,000 characters, a view with dates, a date filter', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('values'));
  const appId = await createApp(page, 'Values journey');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Trip', [
    ['title', 'String'],
    ['notes', 'Text'],
    ['starts', 'Date and time'],
  ]);
  const authKey = await page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
  const headers = { 'auth-key': authKey };
  const starts = await page.evaluate(() => new Date(2026, 2, 4, 5, 6, 7).getTime());
  const long = `${'Unbroken'.repeat(400)} ${'word '.repeat(1360)}`.slice(0, 10_000);
  const res = await page.request.post(`/${appId}/console/data/bulk/Trip`, {
    headers,
    data: [
      { title: 'Lisbon', notes: long, starts },
      { title: 'Porto', notes: 'short', starts: starts + 86_400_000 },
    ],
  });
  expect(res.status()).toBe(200);
  const [id] = (await res.json()) as string[];

  // The record panel: the 10,000-character value wraps inside the panel; its header and buttons stay in view.
  await page.goto(`/apps/${appId}/data/Trip?record=${id}`);
  const panel = page.getByRole('dialog', { name: new RegExp(id) });
  await expect(panel.getByLabel('notes')).toHaveValue(long);
  await expect(panel.getByText(/^created 20\d\d-\d\d-\d\d \d\d:\d\d:\d\d GMT\+[12]$/)).toBeVisible();
  await expect(panel.getByLabel('starts')).toHaveValue('2026-03-04T05:06:07');
  await expect(panel.getByText('Date and time in GMT+1')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Close record panel' })).toBeInViewport();
  await expect(panel.getByRole('button', { name: 'Save' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The page beside the panel wraps its header and toolbar rather than cutting them.
  const panelLeft = (await panel.boundingBox())!.x;
  for (const name of ['Record', 'Export CSV', 'Builder', 'Refresh records']) {
    const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(box.x + box.width, `${name} ends before the panel`).toBeLessThanOrEqual(panelLeft);
  }
  await page.screenshot({ path: '/tmp/basalt-record-panel-long-value.png' });

  // A text over the column's length is named under its field before anything is sent.
  await panel.getByLabel('title').fill('x'.repeat(501));
  await expect(panel.getByText('501 characters; this column holds at most 500')).toBeVisible();

  // The where builder takes a date typed as a date; the applied filter repeats it readably.
  await panel.getByRole('button', { name: 'Close record panel' }).click();
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('button', { name: 'Builder' }).click();
  const builder = page.getByRole('form', { name: 'Filter builder' });
  await builder.getByRole('combobox', { name: 'Column 1', exact: true }).click();
  await builder.getByRole('option', { name: 'starts', exact: true }).click();
  await builder.getByLabel('Value 1', { exact: true }).fill('4-3-2026');
  await builder.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page.getByTestId('records-total')).toHaveText('1 record match');
  await expect(gridCell(page, 'Lisbon')).toBeAttached();
  await expect(page.getByTestId('filter-readable')).toHaveText(
    'Dates: starts >= 2026-03-04 00:00:00 GMT+1 and starts < 2026-03-05 00:00:00 GMT+1',
  );

  // A saved view shows its dates formatted, with the zone; long values are cut to one line.
  const view = await page.request.post(`/${appId}/console/data/table-views`, {
    headers,
    data: { name: 'Trips', tableName: 'Trip', columns: ['title', 'starts', 'notes', 'created'] },
  });
  expect(view.status()).toBe(200);
  const { viewId } = (await view.json()) as { viewId: string };
  await page.goto(`/apps/${appId}/data/-/views/${viewId}`);
  const table = page.getByRole('table', { name: 'Records of Trips' });
  await expect(table.getByText('2026-03-04 05:06:07 GMT+1')).toBeVisible();
  await expect(table.getByText('2026-03-05 05:06:07 GMT+1')).toBeVisible();
  const viewOverflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(viewOverflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/basalt-view-dates.png', fullPage: true });
});
