import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PASSWORD, createApp, registerThroughUi, uniqueEmail } from './helpers';

/** Waits for the invitation mail the server dropped into BASALT_MAIL_DIR and answers its link. */
async function invitationLink(to: string): Promise<string> {
  const dir = process.env.BASALT_E2E_MAIL_DIR ?? '';
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(to)) : [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      const link = text.match(/https?:\/\/\S+\/join-team\?\S+/)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation mail for ${to} in ${dir}`);
}

test('a developer without an account joins a team from the invitation mail', async ({ page, browser }) => {
  const owner = uniqueEmail('owner');
  await registerThroughUi(page, owner);
  const appName = `Join${Date.now()}`;
  const appId = await createApp(page, appName);

  const newcomer = uniqueEmail('newcomer');
  await page.goto(`/apps/${appId}/team`);
  await page.getByRole('button', { name: 'Invite developer' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a developer' });
  await invite.getByLabel('Email').fill(newcomer);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();

  const link = new URL(await invitationLink(newcomer));
  const mate = await (await browser.newContext()).newPage();

  // A broken code says so, and joins nothing.
  await mate.goto(`/join-team?appId=${appId}&confirmation-code=not-a-real-code`);
  await mate.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await mate.getByRole('button', { name: 'Join the team' }).click();
  await expect(mate.getByRole('alert')).toContainText('invalid or has expired');

  await mate.goto(`${link.pathname}${link.search}`);
  await mate.getByLabel('Your name').fill('New Mate');
  await mate.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await mate.getByRole('button', { name: 'Join the team' }).click();
  await expect(mate).toHaveURL(new RegExp(`/apps/${appId}/overview$`));
  await expect(mate.getByText(appName).first()).toBeVisible();

  // The code works once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(`${link.pathname}${link.search}`);
  await again.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await again.getByRole('button', { name: 'Join the team' }).click();
  await expect(again.getByRole('alert')).toBeVisible();
});
