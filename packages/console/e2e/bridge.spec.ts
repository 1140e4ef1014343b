import path from 'node:path';
import { fileURLToPath } from 'node:url';
// esbuild comes with tsx (a dev dependency of the workspace); it bundles the SDK's bridge module
// for the test page, so both windows run the real bridge code.
import { buildSync } from 'esbuild';
import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
const bridgeBundle = buildSync({
  entryPoints: [path.resolve(here, '../../sdk/dist/bridge/index.js')],
  bundle: true,
  format: 'iife',
  globalName: 'BasaltBridge',
  platform: 'browser',
  write: false,
}).outputFiles[0].text;

const CHANNEL = 'basalt-file-preview';

/** Creates a text file through the console API with the signed-in developer's key. */
async function createTextFile(page: Page, appId: string, name: string, text: string): Promise<void> {
  const status = await page.evaluate(
    async ({ appId, name, text }) => {
      const res = await fetch(`/${appId}/console/files/create/${encodeURIComponent(name)}/`, {
        method: 'POST',
        headers: { 'auth-key': localStorage.getItem('basalt.authKey') ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({ file: text }),
      });
      return res.status;
    },
    { appId, name, text },
  );
  expect(status).toBe(200);
}

test.describe('bridge between the console and its preview window', () => {
  let appId: string;

  test.beforeEach(async ({ page }) => {
    await registerThroughUi(page, uniqueEmail('bridge'));
    appId = await createApp(page, 'Bridge Journey');
    await createTextFile(page, appId, 'notes.txt', 'hello bridge\nsecond line');
  });

  test('a page and the preview popup: handshake, request and response, an event, unknown methods and bad arguments', async ({
    page,
  }) => {
    await page.goto(`/apps/${appId}/overview`);
    await page.addScriptTag({ content: bridgeBundle });

    // The second window: the console's preview frame, opened as a popup of this page.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => {
        (window as unknown as { preview: Window | null }).preview = window.open(url, 'basalt-preview');
      }, `/apps/${appId}/files/-/preview`),
    ]);
    await expect(popup.getByText('Waiting for a file…')).toBeVisible();

    // Handshake.
    const connected = await page.evaluate(async (channel) => {
      const w = window as any;
      w.events = [];
      w.bridge = w.BasaltBridge.createBridge({ target: w.preview, targetOrigin: location.origin, channel });
      w.bridge.on('loaded', (info: unknown) => w.events.push(info));
      await w.bridge.connect();
      return w.bridge.connected;
    }, CHANNEL);
    expect(connected).toBe(true);

    // Request and response: the popup shows the file and answers what it took.
    const answer = await page.evaluate((file) => (window as any).bridge.request('show', file), {
      appId,
      path: 'notes.txt',
      name: 'notes.txt',
      kind: 'text',
      url: `/${appId}/console/files/view/notes.txt`,
      version: 1,
    });
    expect(answer).toEqual({ shown: 'notes.txt' });
    await expect(popup.getByLabel('Content of notes.txt')).toContainText('hello bridge');
    expect(await page.evaluate(() => (window as any).bridge.request('state'))).toEqual({
      path: 'notes.txt',
      kind: 'text',
    });

    // An event from the popup: the text is on screen, with its line count.
    await expect
      .poll(() => page.evaluate(() => (window as any).events))
      .toEqual([{ path: 'notes.txt', kind: 'text', lines: 2 }]);

    // A method the popup never registered is refused by name.
    const refused = await page.evaluate(() =>
      (window as any).bridge.request('formatDisk', '/').then(
        () => 'answered',
        (err: Error) => err.message,
      ),
    );
    expect(refused).toBe('Can not process not registered method: formatDisk');

    // Arguments are checked before anything is sent.
    const errors = await page.evaluate(() => {
      const b = (window as any).bridge;
      const attempt = (fn: () => unknown) => {
        try {
          fn();
          return 'accepted';
        } catch (err) {
          return (err as Error).message;
        }
      };
      return [
        attempt(() => b.on('', () => undefined)),
        attempt(() => b.on('loaded', 'not a function')),
        attempt(() => b.emit(42)),
      ];
    });
    expect(errors[0]).toMatch(/event must be a non-empty string/);
    expect(errors[1]).toMatch(/callback must be a function/);
    expect(errors[2]).toMatch(/event must be a non-empty string/);
  });

  test('the Files area and its preview iframe: the file is sent over the bridge and the frame reports back', async ({
    page,
  }) => {
    await page.goto(`/apps/${appId}/files?open=notes.txt`);
    const preview = page.getByRole('complementary', { name: 'File notes.txt' });
    const frame = page.frameLocator('[data-testid="file-preview-frame"]');
    await expect(frame.getByLabel('Content of notes.txt')).toContainText('second line');
    // "Lines" comes from the frame's `loaded` event.
    await expect(preview.getByText('Lines')).toBeVisible();
    await expect(preview.getByText('2', { exact: true })).toBeVisible();
  });
});
