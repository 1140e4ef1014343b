import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Backendless from 'backendless';
import { startTestServer, testDbKinds, type TestServer } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { filesRoot } from './files.test-helpers.js';

type Sdk = typeof Backendless;
type Files = {
  upload(file: unknown, path: string, overwrite?: boolean): Promise<{ fileURL: string }>;
  saveFile(path: string, name: string, content: unknown, overwrite?: boolean): Promise<string>;
  listing(
    path: string,
    pattern?: string,
    sub?: boolean,
    pagesize?: number,
    offset?: number,
  ): Promise<Array<{ name: string; size: number }>>;
  getFileCount(path: string, pattern?: string, sub?: boolean, countDirectories?: boolean): Promise<number>;
  exists(path: string): Promise<boolean>;
  renameFile(oldPath: string, newName: string): Promise<string>;
  moveFile(source: string, target: string): Promise<string>;
  copyFile(source: string, target: string): Promise<string>;
  remove(path: string): Promise<number>;
  createDirectory(path: string): Promise<unknown>;
  removeDirectory(path: string): Promise<number>;
  append(path: string, content: unknown): Promise<string>;
  appendText(path: string, text: string): Promise<string>;
};

/**
 * The published `backendless` SDK's Files group, unchanged, against Basalt over real HTTP: every
 * call an app makes to store, list, move and extend files, including those the server downloads.
 */
for (const kind of testDbKinds()) {
  describe(`backendless SDK: files [${kind}]`, () => {
    let server: TestServer;
    let f: AppFixture;
    let origin: string;
    let web: http.Server;
    let webUrl: string;
    let files: Files;
    const onDisk = (rel: string) => fs.readFileSync(path.join(filesRoot(server, f.appId), ...rel.split('/')), 'utf8');

    beforeAll(async () => {
      web = http.createServer((req, res) =>
        res
          .writeHead(req.url === '/greeting.txt' ? 200 : 404)
          .end(req.url === '/greeting.txt' ? 'hello from the web' : 'no'),
      );
      await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
      webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
      // The stand-in web server is on loopback, which downloads may reach only when configured.
      server = await startTestServer(kind, { remoteFetchPrivate: true });
      f = await appFixture(server);
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
      const app = Backendless.initApp({
        serverURL: origin,
        appId: f.appId,
        apiKey: f.keys.JS,
        standalone: true,
      } as never) as unknown as Sdk;
      files = app.Files as unknown as Files;
    });
    afterAll(async () => {
      await server?.close();
      await new Promise((resolve) => web?.close(resolve));
    });

    it('uploads a buffer and a URL, saves base64 content, lists, counts and checks existence', async () => {
      const up = await files.upload(Buffer.from('local bytes'), 'docs/local.txt');
      expect(up.fileURL).toContain(`/${f.appId}/`);
      expect(onDisk('docs/local.txt')).toBe('local bytes');

      const fromWeb = await files.upload(`${webUrl}/greeting.txt`, 'docs/greeting.txt');
      expect(fromWeb.fileURL).toMatch(/docs\/greeting\.txt$/);
      expect(onDisk('docs/greeting.txt')).toBe('hello from the web');

      expect(await files.saveFile('docs', 'saved.txt', 'saved text')).toMatch(/docs\/saved\.txt$/);
      expect(onDisk('docs/saved.txt')).toBe('saved text');

      const listed = await files.listing('docs', '*.txt', false, 10, 0);
      expect(listed.map((e) => e.name).sort()).toEqual(['greeting.txt', 'local.txt', 'saved.txt']);
      expect(await files.getFileCount('docs', '*', false, false)).toBe(3);
      expect(await files.exists('docs/saved.txt')).toBe(true);
      expect(await files.exists('docs/nothing.txt')).toBe(false);

      // The fetched URL answers with our download route.
      const got = await fetch(fromWeb.fileURL);
      expect(await got.text()).toBe('hello from the web');
    });

    it('appends text, bytes and a downloaded URL to one file', async () => {
      expect(await files.appendText('logs/app.log', 'one\n')).toMatch(/logs\/app\.log$/);
      await files.append('logs/app.log', Buffer.from('two\n'));
      await files.append('logs/app.log', `${webUrl}/greeting.txt`);
      expect(onDisk('logs/app.log')).toBe('one\ntwo\nhello from the web');
    });

    it('renames, moves, copies and removes, refusing a missing file', async () => {
      await files.createDirectory('archive');
      expect(await files.renameFile('docs/local.txt', 'renamed.txt')).toMatch(/docs\/renamed\.txt$/);
      expect(await files.moveFile('docs/renamed.txt', 'archive/')).toMatch(/archive\/renamed\.txt$/);
      expect(await files.copyFile('archive/renamed.txt', 'docs/copy.txt')).toMatch(/docs\/copy\.txt$/);
      expect(onDisk('docs/copy.txt')).toBe('local bytes');
      expect(await files.remove('docs/copy.txt')).toBe(1);
      expect(await files.exists('docs/copy.txt')).toBe(false);
      await expect(files.remove('docs/copy.txt')).rejects.toMatchObject({ status: 404 });
      expect(await files.removeDirectory('archive')).toBe(1);
      expect(await files.exists('archive')).toBe(false);
    });
  });
}
