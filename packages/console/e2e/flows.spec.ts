import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { newTable } from './grid';

type Scope = ReturnType<Page['getByRole']>;

/** A field by its whole label; a required field's label ends in the asterisk. */
function field(scope: Scope, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** Picks an option of a labelled Mantine select inside `scope`. */
async function choose(page: Page, scope: Scope, label: string, option: string) {
  await field(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('draw the Order flow on the canvas, enable it, create a record and see the path its instance took', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('flows'));
  const appId = await createApp(page, 'Flows journey');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Order', [
    ['total', 'Integer'],
    ['status', 'String'],
  ]);

  // The empty list offers to create the first flow.
  await page.goto(`/apps/${appId}/flows`);
  await expect(page.getByText('No flows yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create flow' }).first().click();
  await page.getByLabel('Flow name').fill('Order sizes');
  await page.getByRole('dialog').getByRole('button', { name: 'Create flow' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/flows/[^/]+/[^/]+$`));
  const editorUrl = page.url();

  // Every element comes from the palette by keyboard; each opens in the inspector.
  const inspector = page.getByRole('region', { name: 'Inspector' });
  const palette = page.getByRole('region', { name: 'Element palette' });
  await palette.getByRole('button', { name: 'Add Data event' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('flow-node-data')).toBeVisible();
  await field(inspector, 'Table').fill('Order');
  await expect(inspector.getByRole('checkbox', { name: 'created' })).toBeChecked();

  await palette.getByRole('button', { name: 'Add Condition' }).click();
  await field(inspector, 'Element name').fill('Is big');
  await field(inspector, 'Value').fill('{{ $trigger.total }}');
  await choose(page, inspector, 'Operator', '>');
  await field(inspector, 'Compared with').fill('100');

  for (const [name, status] of [
    ['Mark big', 'big'],
    ['Mark small', 'small'],
  ]) {
    await page.getByTestId('flow-node-condition').click();
    await palette.getByRole('button', { name: 'Add Update record' }).click();
    await field(inspector, 'Element name').fill(name);
    await field(inspector, 'Table').fill('Order');
    const changes = field(inspector, 'Changes (JSON)');
    await changes.fill(`{"status": "${status}"}`);
    await changes.blur();
  }

  // Connect without dragging: each port's next element is chosen in the inspector.
  await page.getByTestId('flow-node-data').click();
  await choose(page, inspector, 'Next step', 'Is big');
  await page.getByTestId('flow-node-condition').click();
  await choose(page, inspector, 'Next on yes', 'Mark big');
  await choose(page, inspector, 'Next on no', 'Mark small');
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);

  // Mod+D duplicates the selected element; Mod+Z takes it back.
  await page.getByTestId('flow-node-updaterecord').click();
  await page.keyboard.press('ControlOrMeta+d');
  await expect(page.getByTestId('flow-node-updaterecord-3')).toBeVisible();
  await expect(field(inspector, 'Element name')).toHaveValue('Mark big 2');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.getByTestId('flow-node-updaterecord-3')).toHaveCount(0);

  // Mod+S saves; the server judges the flow READY.
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByTestId('version-status')).toContainText('READY');
  await expect(page.getByRole('region', { name: 'Problems' })).toContainText('No problems');
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.screenshot({ path: '/tmp/flows-editor.png' });

  // Positions were saved with the version: a reload draws the same canvas.
  await page.reload();
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);
  await expect(page.getByTestId('flow-node-updaterecord-2')).toBeVisible();

  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId('version-status')).toContainText('LIVE');
  await expect(page.getByRole('button', { name: 'Create new version to edit' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Element palette' }).getByRole('button').first()).toBeDisabled();

  // The list shows the flow LIVE.
  await page.goto(`/apps/${appId}/flows`);
  const card = page.getByRole('region', { name: 'Flow Order sizes' });
  await expect(card.getByText('LIVE', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/flows-list.png' });

  // A record created in the data browser starts one instance.
  await page.goto(`/apps/${appId}/data/Order`);
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  const panel = page.getByRole('dialog', { name: /New .* record/ });
  await panel.getByLabel('total', { exact: true }).fill('150');
  await panel.getByRole('button', { name: 'Create record' }).click();
  await expect(page).toHaveURL(/record=[0-9A-F-]{36}/);

  await page.goto(editorUrl);
  await page.getByRole('link', { name: 'Instances' }).click();
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByText('COMPLETED')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('instances-total')).toHaveText('1 instance');
  // The status filter lives in the URL.
  const statusFilter = page.getByRole('combobox', { name: 'Status' });
  await statusFilter.click();
  await page.getByRole('option', { name: 'FAILED', exact: true }).click();
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(table.getByText('No FAILED instances.')).toBeVisible();
  await statusFilter.click();
  await page.getByRole('option', { name: 'COMPLETED', exact: true }).click();
  await table.getByRole('link').first().click();

  // The path taken: trigger → condition → the yes branch; the no branch never ran.
  await expect(page.getByTestId('flow-node-data')).toHaveAttribute('data-step', 'SUCCEEDED');
  await expect(page.getByTestId('flow-node-condition')).toHaveAttribute('data-step', 'SUCCEEDED');
  await expect(page.getByTestId('flow-node-updaterecord')).toHaveAttribute('data-step', 'SUCCEEDED');
  await expect(page.getByTestId('flow-node-updaterecord-2')).toHaveAttribute('data-step', 'NOT_RUN');
  const path = page.getByRole('navigation', { name: 'Path taken' });
  await expect(path.getByRole('button')).toHaveText(['Data event', 'Is big', 'Mark big']);
  await path.getByRole('button', { name: 'Mark big' }).click();
  const details = page.getByRole('region', { name: 'Step details' });
  await expect(details.getByLabel('Output')).toContainText('"status": "big"');
  await expect(details.getByRole('table', { name: 'Attempts' })).toContainText('SUCCEEDED');
  await page.screenshot({ path: '/tmp/flows-instance.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: '/tmp/flows-instance-dark.png' });
  await page.goto(editorUrl);
  await page.getByTestId('flow-node-condition').click();
  await page.screenshot({ path: '/tmp/flows-editor-live-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });
});

test('manage flows from the list: import, invalid with its problems, lifecycle, clone, export, delete', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('flows-list'));
  const appId = await createApp(page, 'Flows list journey');
  await page.goto(`/apps/${appId}/flows`);
  await expect(page.getByText('No flows yet')).toBeVisible();

  const importFile = async (button: ReturnType<Page['getByRole']>, data: unknown) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
    await chooser.setFiles({
      name: 'flow.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(data)),
    });
  };
  const pings = {
    format: 'basalt.flow',
    formatVersion: 1,
    name: 'Pings',
    description: 'Logs each call',
    elements: [
      { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
      { id: 'say', name: 'Say', type: 'action.log', config: { level: 'INFO', message: 'ping {{ $trigger.n }}' } },
    ],
    transitions: [{ from: 'start', to: 'say', port: 'out' }],
    schedule: null,
  };
  // An import opens the new flow's editor; back on the list it is READY.
  await importFile(page.getByRole('button', { name: 'Import flow' }), pings);
  await expect(page.getByTestId('version-status')).toContainText('READY');
  await page.goto(`/apps/${appId}/flows`);

  // A broken definition imports as INVALID; hovering lists its problems, the editor points at them.
  await importFile(page.getByRole('button', { name: 'Import flow' }), {
    ...pings,
    name: 'Broken',
    elements: [pings.elements[0], { ...pings.elements[1], config: { level: 'LOUD', message: 'x' } }],
  });
  await expect(page.getByTestId('version-status')).toContainText('INVALID');
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems).toContainText('1 problem');
  await problems.getByRole('button', { name: /Say/ }).click();
  await expect(page.getByRole('region', { name: 'Inspector' }).getByRole('alert')).toContainText(
    "'level' must be one of",
  );
  await page.goto(`/apps/${appId}/flows`);
  const broken = page.getByRole('region', { name: 'Flow Broken' });
  await broken.getByText('INVALID', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toContainText("'level' must be one of");
  await expect(broken.getByRole('button', { name: 'Enable v1' })).toBeDisabled();

  // Enable, terminate (confirmed), clone.
  const card = page.getByRole('region', { name: 'Flow Pings' });
  await card.getByRole('button', { name: 'Enable v1' }).click();
  await expect(card.getByText('LIVE', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'More actions for v1' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete version…' })).toBeDisabled();
  await page.getByRole('menuitem', { name: 'Terminate…' }).click();
  await page
    .getByRole('dialog', { name: /Terminate Pings v1/ })
    .getByRole('button', { name: 'Terminate' })
    .click();
  await expect(card.getByText('READY', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'More actions for v1' }).click();
  await page.getByRole('menuitem', { name: 'New version from this one' }).click();
  await expect(card.locator('tr[data-version="2"]')).toBeVisible();

  // Export v2: the download is the server's export.
  await card.getByRole('button', { name: 'More actions for v2' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Pings-v2.json');
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as typeof pings;
  expect(exported).toMatchObject({ format: 'basalt.flow', name: 'Pings', description: 'Logs each call' });
  expect(exported.elements.map((e) => e.id)).toEqual(['start', 'say']);

  // Delete v2 (confirmed), import it back as the flow's next version.
  await card.getByRole('button', { name: 'More actions for v2' }).click();
  await page.getByRole('menuitem', { name: 'Delete version…' }).click();
  await page
    .getByRole('dialog', { name: /Delete Pings v2/ })
    .getByRole('button', { name: 'Delete version' })
    .click();
  await expect(card.locator('tr[data-version="2"]')).toHaveCount(0);
  await importFile(card.getByRole('button', { name: 'Import version' }), exported);
  await expect(card.locator('tr[data-version="2"]')).toBeVisible();
  await page.screenshot({ path: '/tmp/flows-list-versions.png' });

  // Deleting a flow asks for its name.
  await card.getByRole('button', { name: 'Delete flow Pings' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete flow Pings?' });
  await expect(confirm.getByRole('button', { name: 'Delete flow' })).toBeDisabled();
  await confirm.getByLabel('Type the flow name to confirm').fill('Pings');
  await confirm.getByRole('button', { name: 'Delete flow' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Flow Broken' })).toBeVisible();
});
