import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { TEST_PG_URL } from '../test-helpers.js';
import { LogClient } from '../modules/cloudcode/logs/logs.test-helpers.js';
import {
  dropSchemas,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from './server-process.test-helpers.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two server processes on one PostgreSQL and one Redis: a subscriber connected to either process
 * receives what is published through the other, exactly once.
 */
describe('real-time fan-out across two server processes (Redis)', () => {
  const prefix = `t${crypto.randomBytes(4).toString('hex')}_`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-fanout-'));
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let appId: string;
  let apiKey: string;
  let authKey: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const env = {
      DATABASE_URL: TEST_PG_URL,
      BASALT_PG_SCHEMA_PREFIX: prefix,
      REDIS_URL,
      BASALT_DATA_DIR: dataDir,
      BASALT_CONSOLE_DIR: path.join(dataDir, 'no-console'),
    };
    // One after the other: the first one creates the schema and runs the migrations.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    const email = `fanout${Date.now()}@example.com`;
    const json = { 'content-type': 'application/json' };
    expect(
      (
        await fetch(`${a.origin}/console/devreg`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password: 'correct horse battery', name: 'Fan' }),
        })
      ).status,
    ).toBe(200);
    const login = await fetch(`${a.origin}/console/home/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ login: email, password: 'correct horse battery' }),
    });
    authKey = String(login.headers.get('auth-key'));
    const created = await fetch(`${a.origin}/console/applications`, {
      method: 'POST',
      headers: { ...json, 'auth-key': authKey },
      body: JSON.stringify({ appName: 'FanOut' }),
    });
    const app = (await created.json()) as { id: string; apiKeys: Array<{ deviceType: string; apiKey: string }> };
    appId = app.id;
    apiKey = app.apiKeys.find((k) => k.deviceType === 'JS')!.apiKey;
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await dropSchemas(prefix);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function subscriber(node: ServerProcess): Promise<{ received: unknown[] }> {
    const socket = connect(`${node.origin}/${appId}`, {
      path: `/${appId}`,
      forceNew: true,
      reconnection: false,
      query: { apiKey, clientId: crypto.randomUUID(), userToken: 'null' },
    });
    sockets.push(socket);
    const received: unknown[] = [];
    const id = `sub${crypto.randomBytes(4).toString('hex')}`;
    const ready = new Promise<void>((resolve, reject) => {
      socket.on('SUB_READY', (f: { id: string }) => {
        if (f.id === id) resolve();
      });
      socket.on('SUB_RES', (f: { id: string; data?: unknown; error?: unknown }) => {
        if (f.id !== id) return;
        if (f.error) reject(new Error(JSON.stringify(f.error)));
        else received.push(f.data);
      });
      socket.on('connect_error', reject);
    });
    socket.emit('SUB_ON', { id, name: 'PUB_SUB_MESSAGES', options: { channel: 'default' } });
    await ready;
    return { received };
  }

  it('a subscriber on one process receives what the other publishes, exactly once', async () => {
    const onA = await subscriber(a!);
    const onB = await subscriber(b!);

    const viaConsoleOnA = await fetch(`${a!.origin}/${appId}/console/messaging/default`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'auth-key': authKey },
      body: JSON.stringify({ message: 'from A' }),
    });
    expect(viaConsoleOnA.status).toBe(200);
    const viaAppApiOnB = await fetch(`${b!.origin}/${appId}/${apiKey}/messaging/default`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'from B' }),
    });
    expect(viaAppApiOnB.status).toBe(200);

    const started = Date.now();
    while ((onA.received.length < 2 || onB.received.length < 2) && Date.now() - started < 10_000)
      await new Promise((r) => setTimeout(r, 20));
    // Anything duplicated would arrive right behind the originals.
    await new Promise((r) => setTimeout(r, 300));
    const texts = (list: unknown[]) => list.map((m) => (m as { message: string }).message).sort();
    expect(texts(onA.received)).toEqual(['from A', 'from B']);
    expect(texts(onB.received)).toEqual(['from A', 'from B']);
  }, 60_000);

  it("spreads an app's log lines and its logging levels to every process, each line once", async () => {
    const onA = await LogClient.open(a!.origin, { authKey, appId });
    const onB = await LogClient.open(b!.origin, { authKey, appId });
    try {
      await Promise.all([onA.history(appId), onB.history(appId)]);
      const marker = `marker-${crypto.randomBytes(6).toString('hex')}`;
      const log = (node: ServerProcess, level: string, message: string) =>
        fetch(`${node.origin}/${appId}/${apiKey}/log`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify([{ logger: 'shop', message, 'log-level': level, timestamp: Date.now() }]),
        });
      expect((await log(b!, 'INFO', `${marker} 1`)).status).toBe(200);
      await Promise.all([onA.line((l) => l.message === `${marker} 1`), onB.line((l) => l.message === `${marker} 1`)]);

      // The levels set through one process decide on the other (invalidation bus).
      const set = await fetch(`${a!.origin}/${appId}/console/logging/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'auth-key': authKey },
        body: JSON.stringify({ loggers: [{ name: 'shop', level: 'WARN' }] }),
      });
      expect(set.status).toBe(200);
      // B's memory of the levels (which its /info answers from) drops them once the message arrives.
      const started = Date.now();
      for (;;) {
        const info = (await (await fetch(`${b!.origin}/${appId}/${apiKey}/info`)).json()) as { loggers: unknown[] };
        if (info.loggers.length === 1) break;
        if (Date.now() - started > 10_000) throw new Error('the levels did not reach the other process');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await log(b!, 'INFO', `${marker} 2`)).status).toBe(200);
      expect((await log(b!, 'ERROR', `${marker} 3`)).status).toBe(200);
      await Promise.all([onA.line((l) => l.message === `${marker} 3`), onB.line((l) => l.message === `${marker} 3`)]);
      // Anything duplicated would arrive right behind the originals.
      await new Promise((r) => setTimeout(r, 300));
      const mine = (c: LogClient) => c.lines.filter((l) => l.message.startsWith(marker)).map((l) => l.message);
      expect(mine(onA)).toEqual([`${marker} 1`, `${marker} 3`]);
      expect(mine(onB)).toEqual([`${marker} 1`, `${marker} 3`]);

      // A late joiner on the other process finds the lines in its ring.
      const late = await LogClient.open(a!.origin, { authKey, appId });
      try {
        expect((await late.history(appId)).map((l) => l.message).filter((m) => m.startsWith(marker))).toEqual([
          `${marker} 1`,
          `${marker} 3`,
        ]);
      } finally {
        late.close();
      }
    } finally {
      onA.close();
      onB.close();
    }
  }, 60_000);
});
