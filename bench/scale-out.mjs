// `node bench/scale-out.mjs [--quick] [--rounds=N] [--no-record]` (or `npm run bench -- --scale-out`):
// find throughput of two Basalt processes on one PostgreSQL and one Redis, beside one process.
// Process A starts on PostgreSQL under a fresh schema prefix (which also namespaces its Redis
// channels and keys), an app table is filled through the app API (15 rows per age), and
// `find where age = n` (indexed, 15 rows) runs with 16 requests in flight: first with A alone;
// then process B starts on the same database and Redis, and the same load is spread round-robin
// over A and B by a tiny client-side balancer, interleaved with rounds on A alone (B idle) so the
// machine's moving load touches both configurations alike. Each round records finds/s, the
// latencies, the CPU per find of each server, of the PostgreSQL backends serving them, and of this
// client, and how busy the machine's cores were: the numbers that say what bounds the rate.
// Afterwards the processes are stopped and the schemas and Redis keys it created are dropped.
//   BASALT_BENCH_PG_URL  the PostgreSQL database (default BASALT_TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/test)
//   REDIS_URL            the Redis server (default redis://127.0.0.1:6379)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import pg from 'pg';
import { cpuSeconds, json, measure, request, root, startServer } from './lib.mjs';

const PG_URL =
  process.env.BASALT_BENCH_PG_URL ?? process.env.BASALT_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const IN_FLIGHT = 16;
const TABLE = 'ScalePerson';

/** The database URL a process connects with: its PostgreSQL backends carry its name, to be found. */
function databaseUrl(applicationName) {
  const url = new URL(PG_URL);
  url.searchParams.set('application_name', applicationName);
  return url.toString();
}

/** Starts a process on the shared database and Redis and waits until its /ready answers 200. */
async function startNode(prefix, name) {
  const server = await startServer({
    DATABASE_URL: databaseUrl(`${prefix}${name}`),
    BASALT_PG_SCHEMA_PREFIX: prefix,
    REDIS_URL,
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${server.url}/ready`).catch(() => undefined);
    if (res?.status === 200) return { ...server, name, applicationName: `${prefix}${name}` };
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`process ${name} not ready: ${res ? `${res.status} ${await res.text()}` : 'no answer'}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** CPU seconds of the PostgreSQL backends serving each application name, read from /proc. */
async function backendCpu(client, names) {
  const { rows } = await client.query(
    'select pid, application_name from pg_stat_activity where application_name = any($1)',
    [names],
  );
  const out = Object.fromEntries(names.map((n) => [n, 0]));
  for (const r of rows) out[r.application_name] += cpuSeconds(r.pid) ?? 0;
  return out;
}

/** Busy and total jiffies of all cores (from /proc/stat), for how busy the machine was in a round. */
function machineJiffies() {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - f[3] - (f[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

/**
 * One measured round: `count` finds, request i sent to nodes[i % nodes.length]. Answers the rate,
 * latencies and CPU per find of every part: each server (per find it served), the PostgreSQL
 * backends of all servers, this client, and the machine's busy share of its cores.
 */
async function round(label, nodes, all, find, count, pgClient) {
  const names = all.map((n) => n.applicationName);
  const served = nodes.map(() => 0);
  const srv0 = all.map((n) => cpuSeconds(n.pid));
  const pg0 = await backendCpu(pgClient, names);
  const client0 = process.cpuUsage();
  const m0 = machineJiffies();
  const res = await measure(
    label,
    (i) => {
      served[i % nodes.length]++;
      return find(nodes[i % nodes.length], i % 100);
    },
    { count, concurrency: IN_FLIGHT, maxMs: 120_000 },
  );
  const m1 = machineJiffies();
  const client1 = process.cpuUsage(client0);
  const pg1 = await backendCpu(pgClient, names);
  const srv1 = all.map((n) => cpuSeconds(n.pid));
  const perFind = (seconds, finds) => (finds > 0 ? (seconds * 1e6) / finds : undefined);
  const servers = nodes.map((n) => {
    const k = all.indexOf(n);
    return {
      name: n.name,
      finds: served[nodes.indexOf(n)],
      cpuUs: perFind(srv1[k] - srv0[k], served[nodes.indexOf(n)]),
    };
  });
  // CPU of the processes not in the rotation (B idle during a one-process round), per find done.
  const idle = all
    .filter((n) => !nodes.includes(n))
    .map((n) => {
      const k = all.indexOf(n);
      return perFind(srv1[k] - srv0[k], res.count);
    });
  const pgSeconds = names.reduce((a, n) => a + Math.max(0, pg1[n] - pg0[n]), 0);
  const serverSeconds = all.reduce((a, n, k) => a + (srv1[k] - srv0[k]), 0);
  const clientSeconds = (client1.user + client1.system) / 1e6;
  return {
    label,
    count: res.count,
    rate: res.opsPerSec,
    p50: res.p50,
    p99: res.p99,
    servers,
    idleUs: idle[0],
    pgUs: perFind(pgSeconds, res.count),
    clientUs: perFind(clientSeconds, res.count),
    // Cores the benchmark's own processes (servers, their PostgreSQL backends, this client) kept busy.
    benchCores: (serverSeconds + pgSeconds + clientSeconds) / (res.count / res.opsPerSec),
    machineBusy: m0 && m1 ? (m1.busy - m0.busy) / (m1.total - m0.total) : undefined,
  };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : undefined;
};
const us = (x) => (x === undefined ? '—' : x.toFixed(0));

function roundsTable(results) {
  const lines = [
    '| round | finds | finds/s | p50 ms | p99 ms | server CPU µs/find (finds served) | PostgreSQL backends µs/find | client µs/find | cores used by the bench | machine busy |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const servers =
      r.servers.map((s) => `${s.name} ${us(s.cpuUs)} (${s.finds})`).join(', ') +
      (r.idleUs !== undefined ? `; B idle ${us(r.idleUs)}` : '');
    lines.push(
      `| ${r.label} | ${r.count} | ${Math.round(r.rate)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${servers} | ${us(r.pgUs)} | ${us(r.clientUs)} | ${r.benchCores.toFixed(2)} | ${r.machineBusy === undefined ? '—' : `${Math.round(r.machineBusy * 100)}%`} |`,
    );
  }
  return lines.join('\n');
}

function summaryTable(groups) {
  const lines = [
    '| configuration | rounds | median finds/s | median server CPU µs/find | median PostgreSQL µs/find | median client µs/find | median cores used by the bench | median machine busy |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [name, rs] of groups) {
    if (!rs.length) continue;
    // Server CPU per find over all servers of the round: each server's CPU weighted by what it served.
    const serverUs = median(rs.map((r) => r.servers.reduce((a, s) => a + (s.cpuUs ?? 0) * s.finds, 0) / r.count));
    lines.push(
      `| ${name} | ${rs.length} | ${Math.round(median(rs.map((r) => r.rate)))} | ${us(serverUs)} | ${us(median(rs.map((r) => r.pgUs)))} | ${us(median(rs.map((r) => r.clientUs)))} | ${median(rs.map((r) => r.benchCores)).toFixed(2)} | ${Math.round((median(rs.map((r) => r.machineBusy)) ?? 0) * 100)}% |`,
    );
  }
  return lines.join('\n');
}

/** Runs the benchmark; answers the markdown section (also appended to RESULTS.md unless `record` is false). */
export async function run({ quick = false, rounds = 3, record = true } = {}) {
  const finds = quick ? 1000 : 5000;
  const warm = quick ? 500 : 2000;
  const loadBefore = os.loadavg();
  const prefix = `bench_so_${Date.now().toString(36)}_`;
  const pgClient = new pg.Client({ connectionString: PG_URL });
  await pgClient.connect();
  const nodes = [];
  const results = [];
  try {
    const a = await startNode(prefix, 'A');
    nodes.push(a);
    const email = `scale${Date.now()}@example.com`;
    await json(`${a.url}/console/devreg`, {
      method: 'POST',
      body: { email, password: 'bench password 1', name: 'Bench' },
    });
    const authKey = (
      await json(`${a.url}/console/home/login`, {
        method: 'POST',
        body: { login: email, password: 'bench password 1' },
      })
    ).res.headers.get('auth-key');
    const appId = (
      await json(`${a.url}/console/applications`, { method: 'POST', authKey, body: { appName: 'ScaleOutBench' } })
    ).body.id;
    const data = `${a.url}/${appId}/console/data`;
    await json(`${data}/tables`, { method: 'POST', authKey, body: { name: TABLE } });
    await json(`${data}/tables/${TABLE}/columns`, {
      method: 'POST',
      authKey,
      body: { name: 'name', dataType: 'STRING' },
    });
    await json(`${data}/tables/${TABLE}/columns`, {
      method: 'POST',
      authKey,
      body: { name: 'age', dataType: 'INT', indexed: true },
    });
    const apiKey = (await json(`${a.url}/${appId}/console/app-info`, { authKey })).body.apiKeys.find(
      (k) => k.deviceType === 'REST',
    ).apiKey;
    // 1,500 rows through the app API: ages 0..99, 15 of each.
    for (let b = 0; b < 3; b++) {
      await request('POST', `${a.url}/${appId}/${apiKey}/data/bulk/${TABLE}`, {
        body: Array.from({ length: 500 }, (_, k) => ({ name: `p${b}-${k}`, age: k % 100 })),
      });
    }
    const find = (node, age) =>
      request('POST', `${node.url}/${appId}/${apiKey}/data/${TABLE}/find`, {
        body: { where: `age = ${age}`, pageSize: 15 },
      });
    const check = async (node) => {
      const rows = await find(node, 7);
      if (!Array.isArray(rows) || rows.length !== 15 || rows.some((r) => r.age !== 7))
        throw new Error(`find on ${node.name} answered ${JSON.stringify(rows).slice(0, 200)}`);
    };
    await check(a);
    await measure('warm-up A', (i) => find(a, i % 100), { count: warm, concurrency: IN_FLIGHT });
    for (let r = 1; r <= rounds; r++) {
      results.push(await round(`A alone ${r}`, [a], nodes, find, finds, pgClient));
      console.log(roundsTable(results.slice(-1)).split('\n')[2]);
    }

    const b = await startNode(prefix, 'B');
    nodes.push(b);
    await check(b);
    await measure('warm-up B', (i) => find(b, i % 100), { count: warm, concurrency: IN_FLIGHT });
    for (let r = 1; r <= rounds; r++) {
      results.push(await round(`A + B ${r}`, [a, b], nodes, find, finds, pgClient));
      console.log(roundsTable(results.slice(-1)).split('\n')[2]);
      results.push(await round(`A alone, B up ${r}`, [a], nodes, find, finds, pgClient));
      console.log(roundsTable(results.slice(-1)).split('\n')[2]);
    }
  } finally {
    for (const n of nodes.reverse()) await n.stop().catch(() => {});
    await cleanUp(pgClient, prefix).catch((err) => console.error(`clean-up: ${err.message}`));
    await pgClient.end();
  }

  const loadAfter = os.loadavg();
  const fmtLoad = (l) => l.map((x) => x.toFixed(2)).join(' / ');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const pgVersion = await pgVersionOf();
  const groups = [
    ['A alone (before B started)', results.filter((r) => r.label.startsWith('A alone ') && !r.label.includes('B up'))],
    ['A + B, round-robin', results.filter((r) => r.label.startsWith('A + B'))],
    ['A alone, B up and idle', results.filter((r) => r.label.includes('B up'))],
  ];
  const section = [
    `\n## ${new Date().toISOString()} — scale-out find: two processes on one PostgreSQL beside one (Basalt ${pkg.version}, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${pgVersion})`,
    '',
    `Command: \`node bench/scale-out.mjs${quick ? ' --quick' : ''} --rounds=${rounds}\` (also \`npm run bench -- --scale-out\`). ${finds} finds a round, ${IN_FLIGHT} in flight, \`find where age = n\` (indexed, 15 rows) through the app API with the REST key; PostgreSQL + Redis, both processes on the same database, schema prefix and Redis; the client, both servers and PostgreSQL share the machine's cores.`,
    `Load average (1/5/15 min) before: ${fmtLoad(loadBefore)}, after: ${fmtLoad(loadAfter)}.`,
    '',
    summaryTable(groups),
    '',
    roundsTable(results),
    '',
  ].join('\n');
  console.log(section);
  if (record) fs.appendFileSync(path.join(root, 'bench', 'RESULTS.md'), section);
  return section;
}

async function pgVersionOf() {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return `PostgreSQL ${(await client.query('show server_version')).rows[0].server_version.split(' ')[0]}`;
  } finally {
    await client.end();
  }
}

/** Drops the schemas under the run's prefix and the Redis keys in its namespace. */
async function cleanUp(pgClient, prefix) {
  const { rows } = await pgClient.query('select nspname from pg_namespace where starts_with(nspname, $1)', [prefix]);
  for (const { nspname } of rows)
    await pgClient.query(`drop schema if exists "${nspname.replace(/"/g, '""')}" cascade`);
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `*${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  console.log(`dropped ${rows.length} schemas under ${prefix}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const args = process.argv.slice(2);
  await run({
    quick: args.includes('--quick'),
    rounds: Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3),
    record: !args.includes('--no-record'),
  });
}
