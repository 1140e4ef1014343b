import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL } from '../test-helpers.js';
import {
  dropSchemas,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../realtime/server-process.test-helpers.js';
import { startLocalS3, type LocalS3 } from '../storage/s3.test-helpers.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'correct horse battery';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Three real server processes on one PostgreSQL database and one Redis, each with a data folder
 * of its own (no shared disk) and files in one S3-compatible bucket (s3rver): a file uploaded
 * through one node downloads through the others; a publish repeating every second fires once per
 * tick with three nodes polling, and keeps firing when the node that ran the last tick is killed.
 */
describe('scale-out: no shared disk, work that must happen once (PostgreSQL + Redis + S3)', () => {
  const prefix = `so${crypto.randomBytes(4).toString('hex')}_`;
  const dirs: string[] = [];
  const nodes: ServerProcess[] = [];
  let s3: LocalS3;
  let db: pg.Client;
  let authKey: string;
  let appId: string;
  let jsKey: string;

  const consoleCall = (node: ServerProcess, method: string, url: string, init: { body?: string; type?: string } = {}) =>
    fetch(`${node.origin}/${appId}/console${url}`, {
      method,
      headers: { 'auth-key': authKey, ...(init.type ? { 'content-type': init.type } : {}) },
      body: init.body,
    });

  beforeAll(async () => {
    s3 = await startLocalS3();
    for (let i = 0; i < 3; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `basalt-scaleout-${i}-`));
      dirs.push(dataDir);
      // One after the other: the first one creates the schemas and runs the migrations.
      nodes.push(
        await startServerProcess({
          DATABASE_URL: TEST_PG_URL,
          BASALT_PG_SCHEMA_PREFIX: prefix,
          REDIS_URL,
          BASALT_DATA_DIR: dataDir,
          BASALT_CONSOLE_DIR: path.join(dataDir, 'no-console'),
          BASALT_SCHEDULER_INTERVAL_MS: '100',
          ...s3.env,
        }),
      );
    }
    const [a] = nodes;
    const email = `scaleout${Date.now()}@example.com`;
    expect(
      (
        await fetch(`${a.origin}/console/devreg`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD, name: 'Ops' }),
        })
      ).status,
    ).toBe(200);
    const login = await fetch(`${a.origin}/console/home/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: email, password: PASSWORD }),
    });
    authKey = String(login.headers.get('auth-key'));
    const created = await (
      await fetch(`${a.origin}/console/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'auth-key': authKey },
        body: JSON.stringify({ appName: 'ScaleOut' }),
      })
    ).json();
    appId = created.id;
    jsKey = (created.apiKeys as Array<{ deviceType: string; apiKey: string }>).find(
      (k) => k.deviceType === 'JS',
    )!.apiKey;
    db = new pg.Client({ connectionString: TEST_PG_URL });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await Promise.all(nodes.map((n) => stopServerProcess(n)));
    await dropSchemas(prefix);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    await s3?.close();
    const redis = new Redis(REDIS_URL);
    try {
      const found = await redis.keys(`basalt:${prefix}:*`);
      if (found.length) await redis.del(...found);
    } finally {
      redis.disconnect();
    }
  }, 60_000);

  it('a file uploaded through A downloads through B and C, with no shared disk', async () => {
    const [a, b, c] = nodes;
    const up = await consoleCall(a, 'POST', '/files/create/shared/report.txt', {
      body: 'made on A',
      type: 'text/plain',
    });
    expect(up.status).toBe(200);
    for (const node of [b, c]) {
      const res = await consoleCall(node, 'GET', '/files/download/shared/report.txt');
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('made on A');
    }
    // Moved through C, gone for A at once.
    expect(
      (await consoleCall(c, 'POST', '/files/move/shared/report.txt', { body: 'shared/final.txt', type: 'text/plain' }))
        .status,
    ).toBe(200);
    expect((await consoleCall(a, 'GET', '/files/download/shared/report.txt')).status).toBe(404);
    expect(await (await consoleCall(a, 'GET', '/files/download/shared/final.txt')).text()).toBe('made on A');
    // Nothing of it on any node's disk.
    for (const d of dirs) expect(fs.existsSync(path.join(d, 'apps'))).toBe(false);
  });

  it('a publish repeating every second fires once per tick with three nodes up, and keeps firing when the node running it is killed', async () => {
    const publish = await fetch(`${nodes[1].origin}/${appId}/${jsKey}/messaging/ticks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'tick', repeatEvery: 1 }),
    });
    expect(publish.status).toBe(200);
    const jobId = (await publish.json()).messageId as string;
    const job = async () =>
      (
        await db.query<{ runs: number; last_run_by: string | null; state: string }>(
          `select runs, last_run_by, state from "${prefix}system".jobs where id = $1`,
          [jobId],
        )
      ).rows[0];

    /** Waits (at most 15 s: the machine may be busy) until the job has run `n` times. */
    async function runsReach(n: number) {
      for (const started = Date.now(); ; await sleep(100)) {
        const j = await job();
        if (j.runs >= n || Date.now() - started > 15_000) return j;
      }
    }
    const started = Date.now();
    const before = await runsReach(3);
    expect(before.state).toBe('pending');
    expect(before.runs).toBeGreaterThanOrEqual(3);
    // Once per tick: never more runs than seconds since the publish (plus the first, at once).
    expect(before.runs).toBeLessThanOrEqual(Math.floor((Date.now() - started) / 1000) + 2);

    // Kill -9 the node that ran the last tick: no goodbye, no lease handed back.
    const holderPid = Number(before.last_run_by!.split(':')[1]);
    const holder = nodes.find((n) => n.child.pid === holderPid);
    expect(holder).toBeDefined();
    holder!.child.kill('SIGKILL');
    await new Promise((r) => holder!.child.once('exit', r));
    const killedAt = before.runs;

    const after = await runsReach(killedAt + 2);
    expect(after.runs - killedAt).toBeGreaterThanOrEqual(2);
    expect(Number(after.last_run_by!.split(':')[1])).not.toBe(holderPid);

    // Every firing is one message with its own due time: no tick ran twice, none on two nodes.
    const reader = nodes.find((n) => n !== holder)!;
    const channels = (await (await consoleCall(reader, 'GET', '/messaging/channels')).json()) as Array<{
      name: string;
      channelid: string;
    }>;
    const channelId = channels.find((ch) => ch.name === 'ticks')!.channelid;
    // The job keeps ticking while this reads: the messages are read between two reads of its run
    // count, and a run counted just before the first may still be publishing.
    const first = await job();
    const fired = (await (
      await consoleCall(reader, 'GET', `/messaging/channels/${channelId}/messages?pageSize=100`)
    ).json()) as Array<{ publishAt: number }>;
    const last = await job();
    expect(fired.length).toBeGreaterThanOrEqual(first.runs - 1);
    expect(fired.length).toBeLessThanOrEqual(last.runs);
    expect(new Set(fired.map((m) => m.publishAt)).size).toBe(fired.length);
    const dueTimes = fired.map((m) => m.publishAt).sort((x, y) => x - y);
    for (let i = 1; i < dueTimes.length; i++) expect(dueTimes[i] - dueTimes[i - 1]).toBeGreaterThanOrEqual(1000);
  }, 60_000);
});
