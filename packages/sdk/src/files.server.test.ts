/** The SDK's `files` group against the real server, on both databases. */
import { expect, it } from 'vitest';
import { describeAgainstServer } from './server-session.test-helpers.js';

describeAgainstServer('SDK files against the server', (session) => {
  it('creates folders and files, lists them with the total, reads, edits and checks existence', async () => {
    const { client, appId } = session();
    await client.files.createDir(appId, '/', 'docs');
    await client.files.createDir(appId, 'docs', 'sub folder');
    await client.files.createFile(appId, 'docs/a note.txt', 'hello');
    await client.files.createConsoleFile(appId, 'docs/b.txt', 'bee');

    const listing = await client.files.loadDirectory(appId, 'docs', { sortBy: 'name' });
    expect(listing.totalRows).toBe(3);
    // Folders come first, then files, each by name.
    expect(listing.data.map((e) => [e.name, e.type])).toEqual([
      ['sub folder', 'DIRECTORY'],
      ['a note.txt', 'FILE'],
      ['b.txt', 'FILE'],
    ]);
    expect(listing.data[1]).toMatchObject({ path: 'docs/a note.txt', size: 5 });
    expect((await client.files.loadDirectory(appId, '/', {})).data.map((e) => e.name)).toEqual(['docs']);
    expect((await client.files.loadDirectory(appId, 'docs', { pattern: '*.txt', pageSize: 1 })).totalRows).toBe(2);

    expect(await client.files.fileExists(appId, 'docs/a note.txt')).toBe(true);
    expect(await client.files.fileExists(appId, 'docs/none.txt')).toBe(false);
    expect(await client.files.getFileContent(appId, 'docs/a note.txt')).toBe('hello');
    await client.files.editFile(appId, 'docs/a note.txt', 'hello again');
    expect(await client.files.getFileContent(appId, 'docs/a note.txt')).toBe('hello again');
    await expect(client.files.createFile(appId, 'docs/b.txt', 'x')).rejects.toMatchObject({ status: 409 });
  });

  it('a write into a folder shows at once in its cached count', async () => {
    const { client, appId } = session();
    await client.files.createDir(appId, '/', 'counted');
    expect((await client.files.loadDirectory(appId, 'counted')).totalRows).toBe(0);
    await client.files.createFile(appId, 'counted/one.txt', '1');
    expect((await client.files.loadDirectory(appId, 'counted')).totalRows).toBe(1);
  });

  it('renames, moves, copies and deletes', async () => {
    const { client, appId } = session();
    await client.files.createFile(appId, 'ops/a.txt', 'A');
    await client.files.createDir(appId, '/', 'archive');
    await client.files.renameFile(appId, 'ops/a.txt', 'b c.txt');
    await client.files.copyFile(appId, 'ops/b c.txt', 'archive/');
    await client.files.moveFile(appId, 'ops/b c.txt', 'archive/moved #1.txt');
    expect((await client.files.loadFullDirectory(appId, 'archive')).map((e) => e.name).sort()).toEqual([
      'b c.txt',
      'moved #1.txt',
    ]);
    expect(await client.files.fileExists(appId, 'ops/b c.txt')).toBe(false);
    await client.files.deleteFile(appId, 'archive/b c.txt');
    expect((await client.files.loadDirectory(appId, 'archive')).data.map((e) => e.name)).toEqual(['moved #1.txt']);
  });

  it('uploads a file, refuses to overwrite unless asked, and serves it for viewing', async () => {
    const { client, appId } = session();
    const entry = await client.files.uploadFile(
      appId,
      new Blob(['{"x":1}'], { type: 'application/json' }),
      'up',
      'data.json',
    );
    expect(entry).toMatchObject({ name: 'data.json', path: 'up/data.json', size: 7 });
    await expect(client.files.uploadFile(appId, new Blob(['2']), 'up', 'data.json')).rejects.toMatchObject({
      status: 409,
    });
    await client.files.uploadFile(appId, new Blob(['{"x":2}']), 'up', 'data.json', true);
    expect(await client.files.viewFiles(appId, 'up/data.json')).toEqual({ x: 2 });
  });

  it('zips a folder beside itself', async () => {
    const { client, appId } = session();
    await client.files.createFile(appId, 'pack/one.txt', '1');
    const zip = await client.files.performOperation(appId, 'pack', 'zip');
    expect(zip).toMatchObject({ name: 'pack.zip', type: 'FILE' });
    expect(await client.files.fileExists(appId, 'pack.zip')).toBe(true);
  });

  it('never sends a path with dot segments, and the server refuses a backslash escape', async () => {
    const { client, appId } = session();
    // `..` would be resolved by URL parsing into another console route (`../application` is the app).
    await expect(client.files.deleteFile(appId, '../application')).rejects.toThrow(
      "Invalid path: '.' and '..' segments are not allowed",
    );
    expect((await client.apps.getApps()).map((a) => a.id)).toContain(appId);
    const err = await client.files.getFileContent(appId, '..\\..\\etc\\passwd').catch((e: unknown) => e);
    expect([400, 403]).toContain((err as { status: number }).status);
  });
});
