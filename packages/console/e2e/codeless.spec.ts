import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { boxOf, canvasBlock, dragBlock, dragFromToolbox, setBlockText } from './codeless-blocks';

/** The Blockly chunk loads on first use; on a busy machine that can take a while. */
async function waitForCanvas(page: Page) {
  await expect(page.getByRole('region', { name: /^Blocks of / })).toBeVisible({ timeout: 30_000 });
  await expect(canvasBlock(page, 'basalt_entry')).toBeVisible({ timeout: 30_000 });
}

/**
 * `return a + b` under the entry block, built with the mouse from the toolbox. The sum is filled
 * while it stands alone, then put into the return: dropped near a filled input, Blockly may take
 * the outer input instead of the inner one.
 */
async function buildSum(page: Page) {
  const preview = page.getByRole('region', { name: 'Generated code' });
  const code = preview.getByTestId('codeless-preview');
  const entry = await boxOf(canvasBlock(page, 'basalt_entry'));
  await dragFromToolbox(page, 'Logic', 'basalt_return', { x: entry.x + 16, y: entry.y + 30 });
  await expect(code).toContainText('return;');

  await dragFromToolbox(page, 'Math', 'math_arithmetic', { x: entry.x + 40, y: entry.y + 160 });
  await expect(canvasBlock(page, 'math_arithmetic')).toBeVisible();
  for (const [i, name] of ['a', 'b'].entries()) {
    // The first number shadow left in the sum is where the parameter block goes.
    const slot = await boxOf(canvasBlock(page, 'math_arithmetic').locator('g.math_number').first());
    await dragFromToolbox(page, 'Context', 'basalt_context_param', { x: slot.x, y: slot.y });
    await expect(canvasBlock(page, 'basalt_context_param', i)).toBeVisible();
    await setBlockText(page, canvasBlock(page, 'basalt_context_param', i), name);
  }
  await expect(canvasBlock(page, 'math_arithmetic').locator('g.math_number')).toHaveCount(0);

  // Held by its operator, the sum goes into the return's value input.
  const sum = canvasBlock(page, 'math_arithmetic');
  const ret = await boxOf(canvasBlock(page, 'basalt_return'));
  await dragBlock(page, sum, { x: ret.x + ret.width - 6, y: ret.y }, sum.locator('.blocklyDropdownField').first());
  await expect(code).toContainText(/"a"\)? \+ .*"b"/);
  await expect(preview.getByRole('alert')).toHaveCount(0);
}

test('build a codeless service method from blocks, preview its code, deploy it and invoke it', async ({ page }) => {
  test.setTimeout(240_000);
  await registerThroughUi(page, uniqueEmail('codeless'));
  const appId = await createApp(page, 'Codeless journey');

  // The Codeless tab opens on services; an empty app says what a codeless service is.
  await page.goto(`/apps/${appId}/code`);
  await page.getByRole('tab', { name: 'Codeless' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/code/codeless/services$`));
  await expect(page.getByRole('heading', { name: 'No codeless services yet' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/codeless-services-empty.png' });

  await page.getByRole('button', { name: 'New codeless service' }).click();
  await page.getByLabel('Service name').fill('Calc');
  await page.screenshot({ path: '/tmp/shots/codeless-new-service.png' });
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByRole('heading', { name: 'Calc' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('This service has no methods yet.')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/codeless-service.png' });

  // A method sum(a, b): a bad parameter name is refused before anything is sent.
  await page.getByRole('button', { name: 'Add method' }).click();
  const dialog = page.getByRole('dialog', { name: 'New method of Calc' });
  await dialog.getByLabel('Method name').fill('sum');
  await dialog.getByRole('button', { name: 'Add parameter' }).click();
  await dialog.getByLabel('Parameter 1 name').fill('1a');
  await dialog.getByRole('button', { name: 'Add parameter' }).click();
  await dialog.getByLabel('Parameter 2 name').fill('b');
  await dialog.getByRole('button', { name: 'Add method' }).click();
  await expect(dialog.getByText('Letters, digits and _; start with a letter or _')).toBeVisible();
  await dialog.getByLabel('Parameter 1 name').fill('a');
  await page.screenshot({ path: '/tmp/shots/codeless-new-method.png' });
  await dialog.getByRole('button', { name: 'Add method' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'sum(a, b)' })).toBeVisible();
  await waitForCanvas(page);
  // The breadcrumbs read the service and the method by name, not by id.
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(/Calc\s*›\s*sum$/);
  await page.screenshot({ path: '/tmp/shots/codeless-method-empty.png' });

  await buildSum(page);
  await expect(page.getByText('Changed, not deployed')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/codeless-method-built.png' });

  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(page.getByText('Deployed Calc.sum')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Changed, not deployed')).toBeHidden();

  // The invoke panel calls the app API as a client would: 2 + 3.
  const panel = page.getByRole('region', { name: 'Invoke sum' });
  await panel.getByLabel('a', { exact: true }).fill('2');
  await panel.getByLabel('b', { exact: true }).fill('3');
  await panel.getByRole('button', { name: 'Invoke' }).click();
  await expect(panel.getByTestId('invoke-result')).toHaveText('5', { timeout: 30_000 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/codeless-invoke.png' });

  // Reloading shows the deployed blocks again, and the method is listed under its service.
  await page.reload();
  await waitForCanvas(page);
  await expect(page.getByTestId('codeless-preview')).toContainText('+');
  await expect(
    page.getByRole('navigation', { name: 'Codeless services' }).getByRole('link', { name: /sum/ }),
  ).toBeVisible();
});

test('functions library: create a function, rename it, and delete it after confirming', async ({ page }) => {
  test.setTimeout(180_000);
  await registerThroughUi(page, uniqueEmail('codeless-fn'));
  const appId = await createApp(page, 'Codeless functions');

  await page.goto(`/apps/${appId}/code/codeless/functions`);
  await expect(page.getByRole('heading', { name: 'No functions yet' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/codeless-functions-empty.png' });

  await page.getByRole('button', { name: 'New function' }).click();
  let dialog = page.getByRole('dialog', { name: 'New function' });
  await dialog.getByLabel('Function name').fill('double');
  await dialog.getByRole('button', { name: 'Add input' }).click();
  await dialog.getByLabel('Input 1 name').fill('n');
  await dialog.getByRole('button', { name: 'Create function' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'double(n)' })).toBeVisible();
  await waitForCanvas(page);
  await page.screenshot({ path: '/tmp/shots/codeless-function.png' });

  // Rename: the list and the heading follow.
  await page.getByRole('button', { name: 'Rename' }).click();
  dialog = page.getByRole('dialog', { name: 'Rename double' });
  await dialog.getByLabel('Function name').fill('twice');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'twice(n)' })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Functions' });
  await expect(list.getByRole('link', { name: /twice/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /double/ })).toHaveCount(0);

  // Delete asks first; Cancel keeps it, the red button deletes it.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Delete function twice?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Past the dialog's 150 ms opening transition, so the picture shows it as the developer sees it.
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/shots/codeless-function-delete.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('link', { name: /twice/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete function' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/code/codeless/functions$`));
  await expect(page.getByRole('heading', { name: 'No functions yet' })).toBeVisible();
});
