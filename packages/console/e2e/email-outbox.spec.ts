import { expect, test as base } from '@playwright/test';
import { freePort, startSmtp } from '../../server/src/modules/email/test/smtp.test-helpers';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { startServer, type RunningServer } from './server';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

// A server of its own on which a mail fails for good after two attempts, 200 ms apart (the
// defaults, eight attempts over hours, would keep it waiting for the whole run).
const test = base.extend<object, { mailServer: RunningServer }>({
  mailServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startServer({ env: { BASALT_EMAIL_RETRY_MS: '200', BASALT_EMAIL_MAX_ATTEMPTS: '2' } });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ mailServer }, use) => {
    await use(mailServer.url);
  },
});

test('a mail the SMTP server refused shows in the outbox, is retried into a working server, and another is discarded', async ({
  page,
  request,
}) => {
  await registerThroughUi(page, uniqueEmail('outbox'));
  const appId = await createApp(page, 'Outbox Journey');
  const blRow = page.getByRole('table', { name: 'API keys' }).locator('tr[data-device="BL"]');
  const blKey = (await blRow.innerText()).match(/[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}/i)![0];

  // SMTP pointed at a port nothing listens on (yet).
  const port = await freePort();
  await page.goto(`/apps/${appId}/settings/smtp`);
  const smtp = page.getByRole('region', { name: 'SMTP server' });
  await smtp.getByLabel('Host').fill('127.0.0.1');
  await smtp.getByLabel('Port').fill(String(port));
  await smtp.getByLabel('From address').fill('app@example.com');
  await smtp.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('SMTP settings saved')).toBeVisible();

  // The app sends two mails through its API; both fail for good after their two attempts.
  for (const subject of ['Invoice 7', 'Reminder 3']) {
    const sent = await request.post(`/${appId}/${blKey}/messaging/email`, {
      data: { subject, bodyparts: { textmessage: `Body of ${subject}` }, to: ['reader@example.com'] },
    });
    expect(sent.status()).toBe(200);
  }
  await page.goto(`/apps/${appId}/settings/email`);
  const outbox = page.getByRole('region', { name: 'Outbox' });
  const invoice = outbox.getByRole('row').filter({ hasText: 'Invoice 7' });
  const reminder = outbox.getByRole('row').filter({ hasText: 'Reminder 3' });
  await expect(async () => {
    await page.reload();
    // A reload asks the outbox again; the wait after it covers a slow first paint on a busy machine.
    await expect(invoice).toContainText('failed', { timeout: 5_000 });
    await expect(reminder).toContainText('failed', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(invoice).toContainText(`port ${port}`);
  await page.screenshot({ path: `${SHOTS}/email-outbox-failed.png`, fullPage: true });

  // The SMTP server comes up; Retry now delivers the invoice.
  const server = await startSmtp(port);
  try {
    await invoice.getByRole('button', { name: 'Retry mail Invoice 7 now' }).click();
    await expect(invoice).toContainText('sent');
    await server.waitFor(/Subject: Invoice 7/);
    await expect(invoice.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  } finally {
    await server.close();
  }

  // Discard asks first, then the failed reminder is gone for good.
  await reminder.getByRole('button', { name: 'Discard mail Reminder 3' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard the mail “Reminder 3”?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Discard mail' }).click();
  await expect(confirm).toBeHidden();
  await expect(reminder).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/email-outbox-done.png`, fullPage: true });
});
