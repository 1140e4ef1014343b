// Cloud-code benchmarks of issue 17 (its Speed section), run by `npm run bench -- --cloud-code-only`
// and at the end of a full `npm run bench`. One Basalt server (built) on a temporary data dir:
//   1. app API find on an app with no cloud code beside an app whose one handler is on another
//      table (the interceptor registry's short-circuit), measured in alternation;
//   2. a trivial service method (`Bench.ping`) over loopback at a few concurrencies;
//   3. create on a table with one (empty) before-create handler beside a table without one;
//   4. the time a 10-file deploy takes, from the client (loopback, one request after the other);
//   5. timer drift: 100 timers every second for ~10 s, lateness read from the timer logs;
//   6. Parse Server Cloud Code (`Parse.Cloud.define`) over REST, when parse-server is installed in
//      BENCH_PARSE_DIR or bench/peers (never installed by this file: see bench/peers.mjs); not with
//      --no-peers.
// Answers markdown lines for RESULTS.md; targets are judged by `verdicts`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, json, measure, request, root, startServer, table, waitFor } from './lib.mjs';
import { WARM_UP, WARM_UP_MAX_MS } from './records.mjs';

const FIND_MS = 4000;
const FIND_ROUNDS = 3;
const TIMERS = 100;
const TIMER_WINDOW_S = 10;
const CONCURRENCIES = [1, 4, 16];

const SERVICE = 'class Bench { ping() { return 1 } }\nBackendless.ServerCode.addService(Bench)\n';
const HANDLER = "Backendless.ServerCode.Persistence.beforeCreate('Hooked', (req) => {})\n";

async function newApp(server, authKey, appName) {
  const app = (await json(`${server.url}/console/applications`, { method: 'POST', authKey, body: { appName } })).body;
  const info = (await json(`${server.url}/${app.id}/console/app-info`, { authKey })).body;
  const apiKey = info.apiKeys.find((k) => k.deviceType === 'REST').apiKey;
  const consoleBase = `${server.url}/${app.id}/console`;
  return {
    appId: app.id,
    api: `${server.url}/${app.id}/${apiKey}`,
    console: consoleBase,
    async table(name) {
      await json(`${consoleBase}/data/tables`, { method: 'POST', authKey, body: { name } });
      for (const column of [
        { name: 'name', dataType: 'STRING' },
        { name: 'age', dataType: 'INT', indexed: true },
      ])
        await json(`${consoleBase}/data/tables/${name}/columns`, { method: 'POST', authKey, body: column });
    },
    deploy: (files) => json(`${consoleBase}/servercode/default/production/JS`, { method: 'PUT', authKey, body: files }),
  };
}

const warm = (fn) => measure('warm', fn, { count: WARM_UP, concurrency: 16, maxMs: WARM_UP_MAX_MS });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pctOf = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** 1: finds of 15 rows on the same data in both apps, alternated so the machine's load hits both. */
async function findEntry(plain, hooked) {
  const find = (app) => (i) =>
    request('POST', `${app.api}/data/Plain/find`, { body: { where: `age = ${i % 100}`, pageSize: 15 } });
  for (const app of [plain, hooked])
    for (let i = 0; i < 1500; i += 100)
      await request('POST', `${app.api}/data/bulk/Plain`, {
        body: Array.from({ length: 100 }, (_, j) => ({ name: `p${i + j}`, age: (i + j) % 100 })),
      });
  await warm(find(plain));
  await warm(find(hooked));
  const runs = { plain: [], hooked: [] };
  for (let r = 0; r < FIND_ROUNDS; r++)
    for (const [key, app] of r % 2
      ? [
          ['hooked', hooked],
          ['plain', plain],
        ]
      : [
          ['plain', plain],
          ['hooked', hooked],
        ])
      runs[key].push(await measure(key, find(app), { count: 10_000_000, concurrency: 16, maxMs: FIND_MS }));
  const rate = (xs) => median(xs.map((x) => x.opsPerSec));
  return {
    rows: [
      { ...runs.plain.sort((a, b) => a.opsPerSec - b.opsPerSec)[1], name: 'find, app with no cloud code (median)' },
      {
        ...runs.hooked.sort((a, b) => a.opsPerSec - b.opsPerSec)[1],
        name: 'find, app with a handler on another table (median)',
      },
    ],
    each: `plain ${runs.plain.map((x) => Math.round(x.opsPerSec)).join(' / ')}/s, with a handler elsewhere ${runs.hooked.map((x) => Math.round(x.opsPerSec)).join(' / ')}/s`,
    ratio: rate(runs.hooked) / rate(runs.plain),
    // How far the rounds of one app spread: a difference smaller than that is noise.
    spread: Math.max(...Object.values(runs).map((xs) => spreadOf(xs.map((x) => x.opsPerSec)))),
  };
}

/** 2: POST /services/Bench/ping with no body, at each concurrency. */
async function serviceEntry(app) {
  const ping = () => request('POST', `${app.api}/services/Bench/ping`, { body: {} });
  const answer = await ping();
  if (answer !== 1) throw new Error(`Bench.ping answered ${JSON.stringify(answer)}`);
  await warm(ping);
  const rows = [];
  for (const c of CONCURRENCIES)
    rows.push(await measure(`service Bench.ping, ${c} in flight`, ping, { count: 3000, concurrency: c, maxMs: 8000 }));
  return rows;
}

/** 3: single-record creates on a table with an empty before-create handler and on one without. */
async function handlerEntry(app) {
  const create = (t) => (i) => request('POST', `${app.api}/data/${t}`, { body: { name: `c${i}`, age: i % 100 } });
  await warm(create('Plain'));
  await warm(create('Hooked'));
  const rows = [];
  for (const [t, name] of [
    ['Plain', 'create, no handler (1 in flight)'],
    ['Hooked', 'create, one before-create handler (1 in flight)'],
    ['Plain', 'create, no handler, again (1 in flight)'],
  ])
    rows.push(await measure(name, create(t), { count: 1000, concurrency: 1, maxMs: 8000 }));
  return { rows, added: rows[1].p50 - (rows[0].p50 + rows[2].p50) / 2 };
}

/** 4: ten files (nine helpers and a service using them); five deploys, each changing one file. */
async function deployEntry(app) {
  const times = [];
  for (let d = 0; d < 6; d++) {
    const files = Array.from({ length: 9 }, (_, i) => ({
      id: `lib/helper${i}.js`,
      content: `export function helper${i}(x) {\n  return x + ${i} + ${d};\n}\n`,
    }));
    files.push({
      id: 'services/Deployed.js',
      content: `${files.map((_, i) => `import { helper${i} } from '../lib/helper${i}.js';\n`).join('')}class Deployed {\n  /** @param {number} x */\n  sum(x) { return ${files.map((_, i) => `helper${i}(x)`).join(' + ')} }\n}\nBackendless.ServerCode.addService(Deployed)\n`,
    });
    const t0 = performance.now();
    await app.deploy(files);
    times.push(performance.now() - t0);
  }
  const check = await request('POST', `${app.api}/services/Deployed/sum`, { body: { x: 1 } });
  if (typeof check !== 'number') throw new Error(`Deployed.sum answered ${JSON.stringify(check)}`);
  const later = times.slice(1);
  return { first: times[0], median: median(later), max: Math.max(...later) };
}

/** 5: 100 custom timers every second from a whole second on; lateness of each run from the logs. */
async function timerEntry(app, authKey) {
  const startDate = Math.ceil((Date.now() + 3000) / 1000) * 1000;
  const expire = startDate + TIMER_WINDOW_S * 1000 - 500;
  const code = Array.from(
    { length: TIMERS },
    (_, i) =>
      `Backendless.ServerCode.addTimer({ name: 'tick${i}', startDate: ${startDate}, expire: ${expire}, frequency: { schedule: 'custom', repeat: { every: 1 } }, execute() {} })`,
  ).join('\n');
  await app.deploy([{ id: 'timers.js', content: `${code}\n` }]);
  const wait = expire + 3000 - Date.now();
  await new Promise((r) => setTimeout(r, Math.max(0, wait)));
  const logs = [];
  for (let offset = 0; ; offset += 500) {
    const page = (await json(`${app.console}/servercode/timers/logs?pageSize=500&offset=${offset}`, { authKey })).body;
    logs.push(...page.data);
    if (page.data.length < 500) break;
  }
  const runs = logs.filter((l) => /^tick\d+$/.test(l.timername) && l.startedAt >= startDate);
  const byTimer = new Map();
  for (const l of runs) byTimer.set(l.timername, [...(byTimer.get(l.timername) ?? []), l.startedAt]);
  // Lateness after the last due time (assumes < 1 s), and the i-th run of a timer against the i-th
  // due time (shows drift that accumulates or a skipped tick).
  const late = runs.map((l) => (l.startedAt - startDate) % 1000).sort((a, b) => a - b);
  let seqMax = 0;
  for (const times of byTimer.values())
    times.sort((a, b) => a - b).forEach((t, i) => (seqMax = Math.max(seqMax, t - (startDate + i * 1000))));
  const expected = TIMERS * Math.ceil((expire - startDate) / 1000);
  const failed = runs.filter((l) => l.status !== 'ok' && l.status !== 'success' && l.status !== 'SUCCESS');
  return {
    runs: runs.length,
    expected,
    failed: failed.length,
    statuses: [...new Set(runs.map((l) => l.status))].join(', '),
    p50: pctOf(late, 50),
    p99: pctOf(late, 99),
    max: late[late.length - 1],
    seqMax,
  };
}

/** 6: Parse Server with one cloud function, on its own PostgreSQL database; undefined when absent. */
async function parseEntry() {
  const dir = process.env.BENCH_PARSE_DIR ?? path.join(root, 'bench/peers');
  if (!fs.existsSync(path.join(dir, 'node_modules/parse-server/package.json')))
    return { skipped: `parse-server is not installed in ${dir} (set BENCH_PARSE_DIR)` };
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const { createRequire } = await import('node:module');
  const pg = createRequire(path.join(root, 'packages/server/package.json'))('pg');
  const dbName = `parse_bench_cc_${process.pid}`;
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: `${pgUrl}/postgres` });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${dbName}`);
  // The starter and the cloud file are written beside parse-server's node_modules, so that they
  // resolve it; they are generated here and removed afterwards.
  const work = fs.mkdtempSync(path.join(dir, '.cc-bench-'));
  fs.writeFileSync(path.join(work, 'cloud.cjs'), "Parse.Cloud.define('ping', () => 1);\n");
  fs.writeFileSync(
    path.join(work, 'start.mjs'),
    [
      "import express from 'express';",
      "import { ParseServer } from 'parse-server';",
      'const [port, databaseURI, cloud] = process.argv.slice(2);',
      "const api = new ParseServer({ databaseURI, cloud, appId: 'bench', masterKey: 'bench-master-key', restAPIKey: 'bench-rest-key', serverURL: `http://127.0.0.1:${port}/parse`, logLevel: 'error', silent: true });",
      'await api.start();',
      'const app = express();',
      "app.use('/parse', api.app);",
      "app.listen(Number(port), '127.0.0.1');",
      "process.on('SIGTERM', () => process.exit(0));",
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(work, 'start.mjs'), String(port), `${pgUrl}/${dbName}`, path.join(work, 'cloud.cjs')],
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (d) => (log = (log + d).slice(-2000)));
  const version = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/parse-server/package.json'), 'utf8')).version;
  try {
    const base = `http://127.0.0.1:${port}/parse`;
    await waitFor(`${base}/health`, { child }).catch((err) => {
      throw new Error(`${err.message}; ${log}`);
    });
    const headers = { 'x-parse-application-id': 'bench', 'x-parse-rest-api-key': 'bench-rest-key' };
    const ping = () => request('POST', `${base}/functions/ping`, { headers, body: {} });
    const answer = await ping();
    if (answer?.result !== 1) throw new Error(`ping answered ${JSON.stringify(answer)}`);
    await warm(ping);
    const rows = [];
    for (const c of CONCURRENCIES)
      rows.push(
        await measure(`Parse Server ${version} cloud function ping, ${c} in flight`, ping, {
          count: 3000,
          concurrency: c,
          maxMs: 8000,
        }),
      );
    return { rows, version };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(work, { recursive: true, force: true });
    await admin(`drop database if exists ${dbName} with (force)`).catch(() => {});
  }
}

const met = (ok) => (ok ? 'met' : 'not met');
const spreadOf = (xs) => Math.max(...xs) / Math.min(...xs) - 1;
function findVerdict({ ratio, spread }) {
  if (Math.abs(ratio - 1) <= 0.02) return 'met';
  const why = `the rounds of one app spread by ${(spread * 100).toFixed(0)}%`;
  return Math.abs(ratio - 1) <= spread ? `not measurable under load (${why})` : `not met (${why})`;
}

/** Runs every entry; answers the markdown section body (tables, verdicts and notes). */
export async function run({ peers = true } = {}) {
  const loadBefore = os.loadavg();
  const server = await startServer();
  const rows = [];
  const verdicts = [];
  const notes = [];
  try {
    const email = `cc${Date.now()}@example.com`;
    await json(`${server.url}/console/devreg`, {
      method: 'POST',
      body: { email, password: 'bench password 1', name: 'CC' },
    });
    const login = await json(`${server.url}/console/home/login`, {
      method: 'POST',
      body: { login: email, password: 'bench password 1' },
    });
    const authKey = login.res.headers.get('auth-key');
    const plain = await newApp(server, authKey, 'CcPlain');
    const hooked = await newApp(server, authKey, 'CcHooked');
    await plain.table('Plain');
    await hooked.table('Plain');
    await hooked.table('Hooked');
    await hooked.deploy([
      { id: 'services/Bench.js', content: SERVICE },
      { id: 'handlers/hooked.js', content: HANDLER },
    ]);

    const find = await findEntry(plain, hooked);
    rows.push(...find.rows);
    notes.push(`Find rounds (${FIND_ROUNDS} × ${FIND_MS / 1000} s each, alternated): ${find.each}.`);
    verdicts.push(
      `- Find with cloud code and no handlers within 2%: the app whose one handler is on another table ran at ${(find.ratio * 100).toFixed(1)}% of the app with none (medians). Basalt has no switch that turns cloud code off, so the app with no cloud code is the baseline — ${findVerdict(find)}.`,
    );

    const service = await serviceEntry(hooked);
    rows.push(...service);
    const best = Math.max(...service.map((r) => r.opsPerSec));
    verdicts.push(
      `- Trivial service method p50 ≤ 3 ms: ${service[0].p50.toFixed(2)} ms at 1 in flight — ${met(service[0].p50 <= 3)}; ≥ 1,000 invocations/s: best ${Math.round(best)}/s — ${met(best >= 1000)}.`,
    );

    const handler = await handlerEntry(hooked);
    rows.push(...handler.rows);
    verdicts.push(
      `- One before-create handler adds ≤ 2 ms p50: +${handler.added.toFixed(2)} ms (p50 with it minus the mean p50 of the two runs without) — ${met(handler.added <= 2)}.`,
    );

    const deploy = await deployEntry(plain);
    verdicts.push(
      `- 10-file deploy ≤ 300 ms (request time over loopback): first ${Math.round(deploy.first)} ms, then median ${Math.round(deploy.median)} ms, max ${Math.round(deploy.max)} ms of 5 — ${met(deploy.median <= 300)}.`,
    );

    const timerApp = await newApp(server, authKey, 'CcTimers');
    const timers = await timerEntry(timerApp, authKey);
    verdicts.push(
      `- Timer drift ≤ 1 s with ${TIMERS} timers each second (${TIMER_WINDOW_S} s): ${timers.runs} runs of ${timers.expected} due (statuses: ${timers.statuses || 'none'}); lateness after the due time p50 ${Math.round(timers.p50)} ms, p99 ${Math.round(timers.p99)} ms, max ${Math.round(timers.max)} ms; the i-th run of a timer at most ${Math.round(timers.seqMax)} ms after its i-th due time — ${met(timers.runs >= timers.expected * 0.98 && timers.seqMax <= 1000)}.`,
    );
  } finally {
    await server.stop();
  }

  const parse = await (peers ? parseEntry() : Promise.resolve({ skipped: '--no-peers' })).catch((err) => ({
    skipped: `Parse Server failed: ${err.message}`,
  }));
  if (parse.rows) {
    rows.push(...parse.rows);
    verdicts.push(
      `- Parse Server ${parse.version} Cloud Code on PostgreSQL, same run: p50 ${parse.rows[0].p50.toFixed(2)} ms at 1 in flight, best ${Math.round(Math.max(...parse.rows.map((r) => r.opsPerSec)))}/s (Basalt's service rows above).`,
    );
  } else notes.push(`Parse Server comparison skipped: ${parse.skipped}.`);

  const fmt = (l) => l.map((x) => x.toFixed(2)).join(' / ');
  return [
    `Cloud code (issue 17, Speed). Load average before: ${fmt(loadBefore)}, after: ${fmt(os.loadavg())}.`,
    '',
    table(rows),
    '',
    ...verdicts,
    ...notes.map((n) => `\nNote: ${n}`),
  ].join('\n');
}
