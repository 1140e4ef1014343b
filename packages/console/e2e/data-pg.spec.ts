import { expect, test } from './pg-server';
import { browseMillionRows, cellPoint, gridRow, newTable } from './grid';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';
import { seedEventsPg } from './seed';

const MILLION = 1_000_000;

test('on PostgreSQL a million-row table opens, scrolls to the end, sorts and counts', async ({ page, pgServer }) => {
  test.setTimeout(240_000);
  await registerThroughUi(page, uniqueEmail('million-pg'));
  const appId = await createApp(page, 'Million rows on PostgreSQL');
  await page.goto(`/apps/${appId}/data`);
  await newTable(page, 'Events', [
    ['label', 'String'],
    ['seq', 'Integer'],
  ]);

  if (!pgServer.databaseUrl || !pgServer.schemaPrefix) throw new Error('the journey server is not on PostgreSQL');
  await seedEventsPg(pgServer.databaseUrl, pgServer.schemaPrefix, appId, 'Events', MILLION);

  await browseMillionRows(page);

  // Sort by the seq header: descending puts the last row first, over the whole million.
  await page.goto(`/apps/${appId}/data/Events`);
  await expect(page.getByTestId('records-total')).toHaveText('1,000,000 records', { timeout: 30_000 });
  const seqHeader = await cellPoint(page, 2, -1);
  await page.mouse.click(seqHeader.x, seqHeader.y);
  await expect(page).toHaveURL(/sort=seq%3Aasc/);
  await expect(gridRow(page, 0)).toContainText('Event #0');
  await page.mouse.click(seqHeader.x, seqHeader.y);
  await expect(page).toHaveURL(/sort=seq%3Adesc/);
  await expect(gridRow(page, 0)).toContainText('Event #999999', { timeout: 30_000 });
  await expect(gridRow(page, 1)).toContainText('Event #999998');

  // A filter counts on the server: 1,234 rows at or above 998,766, still sorted descending.
  const filter = page.getByLabel('Filter (where)');
  await filter.fill('seq >= 998766');
  await filter.press('Enter');
  await expect(page.getByTestId('records-total')).toHaveText('1,234 records match', { timeout: 30_000 });
  await expect(gridRow(page, 0)).toContainText('Event #999999');

  await page.screenshot({ path: '/tmp/basalt-data-million-pg.png' });
});
