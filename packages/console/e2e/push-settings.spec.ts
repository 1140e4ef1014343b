import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

test('a developer enters push credentials, sees them masked, replaces and deletes them, and retries a waiting delivery', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('push-settings'));
  const appId = await createApp(page, 'Push Settings Journey');
  const restKey = ((await page.locator('tr[data-device="REST"] .mono').last().textContent()) ?? '').trim();

  // A push to an Android device before any credentials: it waits in the outbox, and Retry says why it cannot go.
  expect(
    (
      await page.request.post(`/${appId}/${restKey}/messaging/registrations`, {
        data: { deviceId: 'pixel-8', deviceToken: 'tok-1', os: 'ANDROID', channels: ['default'] },
      })
    ).ok(),
  ).toBe(true);
  const authKey = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  expect(
    (
      await page.request.post(`/${appId}/console/messaging/push`, {
        headers: { 'auth-key': authKey },
        data: { channelName: 'default', message: 'Hello' },
      })
    ).ok(),
  ).toBe(true);
  await page.getByRole('link', { name: 'Messaging', exact: true }).click();
  // Messaging opens its first channel; wait for that before switching tabs, or the redirect wins.
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/messaging/channels/default$`));
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await expect(page.getByRole('table', { name: 'Push deliveries' }).getByText('Waiting for credentials')).toBeVisible();
  await page.getByRole('button', { name: 'Retry delivery to pixel-8' }).click();
  await expect(page.getByText(/FCM credentials are not configured/)).toBeVisible();
  await page.screenshot({ path: '/tmp/ms-outbox.png' });

  await page.getByRole('link', { name: 'Push credentials' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/settings/mobile$`));
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mobile' })).toHaveAttribute('aria-selected', 'true');
  // Settings is built: the sidebar does not call it unavailable, and its tabs lead to their sections.
  await expect(
    page.getByRole('navigation', { name: 'App areas' }).getByRole('link', { name: 'Settings', exact: true }),
  ).not.toContainText('not available yet');
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByRole('region', { name: 'App identity' })).toBeVisible();
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await page.screenshot({ path: '/tmp/ms-mobile-empty.png', fullPage: true });

  // FCM: a broken file is refused under the field, the real one is stored and shown masked.
  const fcm = page.getByRole('region', { name: 'Android (FCM)' });
  await fcm.getByLabel('Service account JSON').fill('{"type": "service_account", "project_id": "demo"');
  await fcm.getByRole('button', { name: 'Save credentials' }).click();
  await expect(fcm.getByText(/not valid JSON/)).toBeVisible();
  const rsa = crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  await fcm.getByLabel('Service account JSON').fill(
    JSON.stringify({
      type: 'service_account',
      project_id: 'demo-project',
      client_email: 'push@demo-project.iam.gserviceaccount.com',
      private_key: rsa,
    }),
  );
  await fcm.getByRole('button', { name: 'Save credentials' }).click();
  await expect(fcm.getByText('Configured', { exact: true })).toBeVisible();
  const stored = fcm.getByRole('table', { name: 'Stored FCM credentials' });
  await expect(stored).toContainText('demo-project');
  await expect(stored).toContainText(/•+ \(\d+ characters\)/);
  await expect(stored).not.toContainText('BEGIN PRIVATE KEY');

  // APNs: fields checked by the server, the key kept when a replacement leaves it empty.
  const apns = page.getByRole('region', { name: 'Apple (APNs)' });
  await apns.getByLabel('Key ID').fill('ABC123DEFG');
  await apns.getByLabel('Team ID').fill('TEAM123456');
  await apns.getByLabel('Bundle ID').fill('com.example.app');
  await apns.getByLabel('Auth key (.p8)').fill('not a key');
  await apns.getByRole('button', { name: 'Save credentials' }).click();
  await expect(apns.getByText(/not a PEM private key/)).toBeVisible();
  const ec = crypto
    .generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  await apns.getByLabel('Auth key (.p8)').fill(ec);
  await apns.getByRole('button', { name: 'Save credentials' }).click();
  await expect(apns.getByRole('table', { name: 'Stored APNs credentials' })).toContainText('Sandbox');
  await apns.getByRole('button', { name: 'Replace' }).click();
  await apns.getByText('Production', { exact: true }).click();
  await apns.getByRole('button', { name: 'Replace credentials' }).click();
  await expect(apns.getByRole('table', { name: 'Stored APNs credentials' })).toContainText('Production');
  await page.screenshot({ path: '/tmp/ms-mobile-configured.png', fullPage: true });

  // Delete asks first.
  await fcm.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the FCM credentials?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete credentials' }).click();
  await expect(fcm.getByText('Not configured', { exact: true })).toBeVisible();
});

test('a developer manages button templates per platform', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('buttons'));
  const appId = await createApp(page, 'Button Templates Journey');
  await page.goto(`/apps/${appId}/messaging/buttons`);
  await expect(page.getByText(/No iOS button template yet/)).toBeVisible();
  await page.screenshot({ path: '/tmp/ms-buttons-empty.png' });

  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create template' }).click();
  await expect(dialog.getByText('Give the template a name')).toBeVisible();
  await dialog.getByLabel('Template name').fill('order-actions');
  await dialog.getByLabel('Button 1 title').fill('Track');
  await dialog.getByRole('button', { name: 'Add button' }).click();
  await dialog.getByLabel('Button 2 id').fill('cancel');
  await dialog.getByLabel('Button 2 title').fill('Cancel order');
  await dialog.getByRole('checkbox', { name: 'Opens the app' }).nth(1).uncheck();
  await page.screenshot({ path: '/tmp/ms-buttons-modal.png' });
  await dialog.getByRole('button', { name: 'Create template' }).click();
  const table = page.getByRole('table', { name: 'Button templates' });
  await expect(table.getByText('order-actions')).toBeVisible();
  await expect(table.getByText('Cancel order')).toBeVisible();

  // Templates are per platform: Android has none yet.
  await page.getByText('Android', { exact: true }).click();
  await expect(page).toHaveURL(/platform=ANDROID/);
  await expect(page.getByText(/No Android button template yet/)).toBeVisible();
  await page.getByText('iOS', { exact: true }).click();

  await page.getByRole('button', { name: 'Edit order-actions' }).click();
  await page.getByRole('dialog').getByLabel('Button 1 title').fill('Track parcel');
  await page.getByRole('dialog').getByRole('button', { name: 'Save template' }).click();
  await expect(table.getByText('Track parcel')).toBeVisible();
  await page.screenshot({ path: '/tmp/ms-buttons-list.png' });

  await page.getByRole('button', { name: 'Delete order-actions' }).click();
  await page
    .getByRole('dialog', { name: /Delete the button template order-actions/ })
    .getByRole('button', { name: 'Delete template' })
    .click();
  await expect(page.getByText(/No iOS button template yet/)).toBeVisible();
});

test('a developer stores the Google Play purchase-check account, sees it masked and deletes it', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('google-play'));
  const appId = await createApp(page, 'Google Play Journey');
  await page.goto(`/apps/${appId}/settings/mobile`);
  const rsa = crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  // Google Play purchase checks: the same kind of service-account file, stored masked, deleted after a confirmation.
  const play = page.getByRole('region', { name: 'Google Play purchases' });
  await play.getByLabel('Service account JSON').fill(
    JSON.stringify({
      type: 'service_account',
      client_email: 'play@demo-project.iam.gserviceaccount.com',
      private_key: 'nope',
    }),
  );
  await play.getByRole('button', { name: 'Save account' }).click();
  await expect(play.getByText(/not a PEM private key/)).toBeVisible();
  await play.getByLabel('Service account JSON').fill(
    JSON.stringify({
      type: 'service_account',
      client_email: 'play@demo-project.iam.gserviceaccount.com',
      private_key: rsa,
    }),
  );
  await play.getByRole('button', { name: 'Save account' }).click();
  const playStored = play.getByRole('table', { name: 'Stored Google Play credentials' });
  await expect(playStored).toContainText('play@demo-project.iam.gserviceaccount.com');
  await expect(playStored).not.toContainText('BEGIN PRIVATE KEY');
  await play.screenshot({ path: '/tmp/ms-google-play.png' });
  await play.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the Google Play credentials?' })
    .getByRole('button', { name: 'Delete credentials' })
    .click();
  await expect(play.getByText('Not configured', { exact: true })).toBeVisible();
});
