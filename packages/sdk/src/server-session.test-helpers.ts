/**
 * Test support for SDK-against-server suites: per database, a real server listening on a free
 * port, a signed-in developer's client on it (private response cache) and one application.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer, testDbKinds, type DbKind, type TestServer } from '../../server/src/test-helpers.js';
import { createClient, type BasaltClient } from './client.js';
import { ResponseCache } from './transport/cache.js';
import { isOtpPending } from './groups/user.js';

let seq = 0;

export interface ServerSession {
  kind: DbKind;
  server: TestServer;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** A signed-in developer's client. */
  client: BasaltClient;
  appId: string;
  /** The application's API keys by device type (REST, JS ...). */
  apiKeys: Record<string, string>;
}

/** Signs a new developer in and creates an application, all through the SDK. */
export async function newSession(
  server: TestServer,
  url: string,
): Promise<Omit<ServerSession, 'kind' | 'server' | 'url'>> {
  const client = createClient(url, null, { cache: new ResponseCache() });
  const email = `sdk${Date.now()}${seq++}@example.com`;
  const password = 'correct horse battery';
  await client.user.register({ email, password, name: 'SDK Test' });
  const login = await client.user.login(email, password);
  if (isOtpPending(login)) throw new Error('two-factor is off for a new developer');
  const app = await client.apps.createApp({ appName: `SdkApp${Date.now()}${seq++}` });
  const apiKeys = Object.fromEntries((app.apiKeys ?? []).map((k) => [k.deviceType, k.apiKey]));
  return { client, appId: app.id, apiKeys };
}

/** Runs `fn` once per database against a fresh listening server (`session()` inside tests). */
export function describeAgainstServer(name: string, fn: (session: () => ServerSession) => void): void {
  for (const kind of testDbKinds()) {
    describe(`${name} [${kind}]`, () => {
      let session: ServerSession | undefined;
      beforeAll(async () => {
        const server = await startTestServer(kind);
        try {
          await server.app.listen({ port: 0, host: '127.0.0.1' });
          const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
          session = { kind, server, url, ...(await newSession(server, url)) };
        } catch (err) {
          await server.close();
          throw err;
        }
      });
      afterAll(async () => {
        await session?.server.close();
      });
      fn(() => {
        if (!session) throw new Error('server session not started');
        return session;
      });
    });
  }
}
