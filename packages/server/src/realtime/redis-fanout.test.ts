import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { TEST_PG_URL } from '../test-helpers.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Node { proc: ChildProcess; origin: string; output: string[] }

/** Starts a real server process, the way `npm run dev` does, and waits until it answers. */
async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const output: string[] = [];
  const proc = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  proc.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      if ((await fetch(`${origin}/console/status`)).ok) return { proc, origin, output };
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 45_000) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopNode(node: Node | undefined): Promise<void> {
  if (!node || node.proc.exitCode !== null) return;
  const exited = new Promise((r) => node.proc.once('exit', r));
  node.proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (node.proc.exitCode === null) node.proc.kill('SIGKILL');
}

/**
 * Two server processes on one PostgreSQL and one Redis: a subscriber connected to either process
 * receives what is published through the other, exactly once.
 */
describe('real-time fan-out across two server processes (Redis)', () => {
  const prefix = `t${crypto.randomBytes(4).toString('hex')}_`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-fanout-'));
  let a: Node | undefined;
  let b: Node | undefined;
  let appId: string;
  let apiKey: string;
  let authKey: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const env = { DATABASE_URL: TEST_PG_URL, BASALT_PG_SCHEMA_PREFIX: prefix, REDIS_URL, BASALT_DATA_DIR: dataDir, BASALT_CONSOLE_DIR: path.join(dataDir, 'no-console') };
    // One after the other: the first one creates the schema and runs the migrations.
    a = await startNode(env);
    b = await startNode(env);
    const email = `fanout${Date.now()}@example.com`;
    const json = { 'content-type': 'application/json' };
    expect((await fetch(`${a.origin}/console/devreg`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'correct horse battery', name: 'Fan' }) })).status).toBe(200);
    const login = await fetch(`${a.origin}/console/home/login`, { method: 'POST', headers: json, body: JSON.stringify({ login: email, password: 'correct horse battery' }) });
    authKey = String(login.headers.get('auth-key'));
    const created = await fetch(`${a.origin}/console/applications`, { method: 'POST', headers: { ...json, 'auth-key': authKey }, body: JSON.stringify({ appName: 'FanOut' }) });
    const app = (await created.json()) as { id: string; apiKeys: Array<{ deviceType: string; apiKey: string }> };
    appId = app.id;
    apiKey = app.apiKeys.find((k) => k.deviceType === 'JS')!.apiKey;
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([stopNode(a), stopNode(b)]);
    const client = new pg.Client({ connectionString: TEST_PG_URL });
    await client.connect();
    const schemas = await client.query<{ nspname: string }>('select nspname from pg_namespace where nspname like $1', [`${prefix}%`]);
    for (const { nspname } of schemas.rows) await client.query(`drop schema if exists "${nspname.replace(/"/g, '')}" cascade`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function subscriber(node: Node): Promise<{ received: unknown[] }> {
    const socket = connect(`${node.origin}/${appId}`, { path: `/${appId}`, forceNew: true, reconnection: false, query: { apiKey, clientId: crypto.randomUUID(), userToken: 'null' } });
    sockets.push(socket);
    const received: unknown[] = [];
    const id = `sub${crypto.randomBytes(4).toString('hex')}`;
    const ready = new Promise<void>((resolve, reject) => {
      socket.on('SUB_READY', (f: { id: string }) => { if (f.id === id) resolve(); });
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
      method: 'POST', headers: { 'content-type': 'application/json', 'auth-key': authKey }, body: JSON.stringify({ message: 'from A' }),
    });
    expect(viaConsoleOnA.status).toBe(200);
    const viaAppApiOnB = await fetch(`${b!.origin}/${appId}/${apiKey}/messaging/default`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'from B' }),
    });
    expect(viaAppApiOnB.status).toBe(200);

    const started = Date.now();
    while ((onA.received.length < 2 || onB.received.length < 2) && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
    // Anything duplicated would arrive right behind the originals.
    await new Promise((r) => setTimeout(r, 300));
    const texts = (list: unknown[]) => list.map((m) => (m as { message: string }).message).sort();
    expect(texts(onA.received)).toEqual(['from A', 'from B']);
    expect(texts(onB.received)).toEqual(['from A', 'from B']);
  }, 60_000);
});
