import { expect, type Page } from '@playwright/test';

// Geometry of the records grid (compact density): the canvas has no DOM cells to click, so
// journeys aim at cells by position.
const MARKER_GUESS = 40; // row-marker column (number + checkbox), a few dozen pixels wide
const OBJECT_ID_WIDTH = 300;
const COLUMN_WIDTH = 170;
const HEADER = 34;
const ROW = 28;

export async function gridBox(page: Page) {
  const box = await page.getByTestId('data-grid-canvas').boundingBox();
  if (!box) throw new Error('the records grid is not on screen');
  return box;
}

/** Centre of a cell of the canvas grid: column 0 is objectId, then the table's own columns; row -1 is the header. */
export async function cellPoint(page: Page, column: number, row: number) {
  const box = await gridBox(page);
  const x =
    column === 0
      ? MARKER_GUESS + OBJECT_ID_WIDTH / 2
      : MARKER_GUESS + OBJECT_ID_WIDTH + (column - 1) * COLUMN_WIDTH + COLUMN_WIDTH / 2;
  return { x: box.x + x, y: box.y + (row < 0 ? HEADER / 2 : HEADER + row * ROW + ROW / 2) };
}

/** Text of a rendered grid row (the grid mirrors visible rows in an accessible table; row 0 is aria-rowindex 2). */
export function gridRow(page: Page, row: number) {
  return page.locator(`[data-testid="data-grid-canvas"] tr[aria-rowindex="${row + 2}"]`);
}

/** A rendered grid cell by its exact text (the accessible mirror lives inside the canvas, so it counts as hidden). */
export function gridCell(page: Page, text: string) {
  return page.locator('[data-testid="data-grid-canvas"] td').filter({ hasText: new RegExp(`^${text}$`) });
}

/** Creates a table through the New table dialog with the given (name, type label) columns. */
export async function newTable(page: Page, name: string, columns: Array<[string, string]>) {
  await page.getByRole('button', { name: 'New table' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New table' });
  await dialog.getByLabel('Table name').fill(name);
  for (const [i, [column, type]] of columns.entries()) {
    await dialog.getByRole('button', { name: 'Add a column' }).click();
    await dialog.getByLabel(`Column ${i + 1} name`).fill(column);
    if (type !== 'String') {
      await dialog.getByLabel(`Column ${i + 1} type`).click();
      await page.getByRole('option', { name: type, exact: true }).click();
    }
  }
  await dialog.getByRole('button', { name: 'Create table' }).click();
  await expect(page).toHaveURL(new RegExp(`/data/${name}$`));
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

/**
 * Checks that every rendered row near `near` shows the label of its own position (`Event #<row>`),
 * once its window of rows has loaded.
 */
export async function expectRowsMatchPositions(page: Page, near: number, label = (row: number) => `Event #${row}`) {
  await expect
    .poll(
      async () => {
        const rows = await page
          .locator('[data-testid="data-grid-canvas"] tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) => [Number(tr.getAttribute('aria-rowindex')) - 2, tr.textContent ?? ''] as const),
          );
        const checked = rows.filter(([row]) => Math.abs(row - near) < 200_000);
        return checked.length > 5 && checked.every(([row, text]) => text.includes(label(row)));
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * The million-row browse both databases share: the table (seeded with `Event #<i>` labels) opens with
 * its total, the wheel reaches the middle and Mod+ArrowDown the last row, each showing the rows of
 * that position.
 */
export async function browseMillionRows(page: Page) {
  await page.reload();
  await expect(page.getByTestId('records-total')).toHaveText('1,000,000 records', { timeout: 30_000 });
  await expect(gridRow(page, 0)).toContainText('Event #0');

  const box = await gridBox(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 1_400_000);
  await expectRowsMatchPositions(page, 500_000);

  const first = await cellPoint(page, 1, 2);
  await page.mouse.click(first.x, first.y);
  await page.keyboard.press('ControlOrMeta+ArrowDown');
  await expect(gridCell(page, 'Event #999999')).toBeAttached({ timeout: 30_000 });
  await expectRowsMatchPositions(page, 999_999);
}

/**
 * Opens the text editor of a cell: click selects it (checked in the accessible mirror, whose cell
 * ids count the row-marker column first), Enter opens the editor. A click or key that lands while
 * the grid is still re-rendering fresh rows is lost, so the whole step is retried until the editor
 * has focus; a retry never presses Enter into an editor that is already open.
 */
export async function openCellEditor(page: Page, column: number, row: number) {
  const selected = page.locator('[data-testid="data-grid-canvas"] td[aria-selected="true"]');
  const editor = page.locator('#portal .gdg-input').first();
  await expect(async () => {
    if (!(await editor.isVisible())) {
      const point = await cellPoint(page, column, row);
      await page.mouse.click(point.x, point.y);
      await expect(selected).toHaveAttribute('id', `glide-cell-${column + 1}-${row}`, { timeout: 2_000 });
      if (!(await editor.isVisible())) await page.keyboard.press('Enter');
    }
    await expect(editor).toBeFocused({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}
