import { test as base, expect } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { startServer, type RunningServer } from './server';
import { startReceiver, type Receiver } from '../../server/src/modules/webhooks/test/receiver.test-helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

/**
 * A real local receiver and a server of its own that may call it (private addresses allowed, quick
 * retries), so a failed first attempt shows in the log and the retry lands while the journey watches.
 */
const test = base.extend<object, { receiver: Receiver; hookServer: RunningServer }>({
  receiver: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const r = await startReceiver();
      try {
        await use(r);
      } finally {
        await r.close();
      }
    },
    { scope: 'worker' },
  ],
  hookServer: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      const server = await startServer({
        env: { BASALT_REMOTE_FETCH_PRIVATE: 'true', BASALT_WEBHOOK_RETRY_MS: '500' },
      });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ hookServer }, use) => {
    await use(hookServer.url);
  },
});

test('a developer adds a webhook, sends a test, and sees a retried delivery in its log', async ({ page, receiver }) => {
  await registerThroughUi(page, uniqueEmail('hooks'));
  const appId = await createApp(page, 'Webhook Journey');

  await page.goto(`/apps/${appId}/webhooks`);
  await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'New webhook' });
  // Required fields are named before anything is sent.
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(dialog.getByText('Choose at least one event')).toBeVisible();

  await dialog.getByLabel('Name').fill('Order feed');
  await dialog.getByLabel('Receiver URL').fill(receiver.url);
  await dialog.getByLabel('Secret').fill('journey secret');
  await dialog.getByTestId('webhook-events').click();
  await page.getByRole('option', { name: /users\.registered/ }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(dialog).toBeHidden();

  const hooks = page.getByRole('table', { name: 'Webhooks' });
  await expect(hooks).toContainText('Order feed');
  await expect(hooks).toContainText('users.registered');

  // The receiver fails the first attempt: the log shows 500, then the retry's 200 under the same delivery.
  receiver.failNext(1);
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(/The test was not delivered/)).toBeVisible();
  const log = page.getByTestId('delivery-log');
  await expect(log).toContainText('webhook.test');
  await expect(log.getByTestId('attempt-status')).toHaveText(['500', '200'], { timeout: 20_000 });
  await expect(log).toContainText('delivered');
  expect(receiver.got).toHaveLength(2);
  expect(receiver.got[0].headers['x-basalt-delivery']).toBe(receiver.got[1].headers['x-basalt-delivery']);
  await page.screenshot({ path: `${SHOTS}/webhooks.png`, fullPage: true });

  // Edit: the secret stays masked and kept.
  await page.getByRole('button', { name: 'Actions of Order feed' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Order feed' });
  await expect(edit.getByLabel('Secret')).toHaveValue('********');
  await edit.getByLabel('Filter').fill('objectId is not null');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  // Delete asks first.
  await page.getByRole('button', { name: 'Actions of Order feed' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete webhook' }).click();
  await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();

  // Integrations: a Slack hook whose URL never comes back.
  await page.goto(`/apps/${appId}/integrations`);
  await page.getByRole('button', { name: 'Add an integration' }).click();
  const add = page.getByRole('dialog', { name: 'New integration' });
  await add.getByLabel('Name').fill('ops');
  await add.getByLabel('Incoming webhook URL').fill(`${receiver.url}/slack`);
  await add.getByLabel('Channel').fill('#ops');
  await add.getByRole('button', { name: 'Save' }).click();
  const table = page.getByRole('table', { name: 'Integrations' });
  await expect(table).toContainText('webhookUrl: ********');
  await expect(table).toContainText('#ops');
  await page.screenshot({ path: `${SHOTS}/integrations.png`, fullPage: true });
});
