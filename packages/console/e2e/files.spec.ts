import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { createApp, registerThroughUi, uniqueEmail } from './helpers';

/** A real PNG of the given size (solid indigo), so the preview can report its dimensions. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x4c, 0x6e, 0xf5]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A folder on disk as a developer would pick it: `trip/` with an image, texts and a sub-folder. */
function makeFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-files-'));
  const dir = path.join(root, 'trip');
  fs.mkdirSync(path.join(dir, 'notes'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'beach.png'), png(40, 30));
  fs.writeFileSync(path.join(dir, 'plan.txt'), 'Day 1: arrive\nDay 2: beach\n');
  fs.writeFileSync(path.join(dir, 'readme.md'), '# Trip\n');
  fs.writeFileSync(path.join(dir, 'notes', 'packing.txt'), 'sunscreen\n');
  return dir;
}

const row = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Files' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
/**
 * Picks an action from a row's menu. The item is looked up inside that row's own menu: the menu of
 * the previous row may still be closing (its fade-out keeps it in the page for a moment).
 */
const rowAction = async (page: Page, name: string, action: string) => {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page
    .getByRole('menu', { name: `Actions for ${name}`, exact: true })
    .getByRole('menuitem', { name: action })
    .click();
};

test('a developer uploads a folder, previews, edits, renames, moves, deletes and zips files', async ({ page }) => {
  const folder = makeFolder();
  await registerThroughUi(page, uniqueEmail('files'));
  const appId = await createApp(page, 'Files Journey');

  await page.goto(`/apps/${appId}/files`);
  await expect(page.getByRole('heading', { name: 'No files yet' })).toBeVisible();
  await page.screenshot({ path: '/tmp/files-empty-light.png' });

  // Upload a whole folder through the folder picker: every file lands with its sub-folder.
  await page.getByLabel('Upload folder').setInputFiles(folder);
  const uploadsPanel = page.getByRole('region', { name: 'Uploads' });
  await expect(uploadsPanel.getByText('4 of 4 files uploaded')).toBeVisible();
  await expect(row(page, 'trip')).toBeVisible();
  await page.getByRole('button', { name: 'trip', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/files/trip$`));
  for (const name of ['notes', 'beach.png', 'plan.txt', 'readme.md']) await expect(row(page, name)).toBeVisible();
  await expect(page.getByText('4 items')).toBeVisible();

  // Preview an image: the frame shows it and reports its size back over the bridge.
  await page.getByRole('button', { name: 'beach.png', exact: true }).click();
  const preview = page.getByRole('complementary', { name: 'File beach.png' });
  const frame = page.frameLocator('[data-testid="file-preview-frame"]');
  await expect(frame.getByRole('img', { name: 'beach.png' })).toBeVisible();
  await expect(preview.getByText('40 × 30 px')).toBeVisible();
  await page.screenshot({ path: '/tmp/files-image-light.png' });

  // Preview a text file, then edit it and save with Mod+S.
  await page.getByRole('button', { name: 'plan.txt', exact: true }).click();
  await expect(frame.getByLabel('Content of plan.txt')).toContainText('Day 2: beach');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  // The editor is Monaco: it shows the lines in its view and edits through its own input area.
  const lines = page.locator('.monaco-editor .view-lines');
  await expect(lines).toContainText('Day 2: beach');
  const editor = page.getByRole('textbox', { name: 'Content of plan.txt' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('Day 3: museum\n');
  await expect(lines).toContainText('Day 3: museum');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Close editor' }).click();
  await expect(frame.getByLabel('Content of plan.txt')).toContainText('Day 3: museum');
  await page.screenshot({ path: '/tmp/files-text-light.png' });

  // Rename from the row menu.
  await rowAction(page, 'readme.md', 'Rename');
  await page.getByLabel('New name').fill('README.md');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(row(page, 'README.md')).toBeVisible();
  await expect(row(page, 'readme.md')).toHaveCount(0);

  // Move the open text file to a new folder at the root: the preview closes, the row goes.
  await rowAction(page, 'plan.txt', 'Move…');
  await page.getByRole('combobox', { name: 'Destination folder' }).fill('archive');
  await page.getByRole('dialog').getByRole('button', { name: 'Move', exact: true }).click();
  await expect(row(page, 'plan.txt')).toHaveCount(0);
  await page.goto(`/apps/${appId}/files/archive`);
  await expect(row(page, 'plan.txt')).toBeVisible();

  // Delete a file: a confirmation names it and focuses Cancel.
  await page.goto(`/apps/${appId}/files/trip/notes`);
  await rowAction(page, 'packing.txt', 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete file packing.txt?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'This folder is empty' })).toBeVisible();

  // Zip a folder, rename the archive, and unzip it into a folder of its own.
  await page.getByRole('link', { name: 'Root' }).click();
  await rowAction(page, 'trip', 'Zip folder');
  await expect(row(page, 'trip.zip')).toBeVisible();
  await rowAction(page, 'trip.zip', 'Rename');
  await page.getByLabel('New name').fill('album.zip');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename', exact: true }).click();
  await rowAction(page, 'album.zip', 'Unzip here');
  await expect(row(page, 'album')).toBeVisible();

  // A non-empty folder is deleted only after its name is typed.
  await rowAction(page, 'archive', 'Delete');
  const typed = page.getByRole('dialog', { name: 'Delete folder archive?' });
  await expect(typed.getByText('1 item inside it')).toBeVisible();
  await expect(typed.getByRole('button', { name: 'Delete folder' })).toBeDisabled();
  await typed.getByLabel('Type the folder name to confirm').fill('archive');
  await typed.getByRole('button', { name: 'Delete folder' }).click();
  await expect(row(page, 'archive')).toHaveCount(0);

  // Uploading a name that exists asks before replacing it.
  await page
    .getByLabel('Upload files')
    .setInputFiles({ name: 'album.zip', mimeType: 'text/plain', buffer: Buffer.from('not really a zip') });
  const conflict = page.getByRole('dialog', { name: 'A file with this name exists' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Keep both' }).click();
  await expect(row(page, 'album (1).zip')).toBeVisible();

  await page.screenshot({ path: '/tmp/files-root-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'album', exact: true }).click();
  await page.getByRole('button', { name: 'beach.png', exact: true }).click();
  await expect(frame.getByRole('img', { name: 'beach.png' })).toBeVisible();
  await page.screenshot({ path: '/tmp/files-image-dark.png' });

  fs.rmSync(path.dirname(folder), { recursive: true, force: true });
});
