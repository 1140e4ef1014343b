import fs from 'node:fs';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerDeveloper, startTestServer, testDbKinds, type TestServer } from '../../test-helpers.js';
import { S3Storage, StorageError, appKey } from '../../storage/index.js';
import { startLocalS3, type LocalS3 } from '../../storage/s3.test-helpers.js';
import { filesRoot, multipart } from './files.test-helpers.js';

/**
 * The file manager's core operations with files in an S3 bucket (a real S3-speaking server,
 * s3rver, on this machine): what is stored is checked in the bucket, and nothing on the disk.
 */
for (const kind of testDbKinds()) {
  describe(`files on S3-compatible storage [${kind}]`, () => {
    let s3: LocalS3;
    let server: TestServer;
    let client: S3Client;
    let authKey: string;
    let appId: string;
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      opts: { body?: unknown; payload?: string | Buffer; headers?: Record<string, string> } = {},
    ) => server.call(method, `/${appId}/console/files${url}`, { authKey, ...opts });
    const text = (payload: string) => ({ payload, headers: { 'content-type': 'text/plain' } });
    /** Every key of the app in the bucket, relative to its prefix. */
    async function keys(app = appId): Promise<string[]> {
      const prefix = `apps/${appKey(app)}/files/`;
      const res = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
      return (res.Contents ?? []).map((o) => o.Key!.slice(prefix.length)).sort();
    }
    const download = async (p: string) => (await call('GET', `/download/${p}`)).body;

    beforeAll(async () => {
      s3 = await startLocalS3();
      server = await startTestServer(kind, s3.config);
      client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      ({ authKey } = await registerDeveloper(server));
      appId = await createTestApp(server, authKey);
    });
    afterAll(async () => {
      client?.destroy();
      await server?.close();
      await s3?.close();
    });

    it('creates folders and files in the bucket, reads, edits and answers exists; nothing lands on the disk', async () => {
      expect((await call('POST', '/createdir/docs/drafts/')).json()).toMatchObject({
        name: 'drafts',
        path: 'docs/drafts',
        type: 'DIRECTORY',
      });
      const created = await call('POST', '/create/docs/note%20one.txt/', { body: { file: 'hello' } });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({ name: 'note one.txt', path: 'docs/note one.txt', type: 'FILE', size: 5 });
      expect((await call('POST', '/create/docs/note%20one.txt/', { body: { file: 'again' } })).statusCode).toBe(409);
      expect(await keys()).toEqual(['docs/drafts/', 'docs/note one.txt']);
      expect((await call('GET', '/exists/docs/note%20one.txt/')).json()).toBe(true);
      expect((await call('GET', '/exists/docs/drafts/')).json()).toBe(true);
      expect((await call('GET', '/exists/docs/')).json()).toBe(true);
      expect((await call('GET', '/exists/docs/missing.txt/')).json()).toBe(false);
      expect((await call('POST', '/edit/docs/note%20one.txt/', { body: { file: 'hello, world' } })).json().size).toBe(
        12,
      );
      expect(await download('docs/note%20one.txt')).toBe('hello, world');
      expect((await call('GET', '/download/docs/none.txt')).statusCode).toBe(404);
      expect((await call('GET', '/download/docs')).statusCode).toBeGreaterThanOrEqual(400);
      // A file standing where a folder is needed is refused, as on a disk.
      expect((await call('POST', '/create/docs/note%20one.txt/inner.txt/', { body: { file: 'x' } })).statusCode).toBe(
        409,
      );
      expect(fs.existsSync(filesRoot(server, appId))).toBe(false);
    });

    it('lists a folder, one level or all below it, with counts', async () => {
      await call('POST', '/create/list/a.txt/', { body: { file: 'aaaa' } });
      await call('POST', '/create/list/b.txt/', { body: { file: 'b' } });
      await call('POST', '/create/list/inner/deep/c.log/', { body: { file: 'cc' } });
      const level = await call('GET', '/directory/view/list');
      expect(level.statusCode).toBe(200);
      expect(
        level
          .json()
          .map((e: { name: string; type: string }) => `${e.type}:${e.name}`)
          .sort(),
      ).toEqual(['DIRECTORY:inner', 'FILE:a.txt', 'FILE:b.txt']);
      expect(level.json().find((e: { name: string }) => e.name === 'a.txt')).toMatchObject({
        path: 'list/a.txt',
        size: 4,
      });
      const all = await call('GET', '/directory/view/list?sub=true');
      expect(
        all
          .json()
          .map((e: { path: string }) => e.path)
          .sort(),
      ).toEqual(['list/a.txt', 'list/b.txt', 'list/inner', 'list/inner/deep', 'list/inner/deep/c.log']);
      expect((await call('GET', '/directory/view/list/count?pattern=*.txt&sub=true')).json()).toBe(2);
      expect((await call('GET', '/directory/view/nowhere')).statusCode).toBe(404);
      expect((await call('GET', '/directory/view/list/a.txt')).statusCode).toBe(409);
    });

    it('moves, copies and renames files and folders', async () => {
      await call('POST', '/create/ops/one.txt/', { body: { file: '1' } });
      await call('POST', '/createdir/ops/target/');
      expect((await call('POST', '/move/ops/one.txt/', text('ops/target/'))).json().path).toBe('ops/target/one.txt');
      expect((await call('GET', '/exists/ops/one.txt/')).json()).toBe(false);
      expect((await call('POST', '/copy/ops/target/one.txt/', text('ops/two%20words.txt'))).json().path).toBe(
        'ops/two words.txt',
      );
      expect(await download('ops/two%20words.txt')).toBe('1');
      expect((await call('POST', '/copy/ops/two%20words.txt/', text('ops/target/one.txt'))).statusCode).toBe(409);
      const dirCopy = await call('POST', '/copy/ops/target/', text('ops/target-copy'));
      expect(dirCopy.json()).toMatchObject({ path: 'ops/target-copy', type: 'DIRECTORY' });
      expect(await download('ops/target-copy/one.txt')).toBe('1');
      expect((await call('POST', '/move/ops/target/', text('ops/target/inside/'))).statusCode).toBe(409);
      const dirMove = await call('POST', '/move/ops/target-copy/', text('ops/moved'));
      expect(dirMove.json()).toMatchObject({ path: 'ops/moved', type: 'DIRECTORY' });
      expect((await call('GET', '/exists/ops/target-copy/')).json()).toBe(false);
      expect((await call('POST', '/rename/ops/two%20words.txt/', text('three%2Bfour.txt'))).json().path).toBe(
        'ops/three+four.txt',
      );
      expect((await call('POST', '/move/ops/missing.txt/', text('ops/x.txt'))).statusCode).toBe(404);
      expect((await keys()).filter((k) => k.startsWith('ops/'))).toEqual([
        'ops/moved/',
        'ops/moved/one.txt',
        'ops/target/',
        'ops/target/one.txt',
        'ops/three+four.txt',
      ]);
    });

    it('deletes files and folders with their content', async () => {
      await call('POST', '/create/del/a/b.txt/', { body: { file: 'x' } });
      await call('POST', '/create/del/a/c.txt/', { body: { file: 'x' } });
      expect((await call('DELETE', '/del/a/b.txt/')).statusCode).toBe(200);
      expect((await keys()).filter((k) => k.startsWith('del/'))).toEqual(['del/a/c.txt']);
      expect((await call('DELETE', '/del/')).statusCode).toBe(200);
      expect((await keys()).filter((k) => k.startsWith('del/'))).toEqual([]);
      expect((await call('DELETE', '/del/')).statusCode).toBe(404);
      expect((await call('DELETE', '/%2F')).statusCode).toBe(400);
    });

    it('uploads multipart files with the overwrite rule and the size limit, leaving nothing of a refused upload', async () => {
      const up = await call('POST', '/upload/up/photo.png/', multipart('file', 'x', 'first'));
      expect(up.json()).toMatchObject({ path: 'up/photo.png', size: 5 });
      expect((await call('POST', '/upload/up/photo.png/', multipart('file', 'x', 'second'))).statusCode).toBe(409);
      expect(await download('up/photo.png')).toBe('first');
      expect(
        (await call('POST', '/upload/up/photo.png/?overwrite=true', multipart('file', 'x', 'second'))).statusCode,
      ).toBe(200);
      expect(await download('up/photo.png')).toBe('second');
      const big = await call(
        'POST',
        '/upload/up/big.bin/',
        multipart('file', 'x', Buffer.alloc(server.config.uploadLimit + 10, 1)),
      );
      expect(big.statusCode).toBe(413);
      expect((await keys()).filter((k) => k.startsWith('up/') || k.startsWith('.basalt-tmp'))).toEqual([
        'up/photo.png',
      ]);
    });

    it('zips a folder and unzips it, through the hidden staging prefix', async () => {
      await call('POST', '/create/zipme/a.txt/', { body: { file: 'alpha' } });
      await call('POST', '/create/zipme/sub/b.txt/', { body: { file: 'beta' } });
      await call('POST', '/createdir/zipme/empty/');
      const zipped = await call('PUT', '/zipme?operation=zip');
      expect(zipped.statusCode).toBe(200);
      expect(zipped.json()).toMatchObject({ path: 'zipme.zip', type: 'FILE' });
      await call('POST', '/move/zipme.zip/', text('unpacked/'));
      const unzipped = await call('PUT', '/unpacked/zipme.zip?operation=unzip');
      expect(unzipped.statusCode).toBe(200);
      expect(await download('unpacked/zipme/a.txt')).toBe('alpha');
      expect(await download('unpacked/zipme/sub/b.txt')).toBe('beta');
      expect((await call('GET', '/exists/unpacked/zipme/empty/')).json()).toBe(true);
      await call('POST', '/create/bad.zip/', { body: { file: 'not a zip at all' } });
      expect((await call('PUT', '/bad.zip?operation=unzip')).statusCode).toBe(400);
      expect((await call('GET', '/exists/bad/')).json()).toBe(false);
      expect((await keys()).some((k) => k.startsWith('.basalt-tmp'))).toBe(false);
      expect((await call('GET', '/directory/view/')).json().map((e: { name: string }) => e.name)).not.toContain(
        '.basalt-tmp',
      );
    });

    it('refuses escapes before any key is made, and keeps each app under its own prefix', async () => {
      for (const bad of ['/create/..%2F..%2Fother/x.txt/', '/create/a/..%5Cx.txt/', '/create/a%252F..%252Fb/']) {
        const res = await call('POST', bad, { body: { file: 'x' } });
        expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, bad).toBeLessThan(500);
      }
      const driver = new S3Storage(s3.config.s3!).forApp(appId);
      for (const p of ['../x', 'a/../../x', '/etc/passwd', 'a/\u0000b', '.basalt-tmp/x']) {
        await expect(
          driver.write(p, Readable.from([Buffer.from('x')]), { limit: 10, overwrite: true }),
          p,
        ).rejects.toBeInstanceOf(StorageError);
      }
      const other = await createTestApp(server, authKey);
      await server.call('POST', `/${other}/console/files/create/mine.txt/`, { authKey, body: { file: 'other' } });
      expect(await keys(other)).toEqual(['mine.txt']);
      expect(await keys()).not.toContain('mine.txt');
    });

    it('removes the files of an application when it is deleted', async () => {
      const doomed = await createTestApp(server, authKey);
      await server.call('POST', `/${doomed}/console/files/create/x.txt/`, { authKey, body: { file: 'x' } });
      expect(await keys(doomed)).toEqual(['x.txt']);
      expect((await server.call('DELETE', `/${doomed}/console/application`, { authKey })).statusCode).toBe(200);
      await expect.poll(() => keys(doomed)).toEqual([]);
      expect((await keys()).length).toBeGreaterThan(0);
    });
  });
}
