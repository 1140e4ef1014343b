// `node bench/scoped.mjs [--quick] [--rounds=N]`: the permission-scoped find of the app API. A table
// whose rows no role may Find and whose owner policy grants Find (each user reads only their own
// rows, the commonest real-world rule), filled by one logged-in user; that user then runs
// `find where age = n` (15 rows) through the REST key. Each round measures the find loop once.
// `BASALT_BENCH_SERVER=<path to another build's dist/main.js>` measures another build with the same
// workload, for an A/B of a change on one machine (run the two interleaved: the machine's load moves).
import { cpuSeconds, json, measure, request, startServer } from './lib.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);
const FINDS = quick ? 2000 : 10_000;

const server = await startServer({});
try {
  const email = `scoped${Date.now()}@example.com`;
  await json(`${server.url}/console/devreg`, {
    method: 'POST',
    body: { email, password: 'bench password 1', name: 'Bench' },
  });
  const login = await json(`${server.url}/console/home/login`, {
    method: 'POST',
    body: { login: email, password: 'bench password 1' },
  });
  const authKey = login.res.headers.get('auth-key');
  const appId = (
    await json(`${server.url}/console/applications`, { method: 'POST', authKey, body: { appName: 'ScopedBench' } })
  ).body.id;
  const data = `${server.url}/${appId}/console/data`;
  await json(`${data}/tables`, { method: 'POST', authKey, body: { name: 'Note' } });
  await json(`${data}/tables/Note/columns`, { method: 'POST', authKey, body: { name: 'name', dataType: 'STRING' } });
  await json(`${data}/tables/Note/columns`, {
    method: 'POST',
    authKey,
    body: { name: 'age', dataType: 'INT', indexed: true },
  });
  const tableId = (await json(`${data}/tables`, { authKey })).body.tables.find((t) => t.name === 'Note').tableId;
  const roles = (await json(`${server.url}/${appId}/console/security/roles`, { authKey })).body;
  for (const role of roles) {
    await json(`${server.url}/${appId}/console/security/data/${tableId}/roles/${role.roleId}`, {
      method: 'PUT',
      authKey,
      body: { permissions: [{ operation: 'Find', access: 'DENY' }] },
    });
  }
  await json(`${server.url}/${appId}/console/security/data/ownerpolicy/${tableId}`, {
    method: 'PUT',
    authKey,
    body: { operation: 'Find', access: 'GRANT' },
  });

  const info = (await json(`${server.url}/${appId}/console/app-info`, { authKey })).body;
  const apiKey = info.apiKeys.find((k) => k.deviceType === 'REST').apiKey;
  const api = `${server.url}/${appId}/${apiKey}`;
  await json(`${api}/users/register`, {
    method: 'POST',
    body: { email: 'owner@example.com', password: 'owner password 1' },
  });
  const token = (
    await json(`${api}/users/login`, {
      method: 'POST',
      body: { login: 'owner@example.com', password: 'owner password 1' },
    })
  ).body['user-token'];
  const headers = { 'user-token': token };
  for (let b = 0; b < 3; b++) {
    await request('POST', `${api}/data/bulk/Note`, {
      headers,
      body: Array.from({ length: 1000 }, (_, k) => ({ name: `n${b}-${k}`, age: (b * 1000 + k) % 100 })),
    });
  }
  // Rows of someone else, which the scope must leave out.
  await request('POST', `${api}/data/bulk/Note`, {
    body: Array.from({ length: 1000 }, (_, k) => ({ name: `x${k}`, age: k % 100 })),
  });

  const find = (age) =>
    request('POST', `${api}/data/Note/find`, { headers, body: { where: `age = ${age}`, pageSize: 15 } });
  const sample = await find(7);
  if (!Array.isArray(sample) || sample.length !== 15 || sample.some((r) => !r.name.startsWith('n')))
    throw new Error(`scoped find answered ${JSON.stringify(sample).slice(0, 200)}`);
  await measure('warm-up', (i) => find(i % 100), { count: 2000, concurrency: 16 });
  const rates = [];
  for (let r = 0; r < rounds; r++) {
    const cpu0 = cpuSeconds(server.pid);
    const res = await measure('scoped find', (i) => find(i % 100), { count: FINDS, concurrency: 16, maxMs: 60_000 });
    // Server CPU per find stays steady on a loaded machine, where the rate swings.
    const cpuUs = ((cpuSeconds(server.pid) - cpu0) * 1e6) / res.count;
    rates.push({ rate: res.opsPerSec, cpuUs });
    console.log(
      `round ${r + 1}: ${Math.round(res.opsPerSec)} finds/s, server CPU ${cpuUs.toFixed(0)} µs/find, p50 ${res.p50.toFixed(2)} ms, p99 ${res.p99.toFixed(2)} ms`,
    );
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `median: ${Math.round(median(rates.map((r) => r.rate)))} scoped finds/s, ${median(rates.map((r) => r.cpuUs)).toFixed(0)} µs server CPU per find`,
  );
} finally {
  await server.stop();
}
