// `node bench/metering.mjs [--quick] [--rounds=N]`: the cost of Analytics metering (decision 0058).
// Two servers, one with metering on (the default) and one with `BASALT_METERING=off`, each with a
// table of 3,000 rows; the app API's `find where age = n` (15 rows, REST key, the fast lane) is
// measured on both in interleaved rounds (the machine's load moves) and the medians compared. The
// issue's target: metering on within 3% of metering off. Server CPU per find is printed beside the
// rate: it stays steady on a loaded machine, where the rate swings.
import { cpuSeconds, json, measure, request, startServer } from './lib.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 3);
const FINDS = quick ? 2000 : 10_000;

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
  const find = (age) => request('POST', `${api}/data/Note/find`, { body: { where: `age = ${age}`, pageSize: 15 } });
  const sample = await find(7);
  if (!Array.isArray(sample) || sample.length !== 15)
    throw new Error(`find answered ${JSON.stringify(sample).slice(0, 200)}`);
  await measure(`${name} warm-up`, (i) => find(i % 100), { count: 2000, concurrency: 16 });
  return { server, find };
}

const on = await startServer({ BASALT_METERING: 'on' });
const off = await startServer({ BASALT_METERING: 'off' });
try {
  const sides = { on: await setUp(on, 'MeteringOn'), off: await setUp(off, 'MeteringOff') };
  const results = { on: [], off: [] };
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 ? ['off', 'on'] : ['on', 'off']) {
      const { server, find } = sides[side];
      const cpu0 = cpuSeconds(server.pid);
      const res = await measure(`find, metering ${side}`, (i) => find(i % 100), {
        count: FINDS,
        concurrency: 16,
        maxMs: 60_000,
      });
      const cpuUs = ((cpuSeconds(server.pid) - cpu0) * 1e6) / res.count;
      results[side].push({ rate: res.opsPerSec, cpuUs });
      console.log(
        `round ${r + 1}, metering ${side}: ${Math.round(res.opsPerSec)} finds/s, ${cpuUs.toFixed(0)} µs CPU/find`,
      );
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rate = (side) => median(results[side].map((r) => r.rate));
  const cpu = (side) => median(results[side].map((r) => r.cpuUs));
  console.log(
    `median: metering on ${Math.round(rate('on'))} finds/s (${cpu('on').toFixed(0)} µs CPU), off ${Math.round(rate('off'))} finds/s (${cpu('off').toFixed(0)} µs CPU); on/off = ${(rate('on') / rate('off')).toFixed(3)} (target ≥ 0.97)`,
  );
} finally {
  await on.stop();
  await off.stop();
}
