import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDbKinds, registerDeveloper, createTestApp, type TestServer } from '../../test-helpers.js';
import { filesRoot, multipart, rawRequest } from './files.test-helpers.js';

const LIMIT = 1000;

/** Every file and folder under `dir`, relative, sorted. */
function tree(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).map(String).sort();
}

// Same suite on both databases, on a server whose upload limit is small (BASALT_UPLOAD_LIMIT).
for (const kind of testDbKinds()) {
  describe(`files: size limits [${kind}]`, () => {
    let server: TestServer;
    let authKey: string;
    let appId: string;
    let root: string;
    const call = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      opts: { body?: unknown; payload?: string | Buffer; headers?: Record<string, string> } = {},
    ) => server.call(method, `/${appId}/console/files${url}`, { authKey, ...opts });

    beforeAll(async () => {
      server = await startTestServer(kind, { uploadLimit: LIMIT });
      ({ authKey } = await registerDeveloper(server));
      appId = await createTestApp(server, authKey);
      root = filesRoot(server, appId);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('accepts a file of exactly the limit', async () => {
      const res = await call('POST', '/upload/fits/exact.bin/', multipart('file', 'x', Buffer.alloc(LIMIT, 1)));
      expect(res.statusCode).toBe(200);
      expect(fs.statSync(path.join(root, 'fits', 'exact.bin')).size).toBe(LIMIT);
    });

    it('refuses an upload over the limit with 413 and leaves nothing on disk', async () => {
      const before = tree(root);
      const res = await call('POST', '/upload/big/too-big.bin/', multipart('file', 'x', Buffer.alloc(LIMIT + 1, 2)));
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
      expect(fs.existsSync(path.join(root, 'big'))).toBe(false);
      expect(tree(root)).toEqual(before);
      expect(fs.readdirSync(path.join(root, '.basalt-tmp'))).toEqual([]);
    });

    it('answers 413 over a real connection while the client is still sending', async () => {
      const big = multipart('file', 'x', Buffer.alloc(5 * 1024 * 1024, 6));
      const res = await rawRequest(
        server,
        'POST',
        `/${appId}/console/files/upload/wire/big.bin/`,
        { 'auth-key': authKey, ...big.headers },
        big.payload,
      );
      expect(res.status).toBe(413);
      expect(fs.existsSync(path.join(root, 'wire'))).toBe(false);
      expect(fs.readdirSync(path.join(root, '.basalt-tmp'))).toEqual([]);
    });

    it('keeps the old file when an overwrite is too large', async () => {
      const res = await call(
        'POST',
        '/upload/fits/exact.bin/?overwrite=true',
        multipart('file', 'x', Buffer.alloc(LIMIT * 5, 3)),
      );
      expect(res.statusCode).toBe(413);
      expect(fs.readFileSync(path.join(root, 'fits', 'exact.bin'))).toEqual(Buffer.alloc(LIMIT, 1));
      expect(fs.readdirSync(path.join(root, '.basalt-tmp'))).toEqual([]);
    });

    it('refuses a text file over the limit', async () => {
      expect((await call('POST', '/create/long.txt/', { body: { file: 'x'.repeat(LIMIT + 1) } })).statusCode).toBe(413);
      expect(fs.existsSync(path.join(root, 'long.txt'))).toBe(false);
    });

    it('refuses an archive that unpacks past the limit, extracting nothing', async () => {
      const bomb = Buffer.from(
        zipSync({ 'a.bin': new Uint8Array(LIMIT * 20), 'b.bin': new Uint8Array(10) }, { level: 9 }),
      );
      expect(bomb.length).toBeLessThan(LIMIT);
      expect((await call('POST', '/upload/bomb.zip/', multipart('file', 'bomb.zip', bomb))).statusCode).toBe(200);
      const res = await call('PUT', '/bomb.zip?operation=unzip');
      expect(res.statusCode).toBe(413);
      expect(fs.existsSync(path.join(root, 'bomb'))).toBe(false);
      expect(fs.readdirSync(path.join(root, '.basalt-tmp'))).toEqual([]);
    });

    it('refuses to zip a folder larger than the limit', async () => {
      await call('POST', '/upload/many/one.bin/', multipart('file', 'x', Buffer.alloc(LIMIT - 10, 4)));
      await call('POST', '/upload/many/two.bin/', multipart('file', 'x', Buffer.alloc(LIMIT - 10, 5)));
      expect((await call('PUT', '/many?operation=zip')).statusCode).toBe(413);
      expect(fs.existsSync(path.join(root, 'many.zip'))).toBe(false);
    });
  });
}
