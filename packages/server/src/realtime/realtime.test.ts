import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  createTestApp,
  registerDeveloper,
  startTestServer,
  type TestDeveloper,
  type TestServer,
} from '../test-helpers.js';

/** A client that speaks the `backendless` SDK's real-time protocol, frame by frame. */
class ProtocolClient {
  readonly frames: Array<{ event: string; payload: any }> = [];
  constructor(readonly socket: Socket) {
    for (const event of ['SUB_READY', 'SUB_RES', 'MET_RES'])
      socket.on(event, (payload: unknown) => this.frames.push({ event, payload }));
  }

  /** Sends SUB_ON and resolves with the first answer for it (SUB_READY or an error SUB_RES). */
  async subscribe(
    name: string,
    options: Record<string, unknown>,
  ): Promise<{ id: string; ready: boolean; error?: { code: string; message: string } }> {
    const id = `${crypto.randomBytes(4).toString('hex')}${Date.now()}`;
    this.socket.emit('SUB_ON', { id, name, options });
    const first = await this.next((f) => f.payload.id === id);
    return { id, ready: first.event === 'SUB_READY', error: first.payload.error };
  }

  async call(name: string, options: Record<string, unknown>): Promise<any> {
    const id = `${crypto.randomBytes(4).toString('hex')}${Date.now()}`;
    this.socket.emit('MET_REQ', { id, name, options });
    return (await this.next((f) => f.event === 'MET_RES' && f.payload.id === id)).payload;
  }

  /** Data frames (SUB_RES with data) received for one subscription so far. */
  data(id: string): unknown[] {
    return this.frames
      .filter((f) => f.event === 'SUB_RES' && f.payload.id === id && 'data' in f.payload)
      .map((f) => f.payload.data);
  }

  async next(
    test: (f: { event: string; payload: any }) => boolean,
    timeoutMs = 5000,
  ): Promise<{ event: string; payload: any }> {
    const started = Date.now();
    for (;;) {
      const found = this.frames.find(test);
      if (found) return found;
      if (Date.now() - started > timeoutMs)
        throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

describe('real time (socket.io, backendless protocol)', () => {
  let server: TestServer;
  let dev: TestDeveloper;
  let appId: string;
  let apiKey: string;
  let origin: string;
  const open: Socket[] = [];

  async function client(query: Record<string, string> = {}): Promise<ProtocolClient> {
    const socket = connect(`${origin}/${appId}`, {
      path: `/${appId}`,
      forceNew: true,
      reconnection: false,
      query: { apiKey, clientId: crypto.randomUUID().toUpperCase(), userToken: 'null', ...query },
    });
    open.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    });
    return new ProtocolClient(socket);
  }

  const consolePublish = (channel: string, body: unknown) =>
    fetch(`${origin}/${appId}/console/messaging/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'auth-key': dev.authKey },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    dev = await registerDeveloper(server);
    appId = await createTestApp(server, dev.authKey);
    const row = await server.app.basalt.dbs.system
      .selectFrom('api_keys')
      .select('api_key')
      .where('app_id', '=', appId)
      .where('device_type', '=', 'JS')
      .executeTakeFirstOrThrow();
    apiKey = row.api_key;
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await server.call('POST', `/${appId}/console/messaging/channels`, { authKey: dev.authKey, body: { name: 'chat' } });
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('tells the SDK where real time lives: /info answers rtURL (this origin) and loggers', async () => {
    const res = await fetch(`${origin}/${appId}/${apiKey}/info`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ appId, apiKey, rtURL: origin, loggers: [] });
    expect((await fetch(`${origin}/${appId}/WRONG-KEY/info`)).status).toBe(401);
  });

  it('shares the port: REST paths stay with HTTP, only /{appId}/?EIO=… goes to socket.io', async () => {
    const plain = await fetch(`${origin}/${appId}/`);
    expect(plain.status).toBe(404);
    expect((await plain.json()).code).toBe('NOT_FOUND');
    const handshake = await fetch(`${origin}/${appId}/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    expect(await handshake.text()).toMatch(/^0\{"sid":/);
  });

  it('refuses a connection with a wrong API key', async () => {
    await expect(client({ apiKey: 'not-a-key' })).rejects.toThrow(/Invalid application id or API key/);
  });

  it('delivers console and app API publishes to channel subscribers, with the SDK message fields', async () => {
    const c = await client();
    expect((await c.subscribe('PUB_SUB_CONNECT', { channel: 'chat' })).ready).toBe(true);
    const sub = await c.subscribe('PUB_SUB_MESSAGES', { channel: 'chat' });
    expect(sub.ready).toBe(true);

    expect(
      (await consolePublish('chat', { message: 'from console', publisherId: 'ops', headers: { a: '1' } })).status,
    ).toBe(200);
    const app = await fetch(`${origin}/${appId}/${apiKey}/messaging/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: { text: 'from app' }, publisherId: 'u1' }),
    });
    expect(app.status).toBe(200);
    await c.next(() => c.data(sub.id).length === 2);
    const [first, second] = c.data(sub.id) as any[];
    expect(first).toMatchObject({
      message: 'from console',
      publisherId: 'ops',
      headers: { a: '1' },
      query: null,
      publishAt: 0,
      repeatEvery: 0,
      repeatExpiresAt: 0,
    });
    expect(typeof first.messageId).toBe('string');
    expect(typeof first.timestamp).toBe('number');
    expect(second).toMatchObject({ message: { text: 'from app' }, publisherId: 'u1', headers: {} });
  });

  it('applies a message selector over headers, and stops after SUB_OFF', async () => {
    const c = await client();
    const alerts = await c.subscribe('PUB_SUB_MESSAGES', { channel: 'chat', selector: "kind = 'alert' AND level > 2" });
    const all = await c.subscribe('PUB_SUB_MESSAGES', { channel: 'chat' });
    await consolePublish('chat', { message: 'low', headers: { kind: 'alert', level: 1 } });
    await consolePublish('chat', { message: 'high', headers: { kind: 'alert', level: 5 } });
    await c.next(() => c.data(all.id).length === 2);
    expect(c.data(alerts.id)).toMatchObject([{ message: 'high' }]);

    c.socket.emit('SUB_OFF', { id: all.id });
    await new Promise((r) => setTimeout(r, 100));
    await consolePublish('chat', { message: 'after', headers: { kind: 'alert', level: 9 } });
    await c.next(() => c.data(alerts.id).length === 2);
    expect(c.data(all.id)).toHaveLength(2);
  });

  it('refuses channel names outside the rule, bad selectors and unsupported subscriptions at subscribe time', async () => {
    const c = await client();
    const badName = await c.subscribe('PUB_SUB_CONNECT', { channel: 'no where' });
    expect(badName).toMatchObject({ ready: false, error: { code: 'BAD_REQUEST' } });
    const bad = await c.subscribe('PUB_SUB_MESSAGES', { channel: 'chat', selector: "kind = 'unterminated" });
    expect(bad.error?.code).toBe('BAD_REQUEST');
    expect(bad.error?.message).toMatch(/Unclosed string/);
    expect((await c.subscribe('LOGGING_MESSAGES', {})).error?.code).toBe('NOT_AVAILABLE_YET');
  });

  it('answers a frame nested deeper than a JSON body may be (128 levels) with an error, and keeps the connection', async () => {
    const c = await client();
    /** `levels` nested arrays: nest(1) is []. */
    const nest = (levels: number): unknown[] => {
      let value: unknown[] = [];
      for (let i = 1; i < levels; i++) value = [value];
      return value;
    };
    // The frame is level 1 and its options level 2, so a value of 126 levels reaches 128: allowed.
    expect((await c.call('NO_SUCH_METHOD', { value: nest(126) })).error.code).toBe('NOT_AVAILABLE_YET');
    const deep = await c.call('NO_SUCH_METHOD', { value: nest(127) });
    expect(deep.error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The frame nests arrays and objects more than 128 levels deep (the JSON depth limit)',
    });
    const sub = await c.subscribe('PUB_SUB_MESSAGES', { channel: 'chat', extra: nest(200) });
    expect(sub).toMatchObject({ ready: false, error: { code: 'BAD_REQUEST' } });

    // A frame nested 100,000 deep, written raw (the client's own encoder would recurse on it): the
    // shared-object write it asks for would overflow JSON.stringify; it is refused instead.
    const depth = 100_000;
    const raw = `2/${appId},["MET_REQ",{"id":"deep-1","name":"RSO_SET","options":{"name":"board","key":"k","data":${'['.repeat(depth)}${']'.repeat(depth)}}}]`;
    (c.socket.io as unknown as { engine: { write(data: string): void } }).engine.write(raw);
    const answer = await c.next((f) => f.event === 'MET_RES' && f.payload.id === 'deep-1');
    expect(answer.payload.error.code).toBe('BAD_REQUEST');
    expect(c.socket.connected).toBe(true);
    expect((await c.subscribe('PUB_SUB_CONNECT', { channel: 'chat' })).ready).toBe(true);
  });

  it('delivers data changes of a table with the where clause applied', async () => {
    // Each event is decided by the subscriber's permissions on the table, so the table must exist.
    expect(
      (await server.call('POST', `/${appId}/console/data/tables`, { authKey: dev.authKey, body: { name: 'Person' } }))
        .statusCode,
    ).toBe(200);
    const c = await client();
    const created = await c.subscribe('OBJECTS_CHANGES', {
      event: 'created',
      tableName: 'Person',
      whereClause: 'age >= 18',
    });
    const updated = await c.subscribe('OBJECTS_CHANGES', { event: 'updated', tableName: 'Person' });
    const deleted = await c.subscribe('OBJECTS_CHANGES', { event: 'deleted', tableName: 'Person' });
    expect([created.ready, updated.ready, deleted.ready]).toEqual([true, true, true]);
    const bus = server.app.basalt.bus;
    bus.emit('record.created', { appId, table: 'Person', record: { objectId: 'A', name: 'kid', age: 9 } });
    bus.emit('record.created', { appId, table: 'Person', record: { objectId: 'B', name: 'adult', age: 30 } });
    bus.emit('record.created', { appId, table: 'Other', record: { objectId: 'C', age: 50 } });
    bus.emit('record.created', { appId: 'another-app', table: 'Person', record: { objectId: 'D', age: 50 } });
    bus.emit('record.updated', { appId, table: 'Person', record: { objectId: 'A', age: 10 } });
    bus.emit('record.deleted', { appId, table: 'Person', record: { objectId: 'B' } });
    await c.next(() => c.data(deleted.id).length === 1);
    expect(c.data(created.id)).toEqual([{ objectId: 'B', name: 'adult', age: 30 }]);
    expect(c.data(updated.id)).toEqual([{ objectId: 'A', age: 10 }]);
    expect(c.data(deleted.id)).toEqual([{ objectId: 'B' }]);
  });

  it('delivers records created through the data API to a data-change subscriber', async () => {
    const data = (method: 'POST', path: string, body: unknown) =>
      server.call(method, `/${appId}/console/data${path}`, { authKey: dev.authKey, body });
    expect((await data('POST', '/tables', { name: 'Item' })).statusCode).toBe(200);
    expect((await data('POST', '/tables/Item/columns', { name: 'price', dataType: 'INT' })).statusCode).toBe(200);
    const c = await client();
    const sub = await c.subscribe('OBJECTS_CHANGES', {
      event: 'created',
      tableName: 'Item',
      whereClause: 'price > 10',
    });
    expect(sub.ready).toBe(true);
    expect((await data('POST', '/Item', { price: 5 })).statusCode).toBe(200);
    const expensive = await data('POST', '/Item', { price: 50 });
    expect(expensive.statusCode).toBe(200);
    await c.next(() => c.data(sub.id).length === 1);
    expect(c.data(sub.id)[0]).toMatchObject({ objectId: expensive.json().objectId, price: 50 });
  });

  it('relays channel commands and user joins, and answers SET_USER_TOKEN', async () => {
    const a = await client();
    const b = await client();
    const users = await a.subscribe('PUB_SUB_USERS', { channel: 'chat' });
    const commands = await a.subscribe('PUB_SUB_COMMANDS', { channel: 'chat' });
    expect((await b.subscribe('PUB_SUB_CONNECT', { channel: 'chat' })).ready).toBe(true);
    expect(await b.call('PUB_SUB_COMMAND', { channel: 'chat', type: 'typing', data: { on: true } })).toMatchObject({
      result: null,
    });
    await a.next(() => a.data(commands.id).length === 1);
    expect(a.data(commands.id)[0]).toMatchObject({ type: 'typing', data: { on: true }, connectionId: b.socket.id });
    await a.next(() => a.data(users.id).length >= 1);
    expect(a.data(users.id)[0]).toMatchObject({ status: 'JOINED', data: [{ connectionId: b.socket.id }] });
    expect(await b.call('SET_USER_TOKEN', { userToken: 'T-1' })).toMatchObject({ result: null });
    expect((await b.call('NO_SUCH_METHOD', {})).error.code).toBe('NOT_AVAILABLE_YET');
  });
});
