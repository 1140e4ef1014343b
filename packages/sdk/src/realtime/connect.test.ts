import { afterEach, describe, expect, it } from 'vitest';
import { connectRealtime, type RealtimeConnection, type RealtimeOptions } from './connect.js';
import { RealtimeError } from './frames.js';
import { API_KEY, APP_ID, startFakeRealtime, until, type FakeRealtimeServer } from './fake-server.test-helpers.js';

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const c of open.splice(0).reverse()) await c.close();
});

async function setup(
  overrides: Partial<RealtimeOptions> = {},
): Promise<{ server: FakeRealtimeServer; rt: RealtimeConnection }> {
  const server = await startFakeRealtime();
  open.push(server);
  const rt = connectRealtime({
    serverUrl: server.url,
    appId: APP_ID,
    apiKey: API_KEY,
    reconnectDelay: 50,
    reconnectDelayMax: 200,
    timeout: 3000,
    ...overrides,
  });
  open.push(rt);
  return { server, rt };
}

const subOns = (s: FakeRealtimeServer) =>
  s.frames.filter((f) => f.event === 'SUB_ON').map((f) => [f.frame.name, f.frame.options]);

describe('connectRealtime', () => {
  it('connects lazily, joins the channel before asking for its messages and delivers them', async () => {
    const { server, rt } = await setup();
    await new Promise((r) => setTimeout(r, 50));
    expect(rt.connected).toBe(false);
    const got: unknown[] = [];
    const stop = await rt.subscribe('news', (m) => got.push(m));
    expect(subOns(server)).toEqual([
      ['PUB_SUB_CONNECT', { channel: 'news' }],
      ['PUB_SUB_MESSAGES', { channel: 'news' }],
    ]);
    const [first] = server.frames;
    expect(first.query).toMatchObject({ apiKey: API_KEY, userToken: 'null' });
    expect(String(first.query.clientId)).toMatch(/^[0-9A-F-]{36}$/);
    expect(first.frame.id).toMatch(/^[A-Za-z0-9]{8}\d{13}$/);

    expect(server.push('PUB_SUB_MESSAGES', (o) => o.channel === 'news', { message: 'hello' })).toBe(1);
    await until(() => got.length === 1, 3000, 'the message');
    expect(got).toEqual([{ message: 'hello' }]);

    stop();
    await until(() => server.live.size === 0, 3000, 'SUB_OFF');
    const offs = server.frames.filter((f) => f.event === 'SUB_OFF').map((f) => f.frame.id);
    const [join, messages] = server.frames.filter((f) => f.event === 'SUB_ON').map((f) => f.frame.id);
    expect(offs).toEqual([messages, join]);
  });

  it('sends a message selector with the subscription', async () => {
    const { server, rt } = await setup();
    await rt.subscribe('news', () => undefined, { selector: "city = 'Paris'" });
    expect(subOns(server)[1]).toEqual(['PUB_SUB_MESSAGES', { channel: 'news', selector: "city = 'Paris'" }]);
  });

  it('rejects a refused subscription with the server message and code, and keeps nothing of it', async () => {
    const { server, rt } = await setup();
    const err = await rt.subscribe('secret', () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RealtimeError);
    expect(err).toMatchObject({ message: 'Not allowed to subscribe', code: 'FORBIDDEN' });
    expect(subOns(server)).toEqual([['PUB_SUB_CONNECT', { channel: 'secret' }]]);
  });

  it('subscribes to created, updated and deleted records with the where clause and tells which event happened', async () => {
    const { server, rt } = await setup();
    const got: unknown[] = [];
    const stop = await rt.onDataChange('Person', (change) => got.push(change), 'age > 20');
    expect(subOns(server)).toEqual(
      ['created', 'updated', 'deleted'].map((event) => [
        'OBJECTS_CHANGES',
        { event, tableName: 'Person', whereClause: 'age > 20' },
      ]),
    );
    server.push('OBJECTS_CHANGES', (o) => o.event === 'updated', { objectId: 'R1', age: 30 });
    await until(() => got.length === 1);
    expect(got).toEqual([{ event: 'updated', table: 'Person', record: { objectId: 'R1', age: 30 } }]);
    stop();
    await until(() => server.live.size === 0, 3000, 'SUB_OFF of the three');
  });

  it('reports a live subscription the server ends and delivers nothing more to it', async () => {
    const errors: RealtimeError[] = [];
    const { server, rt } = await setup({ onError: (e) => errors.push(e) });
    const got: unknown[] = [];
    await rt.onDataChange('Person', (c) => got.push(c), undefined, ['created']);
    const [[id, sub]] = server.live.entries();
    server.refuse(id, { code: 'FORBIDDEN', message: 'Permission lost' });
    await until(() => errors.length === 1);
    expect(errors[0]).toMatchObject({ code: 'FORBIDDEN', message: 'Permission lost' });
    sub.socket.emit('SUB_RES', { id, data: { objectId: 'late' } });
    sub.socket.emit('SUB_RES', { id: 'unknown', data: { objectId: 'stray' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([]);
  });

  it('rejects subscriptions when the server refuses the API key', async () => {
    const errors: RealtimeError[] = [];
    const { rt } = await setup({ apiKey: 'WRONG', onError: (e) => errors.push(e) });
    await expect(rt.subscribe('news', () => undefined)).rejects.toMatchObject({
      code: 'CONNECT',
      message: 'Invalid application id or API key',
    });
    expect(errors).toHaveLength(1);
  });

  it('reconnects after the server restarts on the same port and re-subscribes with the same ids', async () => {
    const statuses: string[] = [];
    const { server, rt } = await setup({ onStatus: (s) => statuses.push(s) });
    const got: unknown[] = [];
    await rt.subscribe('news', (m) => got.push(m));
    const ids = [...server.live.keys()];
    await server.close();
    await until(() => !rt.connected, 3000, 'the drop');

    const again = await startFakeRealtime(server.port);
    open.push(again);
    await until(() => again.live.size === 2, 5000, 'the re-subscription');
    expect([...again.live.keys()].sort()).toEqual([...ids].sort());
    // The join comes first again: messages are asked for only once the channel is joined.
    expect(subOns(again).map(([name]) => name)).toEqual(['PUB_SUB_CONNECT', 'PUB_SUB_MESSAGES']);
    again.push('PUB_SUB_MESSAGES', () => true, { message: 'after restart' });
    await until(() => got.length === 1);
    expect(got).toEqual([{ message: 'after restart' }]);
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected', 'connected']);
  });

  it('setUserToken tells the server and the next handshake carries the token', async () => {
    const { server, rt } = await setup({ userToken: 'T1' });
    await rt.subscribe('news', () => undefined);
    expect(server.frames[0].query.userToken).toBe('T1');
    await rt.setUserToken('T2');
    expect(server.frames.filter((f) => f.event === 'MET_REQ').map((f) => [f.frame.name, f.frame.options])).toEqual([
      ['SET_USER_TOKEN', { userToken: 'T2' }],
    ]);
    await server.close();
    const again = await startFakeRealtime(server.port);
    open.push(again);
    await until(() => again.frames.length > 0, 5000, 'the re-subscription');
    expect(again.frames[0].query.userToken).toBe('T2');
  });

  it('close rejects what is pending and refuses new subscriptions', async () => {
    const { rt } = await setup({ serverUrl: 'http://127.0.0.1:9' });
    const pending = rt.subscribe('news', () => undefined);
    rt.close();
    await expect(pending).rejects.toMatchObject({ code: 'CLOSED' });
    await expect(rt.subscribe('news', () => undefined)).rejects.toMatchObject({ code: 'CLOSED' });
  });

  it('a subscription without answer times out', async () => {
    const { rt } = await setup({ serverUrl: 'http://127.0.0.1:9', timeout: 100 });
    await expect(rt.onDataChange('Person', () => undefined)).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});
