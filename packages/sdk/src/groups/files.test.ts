import { describe, expect, it } from 'vitest';
import { CacheTags } from '../transport/cache-tags.js';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { folderKey, parentFolder } from './files.js';
import { H, KEY, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const F = `${H}/A/console/files`;
const text = (
  url: string,
  body: string,
): { url: string; method: string; headers: Record<string, string>; body: string } => ({
  url,
  method: 'POST',
  headers: KEY,
  body,
});

describeShapes('files', [
  [
    'loadDirectory',
    (c) =>
      c.files.loadDirectory('A', '/docs/my files/', {
        pattern: '*.txt',
        sub: true,
        sortBy: 'name',
        sortDirection: 'asc',
        pageSize: 20,
        offset: 40,
      }),
    [
      get(
        `${F}/directory/view/docs/my%20files?pattern=*.txt&sub=true&sortBy=name&sortDirection=asc&pageSize=20&offset=40`,
      ),
      get(`${F}/directory/view/docs/my%20files/count?pattern=*.txt&sub=true`),
    ],
  ],
  [
    'loadDirectory(root)',
    (c) => c.files.loadDirectory('A'),
    [get(`${F}/directory/view`), get(`${F}/directory/view/count`)],
  ],
  [
    'loadFullDirectory',
    (c) => c.files.loadFullDirectory('A', 'docs', { pattern: '*' }),
    [
      get(`${F}/directory/view/docs/count`),
      get(`${F}/directory/view/docs?pattern=*&pageSize=100&offset=0`),
      get(`${F}/directory/view/docs?pattern=*&pageSize=100&offset=100`),
      get(`${F}/directory/view/docs?pattern=*&pageSize=100&offset=200`),
    ],
    [{ body: 250 }, { body: [] }, { body: [] }, { body: [] }],
  ],
  ['createDir', (c) => c.files.createDir('A', 'docs', 'new folder'), bare('POST', `${F}/createdir/docs/new%20folder/`)],
  ['createDir(root)', (c) => c.files.createDir('A', '', 'top'), bare('POST', `${F}/createdir/top/`)],
  [
    'createDir(leading slash kept, as the reference sends it)',
    (c) => c.files.createDir('A', '/docs', 'new'),
    bare('POST', `${F}/createdir//docs/new/`),
  ],
  ['getFileContent', (c) => c.files.getFileContent('A', 'docs/a#1.txt'), get(`${F}/download/docs/a%231.txt`)],
  ['getFileText', (c) => c.files.getFileText('A', 'docs/a.txt'), get(`${F}/download/docs/a.txt`)],
  ['performOperation', (c) => c.files.performOperation('A', 'docs', 'zip'), bare('PUT', `${F}/docs?operation=zip`)],
  ['fileExists', (c) => c.files.fileExists('A', 'docs/a.txt'), get(`${F}/exists/docs/a.txt/`)],
  [
    'editFile',
    (c) => c.files.editFile('A', 'docs/a.txt', 'hello'),
    json('POST', `${F}/edit/docs/a.txt/`, { file: 'hello' }),
  ],
  [
    'createFile',
    (c) => c.files.createFile('A', 'docs/b.txt', 'hi'),
    {
      url: `${F}/create/docs/b.txt/`,
      method: 'POST',
      headers: { ...KEY, Accept: '*/*', 'Content-Type': 'application/json' },
      body: '{"file":"hi"}',
    },
  ],
  [
    'moveFile',
    (c) => c.files.moveFile('A', 'docs/a.txt', 'archive/a b.txt'),
    text(`${F}/move/docs/a.txt/`, 'archive/a%20b.txt'),
  ],
  [
    'moveFile(into folder)',
    (c) => c.files.moveFile('A', 'docs/a.txt', 'archive/'),
    text(`${F}/move/docs/a.txt/`, 'archive/'),
  ],
  [
    'copyFile',
    (c) => c.files.copyFile('A', 'docs/a.txt', 'docs/a?.txt'),
    text(`${F}/copy/docs/a.txt/`, 'docs/a%3F.txt'),
  ],
  ['renameFile', (c) => c.files.renameFile('A', 'docs/a.txt', 'b/c.txt'), text(`${F}/rename/docs/a.txt/`, 'b%2Fc.txt')],
  ['deleteFile', (c) => c.files.deleteFile('A', 'docs/a.txt'), bare('DELETE', `${F}/docs/a.txt/`)],
  [
    'uploadFile',
    (c) => c.files.uploadFile('A', new Blob(['x']), 'docs', 'a.txt'),
    { url: `${F}/upload/docs/a.txt/?overwrite=false`, method: 'POST', headers: KEY, body: expect.any(FormData) },
  ],
  [
    'createConsoleFile',
    (c) => c.files.createConsoleFile('A', 'docs/c.txt', 'text'),
    { url: `${F}/create/docs/c.txt`, method: 'POST', headers: { ...KEY, Accept: '*/*' }, body: 'text' },
  ],
  ['viewFiles', (c) => c.files.viewFiles('A', 'img/logo.png'), get(`${F}/view/img/logo.png`)],
]);

describe('files group: answers and cache', () => {
  it('loadDirectory answers {data, totalRows}', async () => {
    const { client, replyJson } = recordingClient();
    replyJson([{ name: 'a.txt' }]);
    replyJson(1);
    expect(await client.files.loadDirectory('A', 'docs')).toEqual({ data: [{ name: 'a.txt' }], totalRows: 1 });
  });

  it('the folder count is cached and a write into that folder flushes it', async () => {
    const { client, calls, replyJson } = recordingClient();
    replyJson([]);
    replyJson(1);
    await client.files.loadDirectory('A', 'docs');
    replyJson([]);
    await client.files.loadDirectory('A', 'docs');
    expect(calls.map((c) => c.url)).toEqual([
      `${F}/directory/view/docs`,
      `${F}/directory/view/docs/count`,
      `${F}/directory/view/docs`,
    ]);
    await client.files.createFile('A', 'docs/n.txt', '');
    replyJson([]);
    replyJson(2);
    expect((await client.files.loadDirectory('A', 'docs')).totalRows).toBe(2);
    expect(calls.at(-1)?.url).toBe(`${F}/directory/view/docs/count`);
  });

  it('uploadFile sends the blob in multipart field `file` under its name, and a FormData as it is', async () => {
    const { client, calls } = recordingClient();
    await client.files.uploadFile('A', new Blob(['hello']), 'docs', 'a.txt', true);
    const form = calls[0].body as FormData;
    const part = form.get('file') as File;
    expect([part.name, await part.text(), calls[0].url]).toEqual([
      'a.txt',
      'hello',
      `${F}/upload/docs/a.txt/?overwrite=true`,
    ]);
    const ready = new FormData();
    await client.files.uploadFile('A', ready, 'docs', 'b.txt');
    expect(calls[1].body).toBe(ready);
  });

  it('getFileContent parses JSON as the reference does; getFileText answers the text as it is', async () => {
    const { client, reply } = recordingClient();
    reply({ body: '{"a":1}' });
    expect(await client.files.getFileContent('A', 'x.json')).toEqual({ a: 1 });
    reply({ body: '{"a":1}' });
    expect(await client.files.getFileText('A', 'x.json')).toBe('{"a":1}');
  });

  it('uploadFile takes a Buffer or a Uint8Array in Node and sends it as multipart', async () => {
    const { client, calls } = recordingClient();
    await client.files.uploadFile('A', Buffer.from('from a buffer'), 'docs', 'b.bin');
    await client.files.uploadFile('A', new TextEncoder().encode('from bytes'), 'docs', 'c.bin');
    const parts = calls.map((c) => (c.body as FormData).get('file') as File);
    expect(await Promise.all(parts.map(async (p) => [p.name, await p.text()]))).toEqual([
      ['b.bin', 'from a buffer'],
      ['c.bin', 'from bytes'],
    ]);
  });

  it('folder keys and tags', () => {
    expect([
      folderKey('/'),
      folderKey(''),
      folderKey('/a/b/'),
      parentFolder('a.txt'),
      parentFolder('/a/b/c.txt'),
    ]).toEqual(['/', '/', 'a/b', '/', 'a/b']);
    expect(CacheTags.FOLDER('A', folderKey('docs/'))).toBe('FOLDER-A-docs');
  });

  it('a missing app id rejects with the route-builder error', async () => {
    const { client, calls } = recordingClient();
    await expect(client.files.fileExists('', 'a')).rejects.toThrow('Invalid path params in route [files.fileExists]');
    expect(calls).toEqual([]);
  });
});

describe('files group: dot segments', () => {
  it.each(['..', '../application', 'a/./b'])('refuses %s before sending', async (path) => {
    const { client, calls } = recordingClient();
    await expect(client.files.deleteFile('A', path)).rejects.toThrow(
      "Invalid path: '.' and '..' segments are not allowed",
    );
    expect(calls).toEqual([]);
  });

  it('a name that merely looks like an encoded dot segment is encoded and sent', async () => {
    const { client, calls } = recordingClient();
    await client.files.deleteFile('A', 'docs/%2E%2E');
    expect(calls[0].url).toBe(`${F}/docs/%252E%252E/`);
  });
});
