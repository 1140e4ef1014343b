import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createApp, PASSWORD, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS_DIR ?? '/tmp';

/** The REST API key of an app, read from its overview page (as a developer would copy it). */
async function restKey(page: Page, appId: string): Promise<string> {
  await page.goto(`/apps/${appId}/overview`);
  const row = page.getByRole('table', { name: 'API keys' }).locator('tr[data-device="REST"]');
  await expect(row).toBeVisible();
  const key = (await row.innerText()).match(/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/i)?.[0];
  expect(key, 'REST key on the overview').toBeTruthy();
  return key!;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    await page.screenshot({ path: `${SHOTS}/security-${name}-${scheme}.png`, fullPage: false });
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
}

/** Calls the app-facing API the way an app does. */
async function appApi(
  request: APIRequestContext,
  appId: string,
  key: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  userToken?: string,
) {
  const res = await request.fetch(`/${appId}/${key}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(userToken ? { 'user-token': userToken } : {}) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status(), body: await res.json().catch(() => undefined) };
}

test('an owner locks a table down, an app user writes, the audit log shows it, and a limited teammate is refused', async ({
  page,
  browser,
  request,
}) => {
  const ownerEmail = uniqueEmail('owner');
  await registerThroughUi(page, ownerEmail, 'Olive Owner');
  const appId = await createApp(page, 'Security Journey');
  const key = await restKey(page, appId);

  // A table to protect, made in the records browser.
  await page.goto(`/apps/${appId}/data`);
  await page.getByRole('button', { name: 'New table' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New table' });
  await dialog.getByLabel('Table name').fill('Orders');
  await dialog.getByRole('button', { name: 'Add a column' }).click();
  await dialog.getByLabel('Column 1 name').fill('item');
  await dialog.getByRole('button', { name: 'Create table' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/data/Orders`));

  // Before: anonymous callers may create records.
  expect((await appApi(request, appId, key, 'POST', '/data/Orders', { item: 'first' })).status).toBe(200);

  // Deny anonymous Create in the matrix: one click grants, a second denies.
  await page.goto(`/apps/${appId}/security/permissions?service=data&item=Orders&tab=roles`);
  const cell = page.getByRole('button', { name: /^Create on Orders for NotAuthenticatedUser: / });
  await expect(cell).toHaveAccessibleName('Create on Orders for NotAuthenticatedUser: inherited');
  await cell.click();
  await expect(cell).toHaveAccessibleName('Create on Orders for NotAuthenticatedUser: granted');
  await cell.click();
  await expect(cell).toHaveAccessibleName('Create on Orders for NotAuthenticatedUser: denied');
  await expect(cell).toHaveAttribute('data-state', 'DENY');
  await shoot(page, 'matrix');

  // The server keeps it: after a reload the cell is still denied, and an anonymous create is refused.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Create on Orders for NotAuthenticatedUser: denied' })).toBeVisible();
  await expect
    .poll(async () => (await appApi(request, appId, key, 'POST', '/data/Orders', { item: 'anonymous' })).status)
    .toBe(403);

  // An app user registers and writes as themselves.
  const userEmail = uniqueEmail('appuser');
  expect(
    (await appApi(request, appId, key, 'POST', '/users/register', { email: userEmail, password: PASSWORD })).status,
  ).toBe(200);
  const login = await appApi(request, appId, key, 'POST', '/users/login', { login: userEmail, password: PASSWORD });
  expect(login.status).toBe(200);
  const token = login.body['user-token'] as string;
  expect(token).toBeTruthy();
  const written = await appApi(request, appId, key, 'POST', '/data/Orders', { item: 'from a signed-in user' }, token);
  expect(written.status).toBe(200);
  expect(written.body.item).toBe('from a signed-in user');

  // Run as: the anonymous role still reads the table through the app API.
  await page.goto(`/apps/${appId}/security/run-as?table=Orders&as=role&role=NotAuthenticatedUser`);
  await expect(page.getByRole('status', { name: 'Viewing as role NotAuthenticatedUser' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Records of Orders as NotAuthenticatedUser' })).toContainText(
    'from a signed-in user',
  );
  await shoot(page, 'run-as');
  // Run as the signed-in user: the server answers for that user, records and decisions alike.
  await page.goto(`/apps/${appId}/security/run-as?table=Orders&as=user&user=${login.body.objectId as string}`);
  await expect(page.getByRole('status', { name: /Viewing as user/ })).toBeVisible();
  await expect(page.getByRole('table', { name: /Records of Orders as/ })).toContainText('from a signed-in user');
  await expect(page.getByRole('table', { name: /Operations on Orders as/ })).toContainText('Find: allowed');
  await shoot(page, 'run-as-user');

  // The user's session is listed.
  await page.goto(`/apps/${appId}/security/sessions`);
  await expect(page.getByRole('navigation', { name: 'App users' })).toContainText(userEmail.toLowerCase());
  await page.getByRole('navigation', { name: 'App users' }).getByText(userEmail.toLowerCase()).click();
  await expect(page.getByRole('table', { name: `Sessions of ${userEmail.toLowerCase()}` })).toBeVisible();
  await shoot(page, 'sessions');

  // Roles and the users' login settings.
  await page.goto(`/apps/${appId}/security/roles`);
  await expect(page.getByRole('table', { name: 'Roles' })).toContainText('NotAuthenticatedUser');
  await shoot(page, 'roles');
  await page.goto(`/apps/${appId}/users/login`);
  await expect(page.getByLabel('Identity column').first()).toHaveValue('email');
  await shoot(page, 'users-login');

  // The permission change is in the audit log, and the filter lives in the URL.
  await page.goto(`/apps/${appId}/audit`);
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toContainText('security.setPermission');
  await expect(log).toContainText(ownerEmail.toLowerCase());
  await page.getByLabel('Action').fill('security.setPermission');
  await expect(page).toHaveURL(/action=security\.setPermission/);
  await shoot(page, 'audit');

  // Panic mode: type the app name; the red banner shows and the app API answers 503.
  await page.goto(`/apps/${appId}/security/safety`);
  await page.getByRole('button', { name: 'Turn on panic mode' }).click();
  const panic = page.getByRole('dialog', { name: 'Turn on panic mode?' });
  const confirmPanic = panic.getByRole('button', { name: 'Turn on panic mode' });
  await expect(confirmPanic).toBeDisabled();
  await panic.getByLabel('Type the app name to confirm').fill('Security Journey');
  await confirmPanic.click();
  await expect(page.getByRole('status', { name: 'Panic mode is on' })).toBeVisible();
  await expect.poll(async () => (await appApi(request, appId, key, 'GET', '/data/Orders')).status).toBe(503);
  await shoot(page, 'safety');
  await page.getByRole('button', { name: 'Turn off panic mode' }).click();
  const calm = page.getByRole('dialog', { name: 'Turn off panic mode?' });
  await calm.getByLabel('Type the app name to confirm').fill('Security Journey');
  await calm.getByRole('button', { name: 'Turn off panic mode' }).click();
  await expect(page.getByRole('status', { name: 'Panic mode is on' })).toHaveCount(0);

  // A teammate signs up in their own browser, then the owner invites them.
  const mateEmail = uniqueEmail('mate');
  const mateContext = await browser.newContext();
  const mate = await mateContext.newPage();
  await registerThroughUi(mate, mateEmail, 'Tess Teammate');

  await page.goto(`/apps/${appId}/team`);
  await page.getByRole('button', { name: 'Invite developer' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a developer' });
  await invite.getByLabel('Email').fill(mateEmail);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const members = page.getByRole('table', { name: 'Team members' });
  await expect(members).toContainText(mateEmail.toLowerCase());
  await shoot(page, 'team');

  // Limit them: no tables (40).
  await members.getByRole('link', { name: 'Tess Teammate' }).click();
  const tables = page.getByRole('switch', { name: 'Tables (40)' });
  await expect(tables).toBeChecked();
  await tables.click({ force: true });
  await expect(tables).not.toBeChecked();
  await expect(page.getByRole('region', { name: 'Data permissions' })).toContainText('DENY');
  await shoot(page, 'member');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Tables (40)' })).not.toBeChecked();

  // The teammate still reads the data but cannot create a table: the console names the permission.
  await mate.goto(`/apps/${appId}/data/Orders`);
  await expect(mate.getByRole('button', { name: 'New table' }).first()).toBeVisible();
  await mate.getByRole('button', { name: 'New table' }).first().click();
  const mateDialog = mate.getByRole('dialog', { name: 'New table' });
  await mateDialog.getByLabel('Table name').fill('Forbidden');
  await mateDialog.getByRole('button', { name: 'Create table' }).click();
  await expect(mateDialog.getByRole('alert')).toContainText(/tables.*\(40\)/);
  await mate.screenshot({ path: `${SHOTS}/security-refused-light.png`, fullPage: true });

  // Their Security pages show what they may not change, naming the permission.
  await mate.goto(`/apps/${appId}/team`);
  await expect(mate.getByRole('button', { name: 'Invite developer' })).toBeDisabled();
  await mateContext.close();
});
