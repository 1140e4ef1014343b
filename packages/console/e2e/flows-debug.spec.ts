import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const SHOTS = process.env.BASALT_SHOTS ?? 'test-results';

/** A flow made over the console API: an API trigger, an INFO log line and a WARN one. */
async function orderNotes(page: Page, appId: string, headers: Record<string, string>) {
  const made = await page.request.post(`/api/app/${appId}/automation/flow/version`, {
    headers,
    data: {
      name: 'Order notes',
      elements: [
        { id: 'start', name: 'Order arrives', type: 'trigger.api', config: {}, position: { x: 0, y: 0 } },
        {
          id: 'note',
          name: 'Note the order',
          type: 'action.log',
          config: { level: 'INFO', message: 'Order of {{ $trigger.total }}' },
          position: { x: 0, y: 140 },
        },
        {
          id: 'warn',
          name: 'Warn about size',
          type: 'action.log',
          config: { level: 'WARN', message: 'Big order: {{ $trigger.total }}' },
          position: { x: 0, y: 280 },
        },
      ],
      transitions: [
        { from: 'start', to: 'note', port: 'out' },
        { from: 'note', to: 'warn', port: 'out' },
      ],
    },
  });
  expect(made.ok()).toBe(true);
  const v = (await made.json()) as { id: string; flowId: string; status: string };
  expect(v.status).toBe('READY');
  return v;
}

test('debug a version with mocked data and watch its steps, then read its logs by level, its metrics and its SLA', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await registerThroughUi(page, uniqueEmail('flows-debug'));
  const appId = await createApp(page, 'Flow debugging');
  const authKey = (await page.evaluate(() => localStorage.getItem('basalt.authKey'))) ?? '';
  const headers = { 'auth-key': authKey };
  const v = await orderNotes(page, appId, headers);
  const base = `/apps/${appId}/flows/${v.flowId}/${v.id}`;

  // A session someone left open: the console offers to take it over (forceStart).
  const left = await page.request.post(
    `/api/app/${appId}/automation/flow/${v.flowId}/version/${v.id}/debug/test-monitor/start-session`,
    { headers },
  );
  expect(left.ok()).toBe(true);

  await page.goto(base);
  await page.getByRole('button', { name: 'Test mode' }).click();
  const monitor = page.getByRole('region', { name: 'Test monitor' });
  await monitor.getByRole('button', { name: 'Start debug session' }).click();
  await expect(monitor.getByText('Another debug session is open')).toBeVisible();
  await monitor.getByRole('button', { name: 'Take over' }).click();
  await expect(monitor.getByText('Session open')).toBeVisible();
  await expect(monitor.getByText('Record and HTTP actions act for real in a hand run')).toBeVisible();
  await expect(monitor.getByText('Live', { exact: true })).toBeVisible();

  // Mocked trigger data is checked as it is typed.
  const mock = monitor.getByLabel('Mocked trigger data (JSON)');
  await mock.fill('{"total": 150');
  await expect(monitor.getByText(/Not valid JSON/)).toBeVisible();
  await expect(monitor.getByRole('button', { name: 'Run debug instance' })).toBeDisabled();
  await mock.fill('{"total": 150}');
  await monitor.getByRole('button', { name: 'Run debug instance' }).click();

  // Its steps arrive in the session history, in order, and the instance ends COMPLETED.
  const history = monitor.getByRole('list', { name: 'Session history' });
  await expect(history.getByRole('button', { name: /Debug instance .* ended COMPLETED/ })).toBeVisible();
  await expect(history.getByRole('button', { name: /Note the order SUCCEEDED/ })).toBeVisible();
  await expect(history.getByRole('button', { name: /Warn about size SUCCEEDED/ })).toBeVisible();
  await history.getByRole('button', { name: /Note the order SUCCEEDED/ }).click();
  await expect(monitor.getByTestId('debug-details')).toContainText('Order of 150');
  await page.screenshot({ path: `${SHOTS}/flows-test-monitor.png` });

  // One element on its own, against the session's data.
  // The monitor takes room from the canvas: fit the view to reach the last element.
  await page.locator('.react-flow__controls-fitview').click();
  await page.getByTestId('flow-node-warn').click();
  await monitor.getByRole('button', { name: 'Run “Warn about size” only' }).click();
  await expect(history.getByRole('button', { name: /Warn about size \(run by hand\) SUCCEEDED/ })).toBeVisible();
  await expect(monitor.getByTestId('debug-details')).toContainText('leaves by out');
  await monitor.getByRole('button', { name: 'Stop session' }).click();
  await expect(monitor.getByRole('button', { name: 'Start debug session' })).toBeVisible();

  // Logs: both lines of the debug run; WARN as the lowest level leaves one.
  await page.locator(`a[href="${base}/logs"]`).click();
  await expect(page).toHaveURL(`${base}/logs`);
  const lines = page.getByRole('table', { name: 'Log lines' });
  await expect(lines.getByText('Order of 150')).toBeVisible();
  await expect(lines.getByText('Big order: 150')).toBeVisible();
  await page.getByRole('combobox', { name: 'Lowest level shown' }).click();
  await page.getByRole('option', { name: 'WARN', exact: true }).click();
  await expect(page).toHaveURL(/level=WARN/);
  await expect(lines.getByText('Big order: 150')).toBeVisible();
  await expect(lines.getByText('Order of 150')).toHaveCount(0);
  await expect(page.getByTestId('logs-total')).toHaveText('1 line');
  await expect(page.getByRole('combobox', { name: 'Flow log level' })).toHaveValue('INFO');
  await page.screenshot({ path: `${SHOTS}/flows-logs.png`, fullPage: true });

  // SLA: a calendar in a time zone with office hours and a holiday, and a goal on it.
  await page.getByRole('tab', { name: 'SLA' }).click();
  await page.getByRole('button', { name: 'Add calendar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Office');
  await dialog.getByLabel('Holiday date').fill('2026-12-25');
  await dialog.getByRole('button', { name: 'Add holiday' }).click();
  await expect(dialog.getByText('2026-12-25')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/flows-sla-calendar.png` });
  await dialog.getByRole('button', { name: 'Save calendar' }).click();
  const calendars = page.getByRole('table', { name: 'Calendars' });
  await expect(calendars.getByText('Office')).toBeVisible();
  await expect(calendars.getByText(/MO 09:00–17:00/)).toBeVisible();
  await page.getByRole('button', { name: 'Add goal' }).click();
  await dialog.getByLabel('Name').fill('Handled within 4 hours');
  await dialog.getByLabel('Target').fill('4');
  await dialog.getByRole('combobox', { name: 'Business calendar' }).click();
  await page.getByRole('option', { name: /^Office/ }).click();
  await dialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByRole('table', { name: 'Goals' }).getByText('Handled within 4 hours')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/flows-sla.png`, fullPage: true });

  // Metrics: debug runs never count; the goal's compliance stands beside the instances.
  await page.getByRole('tab', { name: 'Metrics' }).click();
  await expect(page.getByTestId('version-metrics')).toBeVisible();
  await expect(page.getByText('No instances started in this period.')).toBeVisible();
  await expect(page.getByTestId('sla-compliance')).toContainText('Handled within 4 hours');
  await expect(page.getByRole('region', { name: 'Steps' })).toContainText('No steps ran in this period.');

  // A LIVE run through the app API counts: instances, steps as a chart, and the goal met.
  const enabled = await page.request.post(`/api/app/${appId}/automation/flow/version/${v.id}/enable`, { headers });
  expect(enabled.ok()).toBe(true);
  const info = (await (await page.request.get(`/${appId}/console/app-info`, { headers })).json()) as {
    apiKeys: Array<{ deviceType: string; apiKey: string }>;
  };
  const rest = info.apiKeys.find((k) => k.deviceType === 'REST')!.apiKey;
  const run = await page.request.post(`/${appId}/${rest}/automation/flow/activate-by-name`, {
    data: { name: 'Order notes', initialData: { total: 80 } },
  });
  expect(run.ok()).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('version-metrics')).toContainText('Completed1', { timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
  const stepsChart = page.getByRole('region', { name: 'Steps' });
  await expect(stepsChart.locator('.recharts-wrapper')).toBeVisible();
  await expect(stepsChart.getByRole('table', { name: 'Step metrics' })).toContainText('Note the order');
  await expect(page.getByTestId('sla-compliance')).toContainText('1 met, 0 breached of 1 measured');
  await page.screenshot({ path: `${SHOTS}/flows-metrics.png`, fullPage: true });
});

test('a schedule trigger runs on cron in a time zone, with its next five runs previewed', async ({ page }) => {
  await registerThroughUi(page, uniqueEmail('flows-cron'));
  const appId = await createApp(page, 'Flow cron');
  await page.goto(`/apps/${appId}/flows`);
  await page.getByRole('button', { name: 'Create flow' }).first().click();
  await page.getByLabel('Flow name').fill('Morning report');
  await page.getByRole('dialog').getByRole('button', { name: 'Create flow' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/flows/[^/]+/[^/]+$`));

  const palette = page.getByRole('region', { name: 'Element palette' });
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await palette.getByRole('button', { name: 'Add Schedule' }).click();
  await inspector.getByText('Cron', { exact: true }).click();
  const cron = inspector.getByLabel(/^Cron expression/);
  await cron.fill('0 61 * * *');
  await expect(inspector.getByText(/Hour: '61' is not 0–23/)).toBeVisible();
  await cron.fill('30 7 * * 1-5');
  await inspector.getByLabel('Time zone').fill('Asia/Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo', exact: true }).click();
  const runs = inspector.getByRole('list', { name: 'Next runs' }).getByRole('listitem');
  await expect(runs).toHaveCount(5);
  await expect(runs.first()).toContainText('7:30');
  await page.screenshot({ path: `${SHOTS}/flows-cron.png` });

  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText(/^Saved v1/)).toBeVisible();
  await page.reload();
  await page.locator('[data-testid^="flow-node-"]').first().click();
  await expect(inspector.getByLabel(/^Cron expression/)).toHaveValue('30 7 * * 1-5');
  await expect(inspector.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
});
