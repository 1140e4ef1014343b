import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { PUBLISH_JOB } from './publish-jobs.repo.js';
import { JobScheduler } from '../../../jobs/index.js';
import {
  createTestApp,
  describeEachDb,
  registerDeveloper,
  startTestServer,
  type TestDeveloper,
  type TestServer,
} from '../../../test-helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Scheduled (publishAt) and repeated (repeatEvery, repeatExpiresAt) publishing through the app
 * API, fired by the publish scheduler: to a real socket.io subscriber, into the channel history,
 * cancellable, and fired once per due time when two server processes share the database.
 */
describeEachDb('scheduled and repeated publish', (server) => {
  let dev: TestDeveloper;
  let appId: string;
  let key: string;
  let origin: string;
  let socket: Socket | undefined;
  const publish = (channel: string, body: unknown) =>
    server().call('POST', `/${appId}/${key}/messaging/${channel}`, { body });
  const status = async (id: string) => (await server().call('GET', `/${appId}/${key}/messaging/${id}`)).json();
  async function history(
    channel: string,
  ): Promise<
    Array<{ messageId: string; message: unknown; publishAt: number; repeatEvery: number; timestamp: number }>
  > {
    const channels = (
      await server().call('GET', `/${appId}/console/messaging/channels`, { authKey: dev.authKey })
    ).json() as Array<{ name: string; channelid: string }>;
    const id = channels.find((c) => c.name === channel)!.channelid;
    return (
      await server().call('GET', `/${appId}/console/messaging/channels/${id}/messages?pageSize=100`, {
        authKey: dev.authKey,
      })
    ).json();
  }

  beforeAll(async () => {
    dev = await registerDeveloper(server());
    appId = await createTestApp(server(), dev.authKey);
    key = (
      await server()
        .app.basalt.dbs.system.selectFrom('api_keys')
        .select('api_key')
        .where('app_id', '=', appId)
        .where('device_type', '=', 'JS')
        .executeTakeFirstOrThrow()
    ).api_key;
    for (const name of ['later', 'repeat', 'shared'])
      await server().call('POST', `/${appId}/console/messaging/channels`, { authKey: dev.authKey, body: { name } });
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    const address = server().app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    socket?.disconnect();
  });

  it('delivers a message scheduled one second ahead to a socket.io subscriber, not before', async () => {
    socket = connect(`${origin}/${appId}`, {
      path: `/${appId}`,
      forceNew: true,
      reconnection: false,
      query: { apiKey: key, clientId: crypto.randomUUID(), userToken: 'null' },
    });
    const frames: any[] = [];
    socket.on('SUB_RES', (p: unknown) => frames.push(p));
    socket.on('SUB_READY', (p: unknown) => frames.push({ ready: p }));
    await new Promise<void>((resolve, reject) =>
      socket!.once('connect', () => resolve()).once('connect_error', reject),
    );
    socket.emit('SUB_ON', { id: 'c1', name: 'PUB_SUB_CONNECT', options: { channel: 'later' } });
    socket.emit('SUB_ON', { id: 'm1', name: 'PUB_SUB_MESSAGES', options: { channel: 'later' } });
    for (let i = 0; i < 100 && !frames.some((f) => f.ready?.id === 'm1'); i++) await sleep(20);

    const at = Date.now() + 1500;
    const res = await publish('later', { message: { hello: 'later' }, publishAt: at });
    expect(res.statusCode).toBe(200);
    const { messageId } = res.json();
    expect(res.json()).toEqual({ messageId, status: 'scheduled', errorMessage: null });
    expect(await status(messageId)).toEqual({ messageId, status: 'scheduled', errorMessage: null });
    expect(await history('later')).toEqual([]);

    const started = Date.now();
    while (!frames.some((f) => f.id === 'm1' && f.data) && Date.now() - started < 8000) await sleep(20);
    const delivered = frames.find((f) => f.id === 'm1' && f.data);
    expect(delivered?.data).toMatchObject({ messageId, message: { hello: 'later' }, publishAt: at, repeatEvery: 0 });
    expect(delivered.data.timestamp).toBeGreaterThanOrEqual(at);
    expect(await status(messageId)).toEqual({ messageId, status: 'published', errorMessage: null });
    expect((await history('later')).map((m) => m.messageId)).toEqual([messageId]);
  });

  it('repeats every second until repeatExpiresAt, then stops', async () => {
    const first = Date.now() + 1200;
    const res = await publish('repeat', {
      message: 'tick',
      publishAt: first,
      repeatEvery: 1,
      repeatExpiresAt: first + 2500,
    });
    expect(res.json().status).toBe('scheduled');
    await sleep(first + 2500 - Date.now() + 1500);
    const fired = await history('repeat');
    await sleep(1500);
    expect(await history('repeat')).toHaveLength(fired.length);
    // Due at first, first+1s, first+2s; a late poll may fold two due times into one firing.
    const dueTimes = fired.map((m) => m.publishAt).sort();
    expect(fired.length).toBeGreaterThanOrEqual(2);
    expect(fired.length).toBeLessThanOrEqual(3);
    expect(new Set(dueTimes).size).toBe(fired.length);
    for (const m of fired) {
      expect(m.repeatEvery).toBe(1);
      expect(m.publishAt).toBeGreaterThanOrEqual(first);
      expect(m.publishAt).toBeLessThanOrEqual(first + 2500);
      expect(m.timestamp).toBeGreaterThanOrEqual(m.publishAt);
    }
    expect(await status(res.json().messageId)).toMatchObject({ status: 'published' });
  });

  it('cancels a scheduled message; a second cancel or an unknown id is refused', async () => {
    const { messageId } = (await publish('later', { message: 'never', publishAt: Date.now() + 60_000 })).json();
    const cancel = await server().call('DELETE', `/${appId}/${key}/messaging/${messageId}`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toBe(true);
    expect(await status(messageId)).toMatchObject({ status: 'cancelled' });
    expect((await server().call('DELETE', `/${appId}/${key}/messaging/${messageId}`)).statusCode).toBe(409);
    expect((await server().call('DELETE', `/${appId}/${key}/messaging/NO-SUCH`)).statusCode).toBe(404);
    expect((await server().call('DELETE', `/${appId}/WRONG/messaging/${messageId}`)).statusCode).toBe(401);
  });

  it('refuses bad schedules with 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ repeatEvery: 0.5 }, 'repeatEvery'],
      [{ repeatEvery: -3 }, 'repeatEvery'],
      [{ repeatEvery: 'often' }, 'repeatEvery'],
      [{ repeatExpiresAt: Date.now() + 10_000 }, 'repeatExpiresAt'],
      [{ repeatEvery: 5, repeatExpiresAt: Date.now() - 1000 }, 'repeatExpiresAt'],
      [{ publishAt: Date.now() + 10 * 366 * 24 * 3600 * 1000 }, 'publishAt'],
    ];
    for (const [body, field] of cases) {
      const res = await publish('later', { message: 'x', ...body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toContain(field);
    }
  });

  it('fires each due time once when two server processes share the database', async () => {
    let second: TestServer | undefined;
    try {
      second = await startTestServer(server().kind, {
        dataDir: server().config.dataDir,
        pgSchemaPrefix: server().config.pgSchemaPrefix,
      });
      const first = Date.now() + 800;
      const res = await publish('shared', {
        message: 'both',
        publishAt: first,
        repeatEvery: 1,
        repeatExpiresAt: first + 3200,
      });
      expect(res.statusCode).toBe(200);
      await sleep(first + 3200 - Date.now() + 1500);
      const fired = await history('shared');
      const dueTimes = fired.map((m) => m.publishAt);
      expect(fired.length).toBeGreaterThanOrEqual(3);
      expect(fired.length).toBeLessThanOrEqual(4);
      expect(new Set(dueTimes).size).toBe(fired.length);
      expect(new Set(fired.map((m) => m.messageId)).size).toBe(fired.length);
    } finally {
      await second?.app.close();
    }
  });

  it('lets exactly one of two schedulers claim a due time', async () => {
    const { messageId } = (await publish('shared', { message: 'once', publishAt: Date.now() + 120_000 })).json();
    const fired: string[] = [];
    // Three schedulers on the same job table, as three processes would be, claim at the same moment.
    const make = () => {
      const s = new JobScheduler(server().app.basalt.dbs, server().app.log, 60_000);
      s.register(PUBLISH_JOB, {
        delivery: 'at-most-once',
        run: async (job) => {
          fired.push(job.id);
        },
      });
      return s;
    };
    const late = Date.now() + 121_000;
    const counts = await Promise.all([make().poll(late, true), make().poll(late, true), make().poll(late, true)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(fired).toEqual([messageId]);
  });
});
