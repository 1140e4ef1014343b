import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Backendless from 'backendless';
import {
  createTestApp,
  registerDeveloper,
  startTestServer,
  type TestDeveloper,
  type TestServer,
} from '../test-helpers.js';

/** Waits until `test` holds, polling; the SDK delivers asynchronously. */
async function until(test: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The published `backendless` SDK, unchanged, against Basalt: it looks real time up through
 * `/info`, connects to `/{appId}` on the same port and subscribes with its own frames.
 */
describe('backendless SDK against Basalt real time', () => {
  let server: TestServer;
  let dev: TestDeveloper;
  let appId: string;
  let origin: string;
  let sdk: typeof Backendless;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    dev = await registerDeveloper(server);
    appId = await createTestApp(server, dev.authKey);
    const key = await server.app.basalt.dbs.system
      .selectFrom('api_keys')
      .select('api_key')
      .where('app_id', '=', appId)
      .where('device_type', '=', 'JS')
      .executeTakeFirstOrThrow();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await server.call('POST', `/${appId}/console/messaging/channels`, {
      authKey: dev.authKey,
      body: { name: 'lobby' },
    });
    sdk = Backendless.initApp({
      serverURL: origin,
      appId,
      apiKey: key.api_key,
      standalone: true,
    }) as typeof Backendless;
  });

  afterAll(async () => {
    (sdk as unknown as { RT?: { terminate?: () => void } })?.RT?.terminate?.();
    await server?.close();
  });

  it('subscribes to a channel and receives a message published through the console API', async () => {
    const received: Array<Record<string, unknown>> = [];
    const channel = sdk.Messaging.subscribe('lobby');
    let connected = false;
    channel.addConnectListener(() => {
      connected = true;
    });
    channel.addMessageListener((message: object) => received.push(message as Record<string, unknown>));
    await until(() => connected, 'the channel connection');
    // The message listener is sent after the connect answer; give that frame a moment to land.
    await new Promise((r) => setTimeout(r, 200));

    const res = await server.call('POST', `/${appId}/console/messaging/lobby`, {
      authKey: dev.authKey,
      body: { message: 'welcome', publisherId: 'console', headers: { topic: 'news' } },
    });
    expect(res.statusCode).toBe(200);
    await until(() => received.length === 1, 'the message');
    expect(received[0]).toMatchObject({
      message: 'welcome',
      publisherId: 'console',
      headers: { topic: 'news' },
      messageId: res.json().messageId,
    });
  });

  it('publishes through the SDK and a selector listener gets only matching messages', async () => {
    const selected: unknown[] = [];
    const channel = sdk.Messaging.subscribe('lobby');
    let connected = false;
    channel.addConnectListener(() => {
      connected = true;
    });
    channel.addMessageListener("priority = 'high'", (m: object) => selected.push((m as { message: unknown }).message));
    await until(() => connected, 'the channel connection');
    await new Promise((r) => setTimeout(r, 200));

    await sdk.Messaging.publish('lobby', 'quiet', { headers: { priority: 'low' } } as never);
    const answer = (await sdk.Messaging.publish('lobby', 'loud', { headers: { priority: 'high' } } as never)) as {
      status: string;
    };
    expect(answer.status).toBe('published');
    await until(() => selected.length === 1, 'the selected message');
    await new Promise((r) => setTimeout(r, 200));
    expect(selected).toEqual(['loud']);
  });

  it('receives data-change events for a table with a where clause', async () => {
    // Each event is decided by the subscriber's permissions on the table, so the table must exist.
    expect(
      (await server.call('POST', `/${appId}/console/data/tables`, { authKey: dev.authKey, body: { name: 'Order' } }))
        .statusCode,
    ).toBe(200);
    const created: Array<Record<string, unknown>> = [];
    sdk.Data.of('Order')
      .rt()
      .addCreateListener('total > 100', (obj: object) => created.push(obj as Record<string, unknown>));
    // Data subscriptions need no connect step, but the socket must be up before events flow.
    await new Promise((r) => setTimeout(r, 500));
    server.app.basalt.bus.emit('record.created', {
      appId,
      table: 'Order',
      record: { objectId: 'O1', total: 50, ___class: 'Order' },
    });
    server.app.basalt.bus.emit('record.created', {
      appId,
      table: 'Order',
      record: { objectId: 'O2', total: 500, ___class: 'Order' },
    });
    await until(() => created.length === 1, 'the data-change event');
    await new Promise((r) => setTimeout(r, 100));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ objectId: 'O2', total: 500 });
  });

  it('registers a device through the SDK', async () => {
    sdk.setupDevice({ uuid: 'sdk-device-1', platform: 'android', version: '14' });
    const reg = await sdk.Messaging.registerDevice('sdk-token-1', ['lobby']);
    expect(reg).toMatchObject({ deviceId: 'sdk-device-1', os: 'ANDROID', channels: ['lobby'] });
    const count = await server.call(
      'GET',
      `/${appId}/console/messaging/pushsize?where=${encodeURIComponent("channelName = 'lobby'")}`,
      { authKey: dev.authKey },
    );
    expect(count.json()).toBe(1);
  });
});
