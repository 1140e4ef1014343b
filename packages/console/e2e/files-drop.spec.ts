import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

test('files dropped on the listing upload into the open folder', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('drop'));
  const appId = await createApp(page, 'Drop Journey');
  await page.goto(`/apps/${appId}/files`);
  const target = page.getByRole('heading', { name: 'No files yet' });
  await expect(target).toBeVisible();

  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['dropped text'], 'dropped.txt', { type: 'text/plain' }));
    return dt;
  });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await expect(page.getByText('Drop to upload into /')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Drop to upload into /')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Uploads' }).getByText('1 of 1 file uploaded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'dropped.txt', exact: true })).toBeVisible();
});
