import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL } from '../test-helpers.js';
import {
  dropSchemas,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from './server-process.test-helpers.js';
import { FrameClient } from './realtime.test-helpers.js';
import { SHARED_OBJECT_LIMITS, SharedObjects } from './shared-objects.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two server processes on one PostgreSQL and one Redis: a shared object written through process A
 * is read through process B, whose listener hears the change; the state is a Redis hash.
 */
describe('shared objects across two server processes (Redis)', () => {
  const prefix = `t${crypto.randomBytes(4).toString('hex')}_`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-rso-'));
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let appId: string;
  let apiKey: string;
  const clients: FrameClient[] = [];

  beforeAll(async () => {
    const env = {
      DATABASE_URL: TEST_PG_URL,
      BASALT_PG_SCHEMA_PREFIX: prefix,
      REDIS_URL,
      BASALT_DATA_DIR: dataDir,
      BASALT_CONSOLE_DIR: path.join(dataDir, 'none'),
    };
    // One after the other: the first creates the schema and runs the migrations.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    const json = { 'content-type': 'application/json' };
    const email = `rso${Date.now()}@example.com`;
    await fetch(`${a.origin}/console/devreg`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: 'correct horse battery', name: 'Rso' }),
    });
    const login = await fetch(`${a.origin}/console/home/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ login: email, password: 'correct horse battery' }),
    });
    const created = await fetch(`${a.origin}/console/applications`, {
      method: 'POST',
      headers: { ...json, 'auth-key': String(login.headers.get('auth-key')) },
      body: JSON.stringify({ appName: 'Rso' }),
    });
    const app = (await created.json()) as { id: string; apiKeys: Array<{ deviceType: string; apiKey: string }> };
    appId = app.id;
    apiKey = app.apiKeys.find((k) => k.deviceType === 'JS')!.apiKey;
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`basalt:${prefix}:rso*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await dropSchemas(prefix);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a value set through process A is read and heard through process B, and kept in Redis', async () => {
    const onA = await FrameClient.open(a!.origin, appId, apiKey);
    const onB = await FrameClient.open(b!.origin, appId, apiKey);
    clients.push(onA, onB);
    await onA.ready('RSO_CONNECT', { name: 'shared' });
    await onB.ready('RSO_CONNECT', { name: 'shared' });
    const changes = await onB.ready('RSO_CHANGES', { name: 'shared' });

    expect((await onA.call('RSO_SET', { name: 'shared', key: 'color', data: 'blue' })).error).toBeUndefined();
    expect((await onB.call('RSO_GET', { name: 'shared', key: 'color' })).result).toBe('blue');
    expect(await onB.settle(changes, 1)).toEqual([
      { key: 'color', data: 'blue', connectionId: onA.socket.id, userId: null },
    ]);

    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.hget(`basalt:${prefix}:rso:${appId}:shared`, 'color')).toBe('"blue"');
    } finally {
      await redis.quit();
    }
    await onB.call('RSO_CLEAR', { name: 'shared' });
    expect((await onA.call('RSO_GET', { name: 'shared' })).result).toEqual({});
  }, 60_000);

  it('enforces keys per object and objects per app in Redis, atomically with the write', async () => {
    const redis = new Redis(REDIS_URL);
    const saved = { ...SHARED_OBJECT_LIMITS };
    const objects = new SharedObjects(() => redis, `basalt:${prefix}`);
    try {
      Object.assign(SHARED_OBJECT_LIMITS, { keysPerObject: 2, objectsPerApp: 2 });
      await objects.set('app1', 'one', 'a', 1);
      await objects.set('app1', 'one', 'b', 2);
      await objects.set('app1', 'one', 'a', 3);
      await expect(objects.set('app1', 'one', 'c', 4)).rejects.toThrow(/at most 2 keys/);
      await objects.set('app1', 'two', 'a', 1);
      await expect(objects.set('app1', 'three', 'a', 1)).rejects.toThrow(/at most 2 shared objects/);
      // Another app has its own allowance; clearing frees a slot.
      await objects.set('app2', 'three', 'a', 1);
      await objects.clear('app1', 'two');
      await objects.set('app1', 'three', 'a', 1);
      expect(await objects.get('app1', 'one', undefined)).toEqual({ a: 3, b: 2 });
      await objects.dropApp('app1');
      expect(await objects.get('app1', 'one', undefined)).toEqual({});
      expect(await objects.get('app2', 'three', 'a')).toBe(1);
    } finally {
      Object.assign(SHARED_OBJECT_LIMITS, saved);
      await redis.quit();
    }
  });
});
