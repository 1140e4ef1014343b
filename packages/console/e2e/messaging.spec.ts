import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

test('a developer watches a channel live while the console and an app publish to it, then pushes to its devices', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('messaging'));
  const appId = await createApp(page, 'Messaging Journey');
  // The JS key from the overview, as an app developer would copy it.
  const jsKey = ((await page.locator('tr[data-device="JS"] .mono').last().textContent()) ?? '').trim();
  expect(jsKey).toMatch(/^[0-9A-F-]{20,}$/);

  await page.getByRole('link', { name: 'Messaging', exact: true }).click();
  // Every app starts with the `default` channel, which opens by itself.
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/messaging/channels/default$`));

  // Create a channel: the console opens its live inspector.
  await page.getByRole('button', { name: 'New channel' }).click();
  await page.getByLabel('Channel name').fill('bad name!');
  await page.getByRole('button', { name: 'Create channel' }).click();
  await expect(page.getByText('Use letters, digits, _, . and -; start with a letter or digit')).toBeVisible();
  await page.getByLabel('Channel name').fill('orders');
  await page.getByRole('button', { name: 'Create channel' }).click();
  await expect(page).toHaveURL(new RegExp(`/messaging/channels/orders$`));
  await expect(page.getByLabel('Inspector Live')).toBeVisible();
  await page.screenshot({ path: '/tmp/messaging-inspector-empty-light.png' });

  // The publish form refuses text that is not JSON, then sends real JSON.
  const form = page.getByRole('region', { name: 'Publish test message' });
  const message = form.getByLabel('Message (JSON)');
  await message.fill('hello there');
  await message.blur();
  await expect(form.getByText(/Not valid JSON/)).toBeVisible();
  await message.fill('{"text": "from the form"}');
  await form.getByRole('button', { name: 'Publish' }).click();
  const stream = page.getByRole('log', { name: 'Live messages' });
  await expect(stream.getByRole('button', { name: /from the form/ })).toBeVisible();

  // An app publishes through the app API with its JS key: the message arrives live too.
  const published = await page.request.post(`/${appId}/${jsKey}/messaging/orders`, {
    data: { message: { text: 'from the app' }, publisherId: 'backend', headers: { city: 'Paris' } },
  });
  expect(published.ok()).toBe(true);
  await expect(stream.getByRole('button', { name: /from the app/ })).toBeVisible();
  await expect(page.getByText('2 messages received')).toBeVisible();
  await stream.getByRole('button', { name: /from the app/ }).click();
  const detail = page.getByRole('region', { name: 'Message detail' });
  await expect(detail).toContainText('"publisherId": "backend"');
  await expect(detail).toContainText('"city": "Paris"');
  await page.screenshot({ path: '/tmp/messaging-inspector-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: '/tmp/messaging-inspector-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });

  // Pause: nothing new shows while paused.
  await page.getByRole('switch', { name: 'Listen' }).click();
  await expect(page.getByLabel('Inspector Paused')).toBeVisible();

  // History keeps both messages.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/messaging\/channels\/orders\/history$/);
  await expect(page.getByText('2 messages', { exact: true })).toBeVisible();

  // A device registers from the app; it is listed, and a push reaches it through the outbox.
  const registered = await page.request.post(`/${appId}/${jsKey}/messaging/registrations`, {
    data: { deviceId: 'pixel-7', deviceToken: 'token-abcdefghijklmnopqrstuvwxyz', os: 'ANDROID', channels: ['orders'] },
  });
  expect(registered.ok()).toBe(true);
  await page.getByRole('tab', { name: 'Devices' }).click();
  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'orders' }).click();
  await expect(page).toHaveURL(/\/messaging\/devices\?channel=orders$/);
  await expect(page.getByRole('table', { name: 'Devices' }).getByText('pixel-7')).toBeVisible();

  await page.getByRole('tab', { name: 'Push' }).click();
  await page.getByLabel('Template name').fill('order-shipped');
  await page.getByLabel('Title').fill('Your order shipped');
  await page.getByLabel('Message', { exact: true }).fill('It arrives tomorrow.');
  await page.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'orders' }).click();
  await expect(page.getByTestId('push-recipients')).toHaveText('1 recipient');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page).toHaveURL(/\/messaging\/push\/order-shipped$/);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/messaging-push-light.png' });
  await page.getByRole('button', { name: 'Send now' }).click();
  const send = page.getByRole('dialog', { name: 'Send this push to 1 device?' });
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/Push sent to 1 device; 1 waits in the outbox/)).toBeVisible();

  await page.getByRole('tab', { name: 'Outbox' }).click();
  await expect(page.getByRole('table', { name: 'Push deliveries' }).getByText('Waiting for credentials')).toBeVisible();
  await page.screenshot({ path: '/tmp/messaging-outbox-light.png' });

  // Rename and delete the channel, each confirmed.
  await page.getByRole('tab', { name: 'Channels' }).click();
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('link', { name: 'orders' }).click();
  await page.getByRole('button', { name: 'Actions for channel orders' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByLabel('Channel name').fill('shipments');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(page).toHaveURL(/\/messaging\/channels\/shipments$/);
  await page.getByRole('button', { name: 'Actions for channel shipments' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete channel shipments?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete channel' }).click();
  await expect(page).toHaveURL(/\/messaging\/channels\/default$/);
  await expect(page.getByRole('navigation', { name: 'Channels' }).getByRole('link')).toHaveCount(1);
});
