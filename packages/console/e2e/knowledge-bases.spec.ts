import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('a developer builds a knowledge base, uploads documents and tries retrieval', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('kb'));
  const appId = await createApp(page, 'Knowledge Journey');

  await page.goto(`/apps/${appId}/knowledge-bases`);
  // The journey server has no AI provider: the page says so, and knowledge bases still work.
  await expect(page.getByTestId('ai-off')).toBeVisible();
  await page.getByRole('button', { name: 'Create your first knowledge base' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Shop policies');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Shop policies' })).toBeVisible();

  // Two documents at once, then one the server refuses: nothing of it is stored and it says why.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload documents' }).click();
  await (
    await chooser
  ).setFiles([
    {
      name: 'refunds.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('Refunds are paid within 14 days of the return.'),
    },
    { name: 'hours.txt', mimeType: 'text/plain', buffer: Buffer.from('The shop is open from nine to five.') },
  ]);
  const docs = page.getByRole('table', { name: 'Documents' });
  await expect(docs.getByRole('row')).toHaveCount(3);
  const refused = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload documents' }).click();
  await (await refused).setFiles([{ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') }]);
  await expect(page.getByText("'scan.pdf' is not a document a knowledge base reads")).toBeVisible();
  await expect(docs.getByRole('row')).toHaveCount(3);

  await page.getByLabel('Question').fill('how many days for a refund');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const passages = page.getByTestId('passages');
  await expect(passages).toContainText('refunds.md · passage 1');
  await expect(passages).toContainText('Refunds are paid within 14 days');
  await page.screenshot({ path: `${SHOTS}/knowledge-bases.png`, fullPage: true });

  // Deleting a document asks first; the base then lists one.
  await page.getByRole('button', { name: 'Delete hours.txt' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete document' }).click();
  await expect(docs.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('navigation', { name: 'Knowledge bases' })).toContainText('1 document');
});
