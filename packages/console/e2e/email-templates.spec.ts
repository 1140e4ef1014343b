import { expect, test } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

test('a developer edits an email template and sees the preview, sets SMTP and manages custom templates', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueEmail('email'));
  const appId = await createApp(page, 'Mail Journey');

  // System emails: pick an event, edit its subject and body, the preview follows as typed.
  await page.goto(`/apps/${appId}/settings/email`);
  const system = page.getByRole('region', { name: 'System emails' });
  await system.getByRole('button', { name: /Password restore/ }).click();
  await system.getByLabel('Subject').fill('Help for {email} at {app_name}');
  await system.getByLabel('Body').fill('<h2>Hello</h2><p>Open {reset_url} to pick a new password.</p>');
  await expect(system.getByTestId('preview-subject')).toHaveText('Help for ada@example.com at Mail Journey');
  const frame = system.frameLocator('iframe[title="Mail preview"]');
  await expect(frame.getByRole('heading', { name: 'Hello' })).toBeVisible();
  await expect(frame.locator('p')).toContainText('https://example.com/password-reset?token=');
  await page.screenshot({ path: `${SHOTS}/email-templates.png`, fullPage: true });

  // An unknown variable is refused by the server, naming it.
  await system.getByLabel('Body').fill('Hi {nickname}');
  await system.getByRole('button', { name: 'Save template' }).click();
  await expect(system.getByRole('alert')).toContainText('{nickname}');
  await system.getByLabel('Body').fill('Open {reset_url} to pick a new password.');
  await system.getByRole('button', { name: 'Save template' }).click();
  await expect(system.getByRole('button', { name: /Password restore\s*Customized/ })).toBeVisible();
  await system.getByRole('button', { name: 'Reset to default' }).click();
  await expect(system.getByLabel('Subject')).toHaveValue('Reset your {app_name} password');

  // Custom templates: create with a {key}, listed with it, deleted after confirmation.
  const custom = page.getByRole('region', { name: 'Custom templates' });
  await expect(custom).toContainText('No custom templates yet');
  await custom.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('welcome');
  await dialog.getByLabel('Subject').fill('Welcome {name}');
  await dialog.getByLabel('Body').fill('<p>Glad you joined, {name}.</p>');
  await expect(dialog.getByTestId('preview-subject')).toHaveText('Welcome [name]');
  await page.screenshot({ path: `${SHOTS}/email-custom-template.png` });
  await dialog.getByRole('button', { name: 'Create template' }).click();
  await expect(dialog).toBeHidden();
  const row = custom.getByRole('row', { name: /welcome/ });
  await expect(row).toContainText('Welcome {name}');
  await page.screenshot({ path: `${SHOTS}/email-custom-list.png`, fullPage: true });
  await row.getByRole('button', { name: 'Delete welcome' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete template welcome?' });
  await confirm.getByRole('button', { name: 'Delete template' }).click();
  await expect(custom).toContainText('No custom templates yet');

  // SMTP: bad settings are named under their field; the test names the port nobody answers on.
  await page.goto(`/apps/${appId}/settings/smtp`);
  const smtp = page.getByRole('region', { name: 'SMTP server' });
  await smtp.getByLabel('Host').fill('127.0.0.1');
  await smtp.getByLabel('Port').fill('1');
  await smtp.getByLabel('From address').fill('app@example.com');
  await smtp.getByRole('button', { name: 'Test connection' }).click();
  await expect(smtp.getByRole('alert')).toContainText('port 1');
  await page.screenshot({ path: `${SHOTS}/email-smtp.png`, fullPage: true });
  await smtp.getByLabel('From address').fill('nope');
  await smtp.getByRole('button', { name: 'Save' }).click();
  await expect(smtp.getByText("'fromEmail' must be an email address")).toBeVisible();
});
