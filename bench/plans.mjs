// `node bench/plans.mjs [--quick] [--rounds=N] [--redis]`: the cost of plan limits on the app API
// (decision 0082). Two servers, each with a table of 3,000 rows: one with the default catalogue
// (no plans file: nothing is counted, the app API has no plan step) and one whose app is on a plan
// with a finite `api-calls-per-minute` (high enough never to refuse), so every find is counted and
// checked. The app API's `find where age = n` (15 rows, REST key, the fast lane) is measured on both
// in interleaved rounds and the medians compared. The target: the finite plan within 5% of
// the default. `--redis` adds a third server counting in Redis (REDIS_URL or redis://127.0.0.1:6379),
// the deployment with several nodes: one INCR round trip per call (reported, not part of the target).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuSeconds, json, measure, request, startServer } from './lib.mjs';

async function setUp(server, name) {
  const email = `${name}${Date.now()}@example.com`;
  await json(`${server.url}/console/devreg`, { method: 'POST', body: { email, password: 'bench password 1', name } });
  const login = await json(`${server.url}/console/home/login`, {
    method: 'POST',
    body: { login: email, password: 'bench password 1' },
  });
  const authKey = login.res.headers.get('auth-key');
  const appId = (await json(`${server.url}/console/applications`, { method: 'POST', authKey, body: { appName: name } }))
    .body.id;
  const data = `${server.url}/${appId}/console/data`;
  await json(`${data}/tables`, { method: 'POST', authKey, body: { name: 'Note' } });
  await json(`${data}/tables/Note/columns`, { method: 'POST', authKey, body: { name: 'name', dataType: 'STRING' } });
  await json(`${data}/tables/Note/columns`, {
    method: 'POST',
    authKey,
    body: { name: 'age', dataType: 'INT', indexed: true },
  });
  const info = (await json(`${server.url}/${appId}/console/app-info`, { authKey })).body;
  const api = `${server.url}/${appId}/${info.apiKeys.find((k) => k.deviceType === 'REST').apiKey}`;
  for (let b = 0; b < 3; b++)
    await request('POST', `${api}/data/bulk/Note`, {
      body: Array.from({ length: 1000 }, (_, k) => ({ name: `n${b}-${k}`, age: (b * 1000 + k) % 100 })),
    });
  const plan = (
    await json(`${server.url}/${appId}/console/billing/application/plans/current/current/components`, { authKey })
  ).body;
  const find = (age) => request('POST', `${api}/data/Note/find`, { body: { where: `age = ${age}`, pageSize: 15 } });
  const sample = await find(7);
  if (!Array.isArray(sample) || sample.length !== 15)
    throw new Error(`find answered ${JSON.stringify(sample).slice(0, 200)}`);
  await measure(`${name} warm-up`, (i) => find(i % 100), { count: 2000, concurrency: 16 });
  const limit = plan.components.find((c) => c.component === 'api-calls-per-minute').limit;
  return { server, find, planId: plan.planId, limit };
}

export async function run({ quick = false, rounds = 3, redis = false } = {}) {
  const finds = quick ? 2000 : 10_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-bench-plans-'));
  const file = path.join(dir, 'plans.json');
  // New apps start on the first plan: a finite call limit no bench run reaches in a minute.
  fs.writeFileSync(
    file,
    JSON.stringify([
      {
        id: 'metered',
        name: 'Metered',
        components: [
          { id: 'api-calls-per-minute', limit: 100_000_000 },
          { id: 'api-calls-per-day', limit: 1_000_000_000 },
          { id: 'file-storage-bytes', limit: 1_000_000_000 },
        ],
      },
    ]),
  );
  const servers = { default: await startServer({}), finite: await startServer({ BASALT_PLANS_FILE: file }) };
  if (redis)
    servers['finite, Redis'] = await startServer({
      BASALT_PLANS_FILE: file,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    });
  const lines = [];
  try {
    const sides = {};
    for (const [side, server] of Object.entries(servers))
      sides[side] = await setUp(server, `Plans${side.replace(/\W/g, '')}`);
    if (sides.default.limit !== null || sides.finite.limit !== 100_000_000)
      throw new Error(
        `unexpected plans: ${sides.default.planId} ${sides.default.limit}, ${sides.finite.planId} ${sides.finite.limit}`,
      );
    const results = Object.fromEntries(Object.keys(sides).map((s) => [s, []]));
    const order = Object.keys(sides);
    for (let r = 0; r < rounds; r++) {
      for (const side of r % 2 ? [...order].reverse() : order) {
        const { server, find } = sides[side];
        const cpu0 = cpuSeconds(server.pid);
        const res = await measure(`find, ${side}`, (i) => find(i % 100), {
          count: finds,
          concurrency: 16,
          maxMs: 60_000,
        });
        const cpuUs = ((cpuSeconds(server.pid) - cpu0) * 1e6) / res.count;
        results[side].push({ rate: res.opsPerSec, cpuUs });
        const line = `round ${r + 1}, ${side} plan: ${Math.round(res.opsPerSec)} finds/s, ${cpuUs.toFixed(0)} µs CPU/find`;
        lines.push(line);
        console.log(line);
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const rate = (side) => median(results[side].map((x) => x.rate));
    const cpu = (side) => median(results[side].map((x) => x.cpuUs));
    const ratio = rate('finite') / rate('default');
    const summary = [
      `Median: default catalogue ${Math.round(rate('default'))} finds/s (${cpu('default').toFixed(0)} µs CPU), finite plan ${Math.round(rate('finite'))} finds/s (${cpu('finite').toFixed(0)} µs CPU); finite/default = ${ratio.toFixed(3)} (target ≥ 0.95).`,
      ...(redis
        ? [
            `Finite plan counted in Redis: ${Math.round(rate('finite, Redis'))} finds/s (${cpu('finite, Redis').toFixed(0)} µs CPU); ÷ default = ${(rate('finite, Redis') / rate('default')).toFixed(3)}.`,
          ]
        : []),
    ];
    console.log(summary.join('\n'));
    return { report: [...lines, '', ...summary].join('\n'), ok: ratio >= 0.95 };
  } finally {
    for (const s of Object.values(servers)) await s.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const { ok } = await run({
    quick: args.includes('--quick'),
    rounds: Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3),
    redis: args.includes('--redis'),
  });
  process.exit(ok ? 0 : 1);
}
