import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../http/remote-fetch.js';
import { registerDeveloper, startTestServer, testDbKinds, type TestServer } from '../../test-helpers.js';
import { filesRoot, multipart } from './files.test-helpers.js';

const LIMIT = 1000;

/** A stand-in for the web: the files an app asks the server to download. */
async function startRemote(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const at = req.url ?? '/';
    if (at === '/hello.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('hello remote');
    if (at === '/more.txt') return res.writeHead(200).end(' and more');
    if (at === '/big') return res.writeHead(200, { 'content-length': String(LIMIT * 2) }).end('x'.repeat(LIMIT * 2));
    if (at === '/big-chunked') {
      res.writeHead(200, { 'transfer-encoding': 'chunked' });
      for (let i = 0; i < 20; i++) res.write('y'.repeat(LIMIT / 10));
      return res.end();
    }
    if (at === '/moved') return res.writeHead(302, { location: '/hello.txt' }).end();
    if (at === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    return res.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function appWithKey(server: TestServer): Promise<{ appId: string; apiKey: string }> {
  const { authKey } = await registerDeveloper(server);
  const created = await server.call('POST', '/console/applications', {
    authKey,
    body: { appName: `Append${Date.now()}` },
  });
  const apiKey = created.json().apiKeys.find((k: { deviceType: string }) => k.deviceType === 'JS').apiKey;
  return { appId: created.json().id, apiKey };
}

describe('private addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    'not-an-ip',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

for (const kind of testDbKinds()) {
  describe(`files: upload from a URL and append [${kind}]`, () => {
    let server: TestServer;
    let remote: Awaited<ReturnType<typeof startRemote>>;
    let appId: string;
    let apiKey: string;
    let root: string;
    const at = (rest: string, key = apiKey) => `/${appId}/${key}/files${rest}`;
    const onDisk = (rel: string) => path.join(root, ...rel.split('/'));

    beforeAll(async () => {
      remote = await startRemote();
      // The stand-in listens on loopback, which the server refuses unless configured to allow it.
      server = await startTestServer(kind, { remoteFetchPrivate: true, uploadLimit: LIMIT });
      ({ appId, apiKey } = await appWithKey(server));
      root = filesRoot(server, appId);
    });
    afterAll(async () => {
      await server?.close();
      await remote?.close();
    });

    it('stores a file the server downloads, refusing an existing one without overwrite', async () => {
      const up = await server.call('POST', at('/web/hello.txt'), { body: { url: `${remote.url}/hello.txt` } });
      expect(up.statusCode).toBe(200);
      expect(up.json().fileURL).toMatch(new RegExp(`/${appId}/${apiKey}/files/web/hello\\.txt$`));
      expect(fs.readFileSync(onDisk('web/hello.txt'), 'utf8')).toBe('hello remote');

      const again = await server.call('POST', at('/web/hello.txt'), { body: { url: `${remote.url}/more.txt` } });
      expect(again.statusCode).toBe(409);
      expect(fs.readFileSync(onDisk('web/hello.txt'), 'utf8')).toBe('hello remote');
      expect(
        (await server.call('POST', at('/web/hello.txt?overwrite=true'), { body: { url: `${remote.url}/more.txt` } }))
          .statusCode,
      ).toBe(200);
      expect(fs.readFileSync(onDisk('web/hello.txt'), 'utf8')).toBe(' and more');
    });

    it('follows a few redirects and stops a redirect loop', async () => {
      expect(
        (await server.call('POST', at('/web/moved.txt'), { body: { url: `${remote.url}/moved` } })).statusCode,
      ).toBe(200);
      expect(fs.readFileSync(onDisk('web/moved.txt'), 'utf8')).toBe('hello remote');
      const loop = await server.call('POST', at('/web/loop.txt'), { body: { url: `${remote.url}/loop` } });
      expect(loop.statusCode).toBe(502);
      expect(loop.json().message).toMatch(/redirect/i);
      expect(fs.existsSync(onDisk('web/loop.txt'))).toBe(false);
    });

    it('answers 502 for a remote error and 413 over the limit, keeping nothing', async () => {
      const missing = await server.call('POST', at('/web/missing.txt'), {
        body: { url: `${remote.url}/nothing-here` },
      });
      expect(missing.statusCode).toBe(502);
      expect(missing.json().message).toContain('404');
      for (const source of ['/big', '/big-chunked']) {
        const big = await server.call('POST', at(`/web${source}.bin`), { body: { url: `${remote.url}${source}` } });
        expect(big.statusCode).toBe(413);
        expect(fs.existsSync(onDisk(`web${source}.bin`))).toBe(false);
      }
      expect(fs.existsSync(onDisk('web/missing.txt'))).toBe(false);
    });

    it('refuses URLs that are not http(s) with a 400 naming url', async () => {
      for (const url of [
        'file:///etc/passwd',
        'ftp://example.com/x',
        'not a url',
        'http://user:pw@example.com/x',
        42,
      ]) {
        const res = await server.call('POST', at('/web/bad.txt'), { body: { url } });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/url/);
      }
      expect(fs.existsSync(onDisk('web/bad.txt'))).toBe(false);
    });

    it('appends text, base64 bytes, a multipart part and a downloaded URL, creating the file first', async () => {
      const text = await server.call('PUT', at('/log/app.log'), {
        headers: { 'content-type': 'text/plain' },
        payload: 'line 1\n',
      });
      expect(text.statusCode).toBe(404); // plain PUT on a file path is no route: appending needs /append
      const first = await server.call('PUT', at('/append/log/app.log'), {
        headers: { 'content-type': 'text/plain' },
        payload: 'line 1\n',
      });
      expect(first.statusCode).toBe(200);
      expect(first.body).toMatch(/\/files\/log\/app\.log$/);
      await server.call('PUT', at('/append/binary/log/app.log'), {
        headers: { 'content-type': 'text/plain' },
        payload: Buffer.from('line 2\n').toString('base64'),
      });
      expect(
        (await server.call('POST', at('/append/log/app.log'), multipart('file', 'part.txt', 'line 3\n'))).statusCode,
      ).toBe(200);
      expect(
        (await server.call('POST', at('/append/log/app.log'), { body: { url: `${remote.url}/hello.txt` } })).statusCode,
      ).toBe(200);
      expect(fs.readFileSync(onDisk('log/app.log'), 'utf8')).toBe('line 1\nline 2\nline 3\nhello remote');
      const listed = (await server.call('GET', at('/log'))).json();
      expect(listed.map((e: { name: string; size: number }) => [e.name, e.size])).toEqual([['app.log', 33]]);
    });

    it('refuses an append that would pass the limit and keeps the old content', async () => {
      await server.call('PUT', at('/append/log/full.log'), {
        headers: { 'content-type': 'text/plain' },
        payload: 'a'.repeat(LIMIT - 5),
      });
      const over = await server.call('PUT', at('/append/log/full.log'), {
        headers: { 'content-type': 'text/plain' },
        payload: 'b'.repeat(10),
      });
      expect(over.statusCode).toBe(413);
      expect(fs.readFileSync(onDisk('log/full.log'), 'utf8')).toBe('a'.repeat(LIMIT - 5));
      const fromUrl = await server.call('POST', at('/append/log/full.log'), {
        body: { url: `${remote.url}/hello.txt` },
      });
      expect(fromUrl.statusCode).toBe(413);
      expect(fs.statSync(onDisk('log/full.log')).size).toBe(LIMIT - 5);
      // Nothing half-written is left in the app's temporary folder either.
      const tmp = fs.readdirSync(root).filter((n) => n.startsWith('.'));
      for (const dir of tmp) expect(fs.readdirSync(path.join(root, dir))).toEqual([]);
    });

    it('refuses appending to a folder, a missing body, and a wrong key', async () => {
      await server.call('POST', at('/adir/'));
      const folder = await server.call('PUT', at('/append/adir'), {
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(folder.statusCode).toBe(409);
      const noBody = await server.call('POST', at('/append/log/none.log'), { body: {} });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json().message).toMatch(/url/);
      const wrongKey = await server.call('PUT', at('/append/log/intruder.log', 'not-a-key'), {
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(wrongKey.statusCode).toBe(401);
      expect(fs.existsSync(onDisk('log/none.log'))).toBe(false);
      expect(fs.existsSync(onDisk('log/intruder.log'))).toBe(false);
    });

    it('reads a folder named binary or append as a folder', async () => {
      await server.call('PUT', at('/append/binary/binary/notes.txt'), {
        headers: { 'content-type': 'text/plain' },
        payload: Buffer.from('in binary').toString('base64'),
      });
      expect(fs.readFileSync(onDisk('binary/notes.txt'), 'utf8')).toBe('in binary');
      const read = await server.call('GET', at('/binary/notes.txt'));
      expect(read.statusCode).toBe(200);
      expect(read.body).toBe('in binary');
    });
  });

  describe(`files: downloads stay on public networks by default [${kind}]`, () => {
    let server: TestServer;
    let remote: Awaited<ReturnType<typeof startRemote>>;
    let appId: string;
    let apiKey: string;

    beforeAll(async () => {
      remote = await startRemote();
      server = await startTestServer(kind);
      ({ appId, apiKey } = await appWithKey(server));
    });
    afterAll(async () => {
      await server?.close();
      await remote?.close();
    });

    it('refuses loopback and private addresses, by number or by name', async () => {
      const port = new URL(remote.url).port;
      for (const url of [
        `${remote.url}/hello.txt`,
        `http://localhost:${port}/hello.txt`,
        `http://[::1]:${port}/hello.txt`,
        `http://0x7f000001:${port}/hello.txt`,
        'http://169.254.169.254/latest/meta-data',
      ]) {
        const res = await server.call('POST', `/${appId}/${apiKey}/files/web/x.txt`, { body: { url } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toMatch(/not reachable/);
      }
      const append = await server.call('POST', `/${appId}/${apiKey}/files/append/web/x.txt`, {
        body: { url: `${remote.url}/hello.txt` },
      });
      expect(append.statusCode).toBe(400);
      expect(fs.existsSync(path.join(filesRoot(server, appId), 'web', 'x.txt'))).toBe(false);
    });
  });
}
