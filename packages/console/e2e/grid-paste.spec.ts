import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { cellPoint, gridCell, newTable } from './grid';

async function authKey(page: Page) {
  return page.evaluate(() => localStorage.getItem('basalt.authKey') ?? '');
}

/** Records as stored, in the grid's default order. */
async function stored(page: Page, appId: string): Promise<Array<Record<string, unknown>>> {
  const res = await page.request.post(`/${appId}/console/data/Item/find`, {
    headers: { 'auth-key': await authKey(page) },
    data: { pageSize: 100 },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Array<Record<string, unknown>>;
}

const pick = (rows: Array<Record<string, unknown>>) => rows.map((r) => [r.name, r.qty, r.done]);

/** Selects a grid cell by clicking it (the accessible mirror counts the row-marker column first). */
async function selectCell(page: Page, column: number, row: number) {
  // No dialog may still be closing over the grid, or the click lands on its fading overlay.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const point = await cellPoint(page, column, row);
  // Focus is somewhere inside the grid (its accessible mirror can lag behind a range selection);
  // on a busy machine the first click can come before the grid listens, so it is clicked again.
  await expect(async () => {
    // A click inside a selected range keeps the range; Escape clears it first.
    await page.keyboard.press('Escape');
    await page.mouse.click(point.x, point.y);
    expect(
      await page.evaluate(
        () =>
          !!document.activeElement?.closest('.dvn-scroller') ||
          document.activeElement?.getAttribute('data-testid') === 'data-grid-canvas',
      ),
    ).toBe(true);
  }).toPass({ timeout: 15_000 });
}

test('spreadsheet paste: a 3×2 block fills six cells after confirmation, Ctrl+Z restores them, a bad value pastes nothing, copy gives TSV back', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerThroughUi(page, uniqueEmail('paste'));
  const appId = await createApp(page, 'Paste journey');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Item', [
    ['name', 'String'],
    ['qty', 'Integer'],
    ['done', 'Boolean'],
  ]);
  const created = await page.request.post(`/${appId}/console/data/bulk/Item`, {
    headers: { 'auth-key': await authKey(page) },
    data: [
      { name: 'one', qty: 1, done: false },
      { name: 'two', qty: 2, done: false },
    ],
  });
  expect(created.status()).toBe(200);
  await page.reload();
  await expect(gridCell(page, 'two')).toBeAttached();
  const before = pick(await stored(page, appId));

  // The clipboard holds a block as Sheets writes it (tabs and newlines, trailing newline).
  await page.evaluate(() => navigator.clipboard.writeText('Apple\t10\ttrue\r\nPear\t20\tyes\r\n'));
  await selectCell(page, 1, 0);
  await page.keyboard.press('ControlOrMeta+V');
  const dialog = page.getByRole('dialog', { name: 'Paste 6 cells into 2 rows of Item?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Paste 6 cells' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => pick(await stored(page, appId)))
    .toEqual([
      ['Apple', 10, true],
      ['Pear', 20, true],
    ]);
  await expect(gridCell(page, 'Apple')).toBeAttached();

  // Copy of the block gives the same format back.
  await selectCell(page, 1, 0);
  const corner = await cellPoint(page, 3, 1);
  await page.keyboard.down('Shift');
  // Beside the centre: a click on a boolean cell's box would toggle it.
  await page.mouse.click(corner.x + 50, corner.y);
  await page.keyboard.up('Shift');
  await expect(page.locator('[data-testid="data-grid-canvas"] td[aria-selected="true"]')).toHaveCount(6);
  await page.keyboard.press('ControlOrMeta+C');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('Apple\t10\ttrue\nPear\t20\ttrue');

  // Ctrl+Z undoes the whole paste in one step, through the server.
  await page.keyboard.press('ControlOrMeta+Z');
  await expect.poll(async () => pick(await stored(page, appId))).toEqual(before);
  await expect(gridCell(page, 'one')).toBeAttached();

  // A block with a value that does not fit its column names the cell and why, and writes nothing;
  // a pasted event (DataTransfer) works as a real Ctrl+V does.
  await selectCell(page, 1, 0);
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'x\tmany\ny\t3');
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  });
  const refused = page.getByRole('dialog', { name: '1 value cannot be pasted' });
  await expect(refused.getByRole('alert')).toContainText('Row 1, qty ("many"): Type a whole number, like 42');
  await refused.getByRole('button', { name: 'Close' }).click();
  expect(pick(await stored(page, appId))).toEqual(before);

  // Rows past the end become new records only when asked.
  await selectCell(page, 1, 1);
  await page.evaluate(() => navigator.clipboard.writeText('Plum\nFig\nKiwi'));
  await page.keyboard.press('ControlOrMeta+V');
  const grow = page.getByRole('dialog', { name: /Paste 1 cell into 1 row/ });
  await grow.getByLabel('Add 2 new records for the rows past the end of the table').check();
  await page
    .getByRole('dialog', { name: 'Paste 3 cells into 3 rows of Item?' })
    .getByRole('button', { name: 'Paste 3 cells' })
    .click();
  await expect.poll(async () => (await stored(page, appId)).map((r) => r.name)).toEqual(['one', 'Plum', 'Fig', 'Kiwi']);
  await page.keyboard.press('ControlOrMeta+Z');
  await expect.poll(async () => (await stored(page, appId)).map((r) => r.name)).toEqual(['one', 'two']);
});
