import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Drives the Blockly canvas with the mouse as a developer would: open a toolbox category, drag a
 * block out of the flyout and drop it so that its top-left corner lands at `to` (near the
 * connection it should snap to; Blockly snaps within ~28 px).
 */
export async function dragFromToolbox(page: Page, category: string, blockType: string, to: { x: number; y: number }) {
  await page.getByRole('treeitem', { name: category, exact: true }).click();
  const block = page.locator(`.blocklyFlyout g.${blockType}`).first();
  await expect(block).toBeVisible();
  await dragBlock(page, block, to);
}

/**
 * Drags `block` so that its top-left corner lands at `to`. It is held by `handle` (one of its
 * fields, say) when given, else by the left edge of its body, past a value block's output tab.
 */
export async function dragBlock(page: Page, block: Locator, to: { x: number; y: number }, handle?: Locator) {
  const box = await boxOf(block);
  let grab = { dx: 10, dy: Math.min(12, box.height / 2) };
  if (handle) {
    const h = await boxOf(handle);
    grab = { dx: h.x + h.width / 2 - box.x, dy: h.y + h.height / 2 - box.y };
  }
  await page.mouse.move(box.x + grab.dx, box.y + grab.dy);
  await page.mouse.down();
  await page.mouse.move(box.x + grab.dx + 30, box.y + grab.dy + 30, { steps: 5 });
  await page.mouse.move(to.x + grab.dx, to.y + grab.dy, { steps: 20 });
  await page.mouse.up();
}

/** The block of this type on the canvas (not in the flyout), the `n`th when there are several. */
export function canvasBlock(page: Page, blockType: string, n = 0): Locator {
  return page.locator(`svg.blocklySvg g.blocklyBlockCanvas g.${blockType}`).nth(n);
}

export async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The block is not on screen');
  return box;
}

/** Types into a block's text field: click it, replace the text, Enter. */
export async function setBlockText(page: Page, block: Locator, text: string) {
  await block.locator('.blocklyEditableField').first().click();
  const input = page.locator('.blocklyHtmlInput');
  await expect(input).toBeVisible();
  await input.fill(text);
  await input.press('Enter');
}
