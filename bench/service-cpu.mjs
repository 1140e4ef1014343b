// CPU per service invocation, server and sandbox processes together: `node bench/service-cpu.mjs [--calls=N]`.
// Counts CPU seconds (not wall time), so a busy machine changes the answer little; used to compare
// two builds of the invocation path (BASALT_BENCH_SERVER names another build's main.js).
import { execSync } from 'node:child_process';
import { cpuSeconds, json, measure, request, startServer } from './lib.mjs';

const calls = Number(process.argv.find((a) => a.startsWith('--calls='))?.slice(8) ?? 3000);
const profileDir = process.argv.find((a) => a.startsWith('--profile='))?.slice(10);
const server = await startServer({}, { nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] });
try {
  const email = `cpu${Date.now()}@example.com`;
  await json(`${server.url}/console/devreg`, {
    method: 'POST',
    body: { email, password: 'bench password 1', name: 'Cpu' },
  });
  const login = await json(`${server.url}/console/home/login`, {
    method: 'POST',
    body: { login: email, password: 'bench password 1' },
  });
  const authKey = login.res.headers.get('auth-key');
  const app = (await json(`${server.url}/console/applications`, { method: 'POST', authKey, body: { appName: 'cpu' } }))
    .body;
  const info = (await json(`${server.url}/${app.id}/console/app-info`, { authKey })).body;
  const apiKey = info.apiKeys.find((k) => k.deviceType === 'REST').apiKey;
  await json(`${server.url}/${app.id}/console/servercode/default/production/JS`, {
    method: 'PUT',
    authKey,
    body: [
      {
        id: 'services/Bench.js',
        content: 'class Bench { ping() { return 1 } }\nBackendless.ServerCode.addService(Bench)\n',
      },
    ],
  });
  const api = `${server.url}/${app.id}/${apiKey}`;
  const ping = () => request('POST', `${api}/services/Bench/ping`, { body: {} });
  if ((await ping()) !== 1) throw new Error('ping did not answer 1');
  await measure('warm', ping, { count: 500, concurrency: 4 });
  const pids = () => [
    server.pid,
    ...execSync(`pgrep -P ${server.pid} || true`).toString().trim().split(/\s+/).filter(Boolean).map(Number),
  ];
  const cpu = () => pids().reduce((s, p) => s + cpuSeconds(p), 0);
  const own = () => cpuSeconds(server.pid);
  const before = cpu();
  const ownBefore = own();
  const r = await measure('ping', ping, { count: calls, concurrency: 4, maxMs: 120_000 });
  const used = cpu() - before;
  const ownUsed = own() - ownBefore;
  console.log(
    `${r.count} calls, ${r.opsPerSec.toFixed(0)}/s wall, p50 ${r.p50.toFixed(2)} ms; CPU ${((used / r.count) * 1e6).toFixed(0)} µs per call (server + sandbox), of it ${((ownUsed / r.count) * 1e6).toFixed(0)} µs in the server`,
  );
} finally {
  await server.stop();
}
