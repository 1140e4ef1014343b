// Shared pieces of the benchmarks: start a built Basalt server on a temporary data dir, time
// request loops over loopback, and format results. Loops are bounded in count and time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts `packages/server/dist/main.js` (run `npm run build` first) and waits for /console/status. */
export async function startServer(env = {}, { nodeArgs = [] } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-bench-'));
  // BASALT_BENCH_SERVER names another build's main.js, to compare two versions on one machine.
  const main = process.env.BASALT_BENCH_SERVER ?? path.join(root, 'packages/server/dist/main.js');
  const child = spawn(process.execPath, ['--no-node-snapshot', ...nodeArgs, main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASALT_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BASALT_LOGIN_MAX_FAILURES: '1000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/console/status`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function json(url, { method = 'GET', body, authKey, headers = {} } = {}) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(authKey ? { 'auth-key': authKey } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return { res, body: text ? JSON.parse(text) : undefined };
}

/** Runs `fn` `count` times with `concurrency` in flight (stopping after `maxMs`); answers latency stats. */
export async function measure(name, fn, { count = 2000, concurrency = 8, maxMs = 20_000 } = {}) {
  const times = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < count && performance.now() - started < maxMs) {
      const i = next++;
      const t0 = performance.now();
      await fn(i);
      times.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { name, count: times.length, opsPerSec: (times.length / total) * 1000, p50: pct(50), p99: pct(99) };
}

/**
 * A small keep-alive HTTP client for the load loops: the same for Basalt, the peers and the thin
 * server, so differences between them are theirs and not the client's. Answers the parsed JSON body.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
export function request(method, url, { headers = {}, body } = {}) {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode >= 400)
            return reject(new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 300)}`));
          try {
            resolve(text ? JSON.parse(text) : undefined);
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Waits until `url` answers (any status below 500), for peers started as child processes. */
export async function waitFor(url, { timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc; undefined where there is no
 * /proc. On a shared, loaded machine wall-clock rates swing widely, while the server's CPU time
 * per operation stays a steady measure of its own cost.
 */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export function table(rows) {
  const lines = ['| benchmark | ops | ops/s | p50 ms | p99 ms |', '|---|---:|---:|---:|---:|'];
  for (const r of rows)
    lines.push(`| ${r.name} | ${r.count} | ${r.opsPerSec.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`);
  return lines.join('\n');
}
