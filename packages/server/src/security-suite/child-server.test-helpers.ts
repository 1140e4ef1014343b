/**
 * A Basalt server in a process of its own, as it runs in production (`dist/main.js`, built from the
 * sources first), on a fresh data directory or a fresh PostgreSQL schema prefix, for suites that
 * must outlive a server that blocks its event loop: the test keeps its own timers, measures the
 * server from outside, and can always stop it. Its error log lines are kept, so a 500 can be told
 * by its cause.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TEST_PG_URL, type DbKind } from '../test-helpers.js';
import { httpCall, jsonOf, type HttpAnswer, type HttpOptions } from './suite.test-helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../../..');
const MAIN = path.resolve(ROOT, 'packages/server/dist/main.js');
/** Loaded before the server: it ends the server when the test process that started it is gone. */
const WATCHDOG = `data:text/javascript,${encodeURIComponent('const parent = process.ppid; setInterval(() => { if (process.ppid !== parent) process.exit(1); }, 1000).unref();')}`;

export interface ServerLogLine {
  level: number;
  msg: string;
  /** the error's type and message, when the line carries one */
  error?: string;
  url?: string;
}

export interface ChildServer {
  kind: DbKind;
  base: string;
  bodyLimit: number;
  /** error lines (level ≥ 50) the server logged */
  errors: ServerLogLine[];
  /** Ends the server; on PostgreSQL its schemas are dropped, waiting up to `waitMs` for its sessions (then in the background). */
  stop(waitMs?: number): Promise<void>;
}

let building: Promise<void> | undefined;

/**
 * Brings `dist` up to date with the sources (`tsc -b`, as `npm test` does before its suites; a
 * no-op when nothing changed), once per test process. Not run from the sources under tsx: its
 * transform adds helpers to functions that the server runs as worker code, so those would fail.
 */
export function built(): Promise<void> {
  building ??= new Promise<void>((resolve, reject) => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = spawn(process.execPath, [tsc, '-b', 'packages/shared', 'packages/server'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    run.stdout!.on('data', (c) => (out += String(c)));
    run.stderr!.on('data', (c) => (out += String(c)));
    run.once('error', reject);
    run.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`the server does not build (tsc -b exited ${code}): ${out.slice(0, 2000)}`)),
    );
  });
  return building;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startChildServer(
  kind: DbKind,
  env: Record<string, string> = {},
  onError?: (line: ServerLogLine) => void,
): Promise<ChildServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-child-'));
  const prefix = `fz${crypto.randomBytes(4).toString('hex')}_`;
  const bodyLimit = 10 * 1024 * 1024;
  await built();
  // BASALT_CHILD_NODE_OPTIONS: flags for the server's node, such as `--cpu-prof --cpu-prof-dir=<dir>`.
  const flags = process.env.BASALT_CHILD_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...flags, '--no-node-snapshot', '--import', WATCHDOG, MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASALT_DATA_DIR: dataDir,
      BASALT_PG_SCHEMA_PREFIX: prefix,
      BASALT_BODY_LIMIT: String(bodyLimit),
      LOG_LEVEL: 'error',
      // Names this server's PostgreSQL sessions, so they can be ended with it.
      PGAPPNAME: prefix,
      ...(kind === 'postgres' ? { DATABASE_URL: TEST_PG_URL } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never left running when the test process ends, whatever way it ends.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const errors: ServerLogLine[] = [];
  let pending = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      let entry: ServerLogLine | undefined;
      try {
        const o = JSON.parse(line);
        if (o.level >= 50)
          entry = {
            level: o.level,
            msg: String(o.msg ?? ''),
            ...(o.err ? { error: `${o.err.type ?? ''}: ${o.err.message ?? ''}`.slice(0, 300) } : {}),
            ...(o.req?.url ? { url: String(o.req.url).slice(0, 120) } : {}),
          };
      } catch {
        if (line.trim()) entry = { level: 50, msg: line.slice(0, 300) };
      }
      if (entry) {
        errors.push(entry);
        onError?.(entry);
      }
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    const res = await httpCall(base, 'GET', '/console/status', { timeoutMs: 2000 });
    if (res.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 60 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    kind,
    base,
    bodyLimit,
    errors,
    async stop(waitMs = 15_000) {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      process.off('exit', orphaned);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres' && !(await dropSchemas(prefix, waitMs))) {
        // A session that ignores being ended for longer (a huge plan) is waited for in the
        // background; the test goes on.
        const retry = setInterval(() => {
          void dropSchemas(prefix, 5_000).then(
            (done) => done && clearInterval(retry),
            () => undefined,
          );
        }, 10_000);
        retry.unref();
        setTimeout(() => clearInterval(retry), 600_000).unref();
      }
    },
  };
}

/**
 * Ends the PostgreSQL sessions of a stopped server (a query it left running goes on without it,
 * burning CPU and holding locks) and drops its schemas. False when a session would not end or a
 * schema stayed locked within `waitMs`.
 */
async function dropSchemas(prefix: string, waitMs: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  try {
    await client.connect();
    await client.query("set lock_timeout = '3s'");
    const until = Date.now() + waitMs;
    for (;;) {
      try {
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
          [prefix],
        );
        const { rows } = await client.query<{ nspname: string }>(
          'select nspname from pg_namespace where starts_with(nspname, $1)',
          [prefix],
        );
        for (const r of rows) await client.query(`drop schema "${r.nspname.replace(/"/g, '')}" cascade`);
        return true;
      } catch {
        // A session still ending holds a lock: try again until the time is up.
        if (Date.now() > until) return false;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A developer, one app and its keys on a child server, with shortcuts for console and app API calls. */
export interface ChildApp {
  appId: string;
  authKey: string;
  keys: Record<string, string>;
  console(method: string, p: string, body?: unknown): Promise<HttpAnswer>;
  api(method: string, p: string, opts?: HttpOptions & { key?: string }): Promise<HttpAnswer>;
  /** Like `console`, expecting 200; answers the JSON. */
  ok(method: string, p: string, body?: unknown): Promise<any>;
  user(): Promise<{ objectId: string; token: string }>;
  roleId(name: string): Promise<string>;
  table(name: string, columns: Array<{ name: string; dataType: string }>): Promise<{ tableId: string }>;
}

let seq = 0;

export async function childApp(s: ChildServer): Promise<ChildApp> {
  const must = async (res: HttpAnswer, what: string) => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.error ?? res.text.slice(0, 300)}`);
    return jsonOf(res);
  };
  const email = `fuzz${Date.now()}${seq++}@example.com`;
  const password = 'correct horse battery';
  await must(
    await httpCall(s.base, 'POST', '/console/devreg', { body: { email, password, name: 'Fuzz Developer' } }),
    'register',
  );
  const res = await fetch(`${s.base}/console/home/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: email, password }),
  });
  const authKey = res.headers.get('auth-key') ?? '';
  const answered = await res.text();
  if (res.status !== 200 || !authKey) throw new Error(`login: ${res.status} ${answered.slice(0, 300)}`);
  const app = await must(
    await httpCall(s.base, 'POST', '/console/applications', {
      authKey,
      body: { appName: `Fuzz${Date.now()}${seq++}` },
    }),
    'create app',
  );
  const keys = Object.fromEntries(
    (app.apiKeys as Array<{ deviceType: string; apiKey: string }>).map((k) => [k.deviceType, k.apiKey]),
  );
  const appId = String(app.id);
  const consoleCall = (method: string, p: string, body?: unknown) =>
    httpCall(s.base, method, `/${appId}/console${p}`, {
      authKey,
      ...(body !== undefined ? { body } : {}),
      timeoutMs: 60_000,
    });
  const api: ChildApp['api'] = (method, p, opts = {}) =>
    httpCall(s.base, method, `/${appId}/${opts.key ?? keys.REST}${p}`, opts);
  const ok = async (method: string, p: string, body?: unknown) =>
    must(await consoleCall(method, p, body), `${method} ${p}`);
  return {
    appId,
    authKey,
    keys,
    console: consoleCall,
    api,
    ok,
    async user() {
      const userEmail = `user${Date.now()}${seq++}@example.com`;
      await must(
        await api('POST', '/users/register', { body: { email: userEmail, password: 'secret pass 1' } }),
        'register user',
      );
      const logged = await must(
        await api('POST', '/users/login', { body: { login: userEmail, password: 'secret pass 1' } }),
        'login user',
      );
      return { objectId: logged.objectId, token: logged['user-token'] };
    },
    async roleId(name) {
      const roles = await ok('GET', '/security/roles');
      const role = roles.find((r: { rolename: string }) => r.rolename === name);
      if (!role) throw new Error(`no role ${name}`);
      return role.roleId;
    },
    async table(name, columns) {
      await ok('POST', '/data/tables', { name });
      for (const c of columns) await ok('POST', `/data/tables/${name}/columns`, c);
      const { tables } = await ok('GET', '/data/tables');
      return tables.find((t: { name: string }) => t.name === name);
    },
  };
}
