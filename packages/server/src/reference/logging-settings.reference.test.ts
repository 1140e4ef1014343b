import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Backendless from 'backendless';
import type { CloudLogLine } from '@basalt/shared';
import { startTestServer, testDbKinds, type TestServer, listenForClients } from '../test-helpers.js';

// The published reference client on the logging rows of `settings` (levels, integration, clear),
// and the published app SDK's Logging and plain app API calls that obey them.
const require = createRequire(import.meta.url);
const ConsoleSDK = require('backendless-console-sdk');
const createClient: (serverUrl: string, authKey?: string, options?: object) => any = ConsoleSDK.createClient;

/** A log collector: records each POST's headers and JSON body. */
async function collector(): Promise<{
  url: string;
  posts: Array<{ headers: http.IncomingHttpHeaders; body: any }>;
  close(): void;
}> {
  const posts: Array<{ headers: http.IncomingHttpHeaders; body: any }> = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      posts.push({ headers: req.headers, body: JSON.parse(text) });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, posts, close: () => server.close() };
}

async function until<T>(what: () => Promise<T | undefined> | T | undefined, label: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() - started > 5_000) throw new Error(`waited 5 s for ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

for (const kind of testDbKinds()) {
  describe(`published backendless-console-sdk@3.0.0: logging settings [${kind}]`, () => {
    let server: TestServer;
    let url: string;
    let client: any;
    let appId: string;
    let authKey: string;
    let restKey: string;
    let jsKey: string;

    const recent = async (): Promise<CloudLogLine[]> => {
      const res = await fetch(`${url}/${appId}/console/servercode/logs`, { headers: { 'auth-key': authKey } });
      return ((await res.json()) as { lines: CloudLogLine[] }).lines;
    };
    const put = (logger: string, level: string, message: string) =>
      fetch(`${url}/${appId}/${restKey}/log`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ logger, message, 'log-level': level, timestamp: Date.now() }]),
      });

    beforeAll(async () => {
      // The collector listens on 127.0.0.1: this server may call private addresses.
      server = await startTestServer(kind, { remoteFetchPrivate: true });
      url = await listenForClients(server);
      client = createClient(url);
      const email = `reflog${Date.now()}@example.com`;
      await client.user.register({ email, password: 'reference password 1' });
      authKey = (await client.user.login(email, 'reference password 1')).authKey;
      appId = (await client.apps.createApp({ appName: 'RefLogging' })).id;
      const keys = (await client.settings.getAppSettings(appId)).apiKeysMap;
      restKey = keys.REST;
      jsKey = keys.JS;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('by default keeps every level; a logger set to ERROR keeps only ERROR and FATAL, one set OFF keeps nothing', async () => {
      expect(await client.settings.getAppLogging(appId)).toEqual({ loggers: [], integration: null });
      expect((await put('checkout', 'DEBUG', 'default debug')).status).toBe(200);
      await until(
        async () => ((await recent()).some((l) => l.message === 'default debug') ? true : undefined),
        'debug',
      );

      const set = await client.settings.setAppLoggingConfig(appId, {
        loggers: [
          { name: 'checkout', level: 'ERROR' },
          { name: 'silent', level: 'OFF' },
        ],
      });
      expect(set.loggers).toEqual([
        { name: 'checkout', level: 'ERROR' },
        { name: 'silent', level: 'OFF' },
      ]);

      // Straight to the app API (no client-side filtering): the server decides.
      expect((await put('checkout', 'INFO', 'checkout info')).status).toBe(200);
      expect((await put('silent', 'FATAL', 'silent fatal')).status).toBe(200);
      // And through the published app SDK's Logging.
      const sdk = Backendless.initApp({ serverURL: url, appId, apiKey: jsKey, standalone: true }) as typeof Backendless;
      const logger = sdk.Logging.getLogger('checkout');
      logger.info('sdk info');
      logger.error('sdk error');
      await (sdk.Logging as unknown as { flush(): Promise<void> }).flush();
      expect((await put('checkout', 'ERROR', 'checkout error')).status).toBe(200);
      await until(
        async () => ((await recent()).some((l) => l.message === 'checkout error') ? true : undefined),
        'error',
      );
      const kept = (await recent()).map((l) => l.message);
      expect(kept).toEqual(expect.arrayContaining(['sdk error', 'checkout error']));
      for (const dropped of ['checkout info', 'silent fatal', 'sdk info']) expect(kept).not.toContain(dropped);
    });

    it('forwards the kept lines to the integration endpoint with its headers, and shows a failing endpoint', async () => {
      const sink = await collector();
      try {
        const answer = await client.settings.setAppLoggingIntegration(appId, {
          enabled: true,
          url: sink.url,
          headers: { Authorization: 'Bearer collector-token' },
        });
        expect(answer.integration).toMatchObject({
          enabled: true,
          url: sink.url,
          headers: { Authorization: 'Bearer collector-token' },
        });
        expect((await put('checkout', 'INFO', 'not forwarded')).status).toBe(200);
        expect((await put('checkout', 'ERROR', 'forwarded error')).status).toBe(200);
        const post = await until(
          () => sink.posts.find((p) => p.body.lines.some((l: CloudLogLine) => l.message === 'forwarded error')),
          'the forwarded batch',
        );
        expect(post.headers.authorization).toBe('Bearer collector-token');
        expect(post.body.appId).toBe(appId);
        const forwarded = sink.posts.flatMap((p) => p.body.lines.map((l: CloudLogLine) => l.message));
        expect(forwarded).not.toContain('not forwarded');
        const seen = (await client.settings.getAppLogging(appId)).integration.delivery;
        expect(seen.delivered).toBeGreaterThanOrEqual(1);
        expect(seen.lastError).toBeNull();
      } finally {
        sink.close();
      }

      // The collector is gone: the next batch fails, and the console sees why.
      expect((await put('checkout', 'ERROR', 'to nowhere')).status).toBe(200);
      const failed = await until(async () => {
        const d = (await client.settings.getAppLogging(appId)).integration.delivery;
        return d.lastError ? d : undefined;
      }, 'a failed delivery');
      expect(failed.lastError).toMatch(/ECONNREFUSED|refused/i);

      const off = await client.settings.setAppLoggingIntegration(appId, { enabled: false });
      expect(off.integration).toMatchObject({ enabled: false, url: sink.url });
    });

    it('refuses a bad integration with a 400 naming the problem and changes nothing', async () => {
      await expect(
        client.settings.setAppLoggingIntegration(appId, { enabled: true, url: 'ftp://logs.example' }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/http\(s\) URL/),
      });
      await expect(
        client.settings.setAppLoggingIntegration(appId, { enabled: true, url: 'not a url' }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/'not a url' is not a URL/),
      });
      await expect(
        client.settings.setAppLoggingIntegration(appId, {
          enabled: true,
          url: 'https://logs.example',
          headers: { 'bad name': 'x' },
        }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/'bad name' is not a header name/) });
      await expect(
        client.settings.setAppLoggingIntegration(appId, { url: 'https://logs.example' }),
      ).rejects.toMatchObject({
        status: 400,
      });
      expect((await client.settings.getAppLogging(appId)).integration.enabled).toBe(false);
    });

    it('clearLoggers removes the loggers but the global one and empties the stored lines', async () => {
      await client.settings.setAppLoggingConfig(appId, {
        loggers: [
          { name: 'Global logger', level: 'WARN' },
          { name: 'checkout', level: 'ERROR' },
        ],
      });
      expect((await put('checkout', 'ERROR', 'before clear')).status).toBe(200);
      await until(async () => ((await recent()).length ? true : undefined), 'a stored line');
      expect(await client.settings.clearLoggers(appId)).toEqual({ removedLoggers: 1 });
      expect((await client.settings.getAppLogging(appId)).loggers).toEqual([{ name: 'Global logger', level: 'WARN' }]);
      expect(await recent()).toEqual([]);
      // The global level still applies after the clear.
      expect((await put('checkout', 'INFO', 'after clear info')).status).toBe(200);
      expect((await put('checkout', 'WARN', 'after clear warn')).status).toBe(200);
      await until(
        async () => ((await recent()).some((l) => l.message === 'after clear warn') ? true : undefined),
        'warn',
      );
      expect((await recent()).map((l) => l.message)).toEqual(['after clear warn']);
    });
  });
}
