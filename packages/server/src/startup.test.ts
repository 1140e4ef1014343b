/**
 * The real server process, as `npm start` runs it: configuration from the environment, databases
 * created and migrated on first run, /console/status once ready, a clean exit on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_PG_URL, testDbKinds } from './test-helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', BASALT_CONSOLE_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port: Number(env.PORT), output: () => out, exited };
}

/** Polls /console/status until it answers 200; fails early if the process dies. */
async function waitReady(s: Started, timeoutMs = 45_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`server exited with ${s.child.exitCode}:\n${s.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${s.port}/console/status`);
      if (res.status === 200) return (await res.json()) as Record<string, unknown>;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${s.output()}`);
}

/** Sends SIGTERM and answers the exit code and how long the exit took. */
async function stop(s: Started): Promise<{ code: number | null; ms: number }> {
  const t0 = Date.now();
  s.child.kill('SIGTERM');
  const code = await Promise.race([s.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 8000))]);
  if (code === 'timeout') throw new Error(`no exit within 8 s of SIGTERM:\n${s.output()}`);
  return { code, ms: Date.now() - t0 };
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

describe('server process', () => {
  if (testDbKinds().includes('sqlite')) {
    it(
      'starts on SQLite: creates and migrates system.db, answers status, exits 0 on SIGTERM',
      { timeout: 90_000 },
      async () => {
        const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-start-')), 'fresh', 'data');
        try {
          const s = startServer({ PORT: String(await freePort()), BASALT_DATA_DIR: dataDir });
          const status = await waitReady(s);
          expect(status).toMatchObject({ ready: true, database: 'sqlite', mail: 'log' });

          const db = new Database(path.join(dataDir, 'system.db'), { readonly: true });
          const migrations = db.prepare('select name from kysely_migration order by name').all() as Array<{
            name: string;
          }>;
          const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{
            name: string;
          }>;
          db.close();
          expect(migrations.map((m) => m.name)).toContain('0001-foundation');
          expect(tables.map((t) => t.name)).toEqual(
            expect.arrayContaining(['developers', 'dev_sessions', 'apps', 'api_keys']),
          );

          // It works end to end: register over real HTTP.
          const reg = await fetch(`http://127.0.0.1:${s.port}/console/devreg`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'first@example.com', password: 'long enough pw' }),
          });
          expect(reg.status).toBe(200);

          const { code, ms } = await stop(s);
          expect(code).toBe(0);
          expect(ms).toBeLessThan(5000);
        } finally {
          fs.rmSync(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
        }
      },
    );

    it('refuses a malformed setting with a short reason and exit code 1', { timeout: 60_000 }, async () => {
      const s = startServer({ PORT: 'eighty' });
      expect(await s.exited).toBe(1);
      expect(s.output()).toContain('Basalt could not start: PORT must be a whole number');
    });
  }

  if (testDbKinds().includes('postgres')) {
    it(
      'starts on PostgreSQL: creates and migrates its schema, answers status, exits 0 on SIGTERM',
      { timeout: 90_000 },
      async () => {
        const prefix = `st${crypto.randomBytes(4).toString('hex')}_`;
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-start-'));
        const client = new pg.Client({ connectionString: TEST_PG_URL });
        await client.connect();
        try {
          const s = startServer({
            PORT: String(await freePort()),
            BASALT_DATA_DIR: dataDir,
            DATABASE_URL: TEST_PG_URL,
            BASALT_PG_SCHEMA_PREFIX: prefix,
          });
          const status = await waitReady(s);
          expect(status).toMatchObject({ ready: true, database: 'postgres' });

          const migrations = await client.query(`select name from "${prefix}system".kysely_migration order by name`);
          expect(migrations.rows.map((r) => r.name)).toContain('0001-foundation');
          const tables = await client.query(
            'select table_name from information_schema.tables where table_schema = $1',
            [`${prefix}system`],
          );
          expect(tables.rows.map((r) => r.table_name)).toEqual(
            expect.arrayContaining(['developers', 'dev_sessions', 'apps', 'api_keys']),
          );
          // Nothing of the system data lands in SQLite when PostgreSQL is configured.
          expect(fs.existsSync(path.join(dataDir, 'system.db'))).toBe(false);

          const { code, ms } = await stop(s);
          expect(code).toBe(0);
          expect(ms).toBeLessThan(5000);
        } finally {
          const schemas = await client.query('select nspname from pg_namespace where starts_with(nspname, $1)', [
            prefix,
          ]);
          for (const r of schemas.rows) await client.query(`drop schema if exists "${r.nspname}" cascade`);
          await client.end();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      },
    );
  }
});
