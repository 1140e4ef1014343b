import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, listenForClients, registerDeveloper } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { LogClient } from './logs.test-helpers.js';

const marker = () => `marker-${crypto.randomBytes(6).toString('hex')}`;

describeEachDb('cloud-code logs: sink, /cloudcode sockets, app API Logging', (server) => {
  let origin: string;
  let f: AppFixture;
  const clients: LogClient[] = [];
  const open = async (auth: { authKey?: string; appId?: string }) => {
    const c = await LogClient.open(origin, auth);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    origin = await listenForClients(server());
    f = await appFixture(server());
  });
  afterAll(() => {
    for (const c of clients) c.close();
  });

  it("delivers a line written to the sink to the developer's socket, and a late joiner gets it from the ring", async () => {
    const live = await open({ authKey: f.dev.authKey, appId: f.appId });
    expect(await live.history(f.appId)).toEqual(expect.any(Array));
    const text = marker();
    server().app.basalt.cloudLogs.write(f.appId, {
      level: 'INFO',
      logger: 'console',
      message: text,
      kind: 'service',
      name: 'Greeter.hello',
      invocationId: 'inv-1',
    });
    const line = await live.line((l) => l.message === text);
    expect(line).toMatchObject({
      appId: f.appId,
      level: 'INFO',
      logger: 'console',
      kind: 'service',
      name: 'Greeter.hello',
      invocationId: 'inv-1',
      ts: expect.any(Number),
      seq: expect.any(Number),
    });

    const late = await open({ authKey: f.dev.authKey, appId: f.appId });
    expect((await late.history(f.appId)).map((l) => l.message)).toContain(text);
    // The console's first paint reads the same ring over REST.
    const ring = await f.console('GET', '/servercode/logs?limit=5');
    expect(ring.statusCode).toBe(200);
    expect(ring.json().lines.map((l: { message: string }) => l.message)).toContain(text);
  });

  it("refuses another developer's socket for the app, a socket without a key, and a join of an app not theirs", async () => {
    const other = await registerDeveloper(server());
    await expect(open({ authKey: other.authKey, appId: f.appId })).rejects.toThrow(/not found/);
    await expect(open({ appId: f.appId })).rejects.toThrow(/auth-key/);
    await expect(open({ authKey: 'no-such-key', appId: f.appId })).rejects.toThrow(/session has ended/);

    // Connected without an app, the other developer may not join this one, and hears nothing of it.
    const theirs = await open({ authKey: other.authKey });
    expect(await theirs.join(f.appId)).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/not found/),
    });
    const text = marker();
    server().app.basalt.cloudLogs.write(f.appId, { level: 'INFO', logger: 'console', message: text, kind: 'timer' });
    const mine = await open({ authKey: f.dev.authKey, appId: f.appId });
    expect((await mine.history(f.appId)).map((l) => l.message)).toContain(text);
    expect(theirs.lines.filter((l) => l.message === text)).toEqual([]);
    // Nor may they read the ring over REST.
    const ring = await server().call('GET', `/${f.appId}/console/servercode/logs`, { authKey: other.authKey });
    expect(ring.statusCode).toBe(404);
  });

  it("lets a team member follow the app's logs, and tags an invocation's lines with what ran", async () => {
    const mate = await registerDeveloper(server());
    const added = await f.console('POST', '/devteam', { email: mate.email });
    expect(added.statusCode).toBe(200);
    const theirs = await open({ authKey: mate.authKey });
    expect(await theirs.join(f.appId)).toEqual({ ok: true });
    await theirs.history(f.appId);
    const text = marker();
    const onLog = server().app.basalt.cloudLogs.forInvocation(f.appId, {
      kind: 'timer',
      name: 'cleanup',
      invocationId: 'inv-7',
    });
    onLog({ level: 'WARN', logger: 'console', message: text, ts: 1_700_000_000_000 });
    expect(await theirs.line((l) => l.message === text)).toMatchObject({
      appId: f.appId,
      kind: 'timer',
      name: 'cleanup',
      invocationId: 'inv-7',
      level: 'WARN',
      ts: 1_700_000_000_000,
    });
  });

  it('keeps 200 lines per app and second and then writes one "N lines dropped" line', async () => {
    const g = await appFixture(server());
    const live = await open({ authKey: g.dev.authKey, appId: g.appId });
    await live.history(g.appId);
    const sink = server().app.basalt.cloudLogs;
    const text = marker();
    // Written in one go: all of them fall in one window of the limiter.
    for (let i = 0; i < 250; i++)
      sink.write(g.appId, { level: 'DEBUG', logger: 'flood', message: `${text} ${i}`, kind: 'handler' });
    const dropped = await live.line((l) => l.kind === 'system');
    expect(dropped).toMatchObject({ level: 'WARN', message: expect.stringMatching(/^50 lines dropped/) });
    const kept = live.lines.filter((l) => l.message.startsWith(text));
    expect(kept).toHaveLength(200);
    expect(kept[0].message).toBe(`${text} 0`);
  });

  it("brings the published backendless SDK's Logging lines to the socket as client lines", async () => {
    const live = await open({ authKey: f.dev.authKey, appId: f.appId });
    await live.history(f.appId);
    const sdk = Backendless.initApp({
      serverURL: origin,
      appId: f.appId,
      apiKey: f.keys.JS,
      standalone: true,
    }) as typeof Backendless;
    const text = marker();
    const logger = sdk.Logging.getLogger('checkout');
    logger.info(text);
    logger.error(`${text} failed`, 'TypeError: x is undefined');
    await (sdk.Logging as unknown as { flush(): Promise<void> }).flush();
    const info = await live.line((l) => l.message === text);
    expect(info).toMatchObject({ kind: 'client', logger: 'checkout', level: 'INFO', appId: f.appId });
    const error = await live.line((l) => l.message.startsWith(`${text} failed`));
    expect(error).toMatchObject({ level: 'ERROR', message: `${text} failed\nTypeError: x is undefined` });
  });

  it('refuses bad Logging batches with a clear 4xx and logs nothing of them', async () => {
    const live = await open({ authKey: f.dev.authKey, appId: f.appId });
    await live.history(f.appId);
    const text = marker();
    const line = (message: string, extra: Record<string, unknown> = {}) => ({
      logger: 'l',
      message,
      'log-level': 'INFO',
      timestamp: Date.now(),
      ...extra,
    });
    const put = (body: unknown, key = f.keys.JS) => server().call('PUT', `/${f.appId}/${key}/log`, { body });

    const notArray = await put({ logger: 'l', message: text });
    expect(notArray.statusCode).toBe(400);
    const tooMany = await put(Array.from({ length: 1001 }, () => line(text)));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ code: 8004, message: expect.stringMatching(/At most 1000/) });
    const tooLong = await put([line(text), line('x'.repeat(8_193))]);
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().message).toMatch(/Log message 1 is longer than 8192/);
    const badLevel = await put([line(text, { 'log-level': 'LOUD' })]);
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().message).toMatch(/log-level/);
    const noLogger = await put([line(text, { logger: '' })]);
    expect(noLogger.statusCode).toBe(400);
    const badKey = await put([line(text)], 'not-a-key');
    expect(badKey.statusCode).toBe(401);
    // A wrong key is refused before the body is read: even an oversized one is a 401, not a 413.
    const badKeyHuge = await server().call('PUT', `/${f.appId}/not-a-key/log`, {
      payload: JSON.stringify([line('y'.repeat(3 * 1024 * 1024))]),
      headers: { 'content-type': 'application/json' },
    });
    expect(badKeyHuge.statusCode).toBe(401);
    const huge = await server().call('PUT', `/${f.appId}/${f.keys.JS}/log`, {
      payload: JSON.stringify([line('y'.repeat(3 * 1024 * 1024))]),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);

    const good = await put([line(text)]);
    expect(good.statusCode).toBe(200);
    await live.line((l) => l.message === text);
    expect(live.lines.filter((l) => l.message === text)).toHaveLength(1);
  });

  it("applies the app's logging configuration: levels per logger and the global level, also in /info", async () => {
    const g = await appFixture(server());
    expect((await g.console('GET', '/logging/config')).json()).toEqual({ loggers: [], integration: null });
    const set = await g.console('POST', '/logging/config', {
      loggers: [
        { name: 'Global logger', level: 'INFO' },
        { name: 'noisy', level: 'ERROR' },
      ],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().loggers).toEqual([
      { name: 'Global logger', level: 'INFO' },
      { name: 'noisy', level: 'ERROR' },
    ]);
    expect((await g.console('GET', '/logging/config')).json()).toEqual(set.json());
    const info = await server().call('GET', `/${g.appId}/${g.keys.JS}/info`);
    expect(info.json().loggers).toEqual(set.json().loggers);

    const live = await open({ authKey: g.dev.authKey, appId: g.appId });
    await live.history(g.appId);
    const text = marker();
    const put = (logger: string, level: string, message: string) =>
      server().call('PUT', `/${g.appId}/${g.keys.REST}/log`, {
        body: [{ logger, message, 'log-level': level, timestamp: Date.now() }],
      });
    expect((await put('shop', 'DEBUG', `${text} shop debug`)).statusCode).toBe(200);
    expect((await put('noisy', 'WARN', `${text} noisy warn`)).statusCode).toBe(200);
    expect((await put('noisy', 'ERROR', `${text} noisy error`)).statusCode).toBe(200);
    expect((await put('shop', 'INFO', `${text} shop info`)).statusCode).toBe(200);
    // Lines of one app arrive in order: once the last one is here, the dropped ones would have been too.
    await live.line((l) => l.message === `${text} shop info`);
    expect(live.lines.filter((l) => l.message.startsWith(text)).map((l) => l.message)).toEqual([
      `${text} noisy error`,
      `${text} shop info`,
    ]);

    // Cloud code's lines follow the same levels.
    server().app.basalt.cloudLogs.write(g.appId, {
      level: 'DEBUG',
      logger: 'console',
      message: `${text} c`,
      kind: 'service',
    });
    server().app.basalt.cloudLogs.write(g.appId, {
      level: 'WARN',
      logger: 'console',
      message: `${text} d`,
      kind: 'service',
    });
    await live.line((l) => l.message === `${text} d`);
    expect(live.lines.some((l) => l.message === `${text} c`)).toBe(false);

    // Bad configurations change nothing.
    const badLevel = await g.console('POST', '/logging/config', { loggers: [{ name: 'x', level: 'LOUD' }] });
    expect(badLevel.statusCode).toBe(400);
    const twice = await g.console('POST', '/logging/config', {
      loggers: [
        { name: 'x', level: 'INFO' },
        { name: 'x', level: 'WARN' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/'x' is named twice/);
    expect((await g.console('GET', '/logging/config')).json()).toEqual(set.json());

    // Emptied, everything is kept again.
    expect((await g.console('POST', '/logging/config', { loggers: [] })).json()).toEqual({
      loggers: [],
      integration: null,
    });
    expect((await put('noisy', 'DEBUG', `${text} e`)).statusCode).toBe(200);
    await live.line((l) => l.message === `${text} e`);
  });
});
