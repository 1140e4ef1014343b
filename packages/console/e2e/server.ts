import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

/** The built console the server will serve: BASALT_CONSOLE_DIR when set, else the workspace's dist. */
export function consoleDir(): string {
  return process.env.BASALT_CONSOLE_DIR
    ? path.resolve(repoRoot, process.env.BASALT_CONSOLE_DIR)
    : path.resolve(here, '../dist');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, isAlive: () => boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`The Basalt server stopped while starting:\n${log()}`);
    try {
      const res = await fetch(`${url}/console/status`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The Basalt server did not answer /console/status within 60 s:\n${log()}`);
}

/**
 * Drops every PostgreSQL schema a run created. The prefix is random per run, so this never
 * reaches another run's (or another engineer's) schemas on a shared database.
 */
export async function dropSchemas(databaseUrl: string, prefix: string): Promise<void> {
  // pg is the server's driver; the journeys borrow it instead of adding a dependency.
  const require = createRequire(import.meta.url);
  const pg = require('pg') as typeof import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // `_` is a LIKE wildcard: escaped so only this exact prefix matches.
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like $1 escape '\\'",
      [`${prefix.replace(/_/g, '\\_')}%`],
    );
    for (const { nspname } of rows)
      await client.query(`drop schema if exists "${nspname.replace(/"/g, '""')}" cascade`);
  } finally {
    await client.end();
  }
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** PostgreSQL URL when the server keeps its data there, else undefined (SQLite). */
  databaseUrl?: string;
  /** Prefix of the PostgreSQL schemas this server owns (unique per run). */
  schemaPrefix?: string;
  stop: () => Promise<void>;
}

/**
 * Runs the real server — the same `main.ts` as `npm start` — on a free loopback port with a fresh
 * data directory, serving the built console. With a database URL it keeps system and app data in
 * PostgreSQL under a schema prefix of its own, dropped again by `stop()`. Nothing is built here.
 */
export async function startServer(
  opts: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(consoleDir(), 'index.html'))) {
    throw new Error(`The console is not built in ${consoleDir()}: run \`npm run build\` before the journeys.`);
  }
  const databaseUrl = opts.databaseUrl || undefined;
  const schemaPrefix = databaseUrl ? `e2e${crypto.randomBytes(4).toString('hex')}_` : undefined;
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASALT_DATA_DIR: dataDir,
      BASALT_PUBLIC_URL: url,
      BASALT_CONSOLE_DIR: consoleDir(),
      DATABASE_URL: databaseUrl ?? '',
      ...(schemaPrefix ? { BASALT_PG_SCHEMA_PREFIX: schemaPrefix } : {}),
      // Mails (team invitations, resets) land as files here for the journeys to read.
      BASALT_MAIL_DIR: path.join(dataDir, 'mail'),
      LOG_LEVEL: 'warn',
      // Published UI containers are served on a second listener: a free port, so parallel runs never collide.
      BASALT_UI_PORT: '0',
      // Settings a journey needs on a server of its own (e.g. a pause between import batches).
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let alive = true;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      alive = false;
      resolve();
    }),
  );

  const cleanUp = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && schemaPrefix) await dropSchemas(databaseUrl, schemaPrefix);
  };

  try {
    await waitForReady(
      url,
      () => alive,
      () => output,
    );
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    await cleanUp();
    throw err;
  }

  return {
    url,
    dataDir,
    databaseUrl,
    schemaPrefix,
    stop: async () => {
      if (alive) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await cleanUp();
    },
  };
}
