// Webhooks benchmark (issue 22, "a failing endpoint never slows the app API"): app API creates on a
// table with a webhook whose receiver is down, beside creates on a table without one, on the same
// server and app. The receiver is a loopback port nobody listens on (connection refused), retries
// come every second, so failing deliveries run all through the measurement. Rounds alternate the
// two tables; the median of each is compared. Target: hooked creates within 5% of plain ones.
import { cpuSeconds, freePort, json, measure, request, startServer, table } from './lib.mjs';

const ROUNDS = 5;

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function run({ quick = false } = {}) {
  const count = quick ? 300 : 1500;
  const downPort = await freePort();
  const server = await startServer({
    BASALT_REMOTE_FETCH_PRIVATE: 'true',
    BASALT_WEBHOOK_RETRY_MS: '1000',
    BASALT_WEBHOOK_TIMEOUT_MS: '2000',
  });
  try {
    const email = `hooks${Date.now()}@example.com`;
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
      await json(`${server.url}/console/applications`, { method: 'POST', authKey, body: { appName: 'Hooks' } })
    ).body.id;
    const info = (await json(`${server.url}/${appId}/console/app-info`, { authKey })).body;
    const apiKey = info.apiKeys.find((k) => k.deviceType === 'REST').apiKey;
    for (const name of ['Plain', 'Hooked']) {
      await json(`${server.url}/${appId}/console/data/tables`, { method: 'POST', authKey, body: { name } });
      await json(`${server.url}/${appId}/console/data/tables/${name}/columns`, {
        method: 'POST',
        authKey,
        body: { name: 'n', dataType: 'INT' },
      });
    }
    const hook = (
      await json(`${server.url}/${appId}/console/webhook`, {
        method: 'POST',
        authKey,
        body: {
          name: 'down',
          url: `http://127.0.0.1:${downPort}/hook`,
          secret: 'bench',
          events: ['data.Hooked.created'],
        },
      })
    ).body;
    const create = (tableName) => (i) =>
      request('POST', `${server.url}/${appId}/${apiKey}/data/${tableName}`, { body: { n: i } });
    // Warm-up: both paths compiled and cached, the first failing deliveries under way.
    await measure('warm-up plain', create('Plain'), { count: 300, concurrency: 8 });
    await measure('warm-up hooked', create('Hooked'), { count: 300, concurrency: 8 });

    const plain = [];
    const hooked = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? ['Plain', 'Hooked'] : ['Hooked', 'Plain'];
      for (const t of order) {
        // The server's CPU time per request: steadier than wall-clock rates on a shared machine
        // (it includes the delivery work the hooked round causes while it runs).
        const cpu0 = cpuSeconds(server.pid);
        const row = await measure(`create, ${t}`, create(t), { count, concurrency: 8 });
        const cpu1 = cpuSeconds(server.pid);
        row.cpuUs = cpu0 === undefined || cpu1 === undefined ? undefined : ((cpu1 - cpu0) * 1e6) / row.count;
        (t === 'Plain' ? plain : hooked).push(row);
      }
    }
    const pick = (rows) => {
      const m = median(rows.map((x) => x.opsPerSec));
      return rows.find((x) => x.opsPerSec === m);
    };
    const p = pick(plain);
    const h = pick(hooked);
    const log = (await json(`${server.url}/${appId}/console/webhook/${hook.id}/deliveries?limit=1`, { authKey })).body;
    const last = log[0];
    const ratio = h.opsPerSec / p.opsPerSec;
    const cpuMedian = (rows) =>
      rows.every((x) => x.cpuUs !== undefined) ? median(rows.map((x) => x.cpuUs)) : undefined;
    const pCpu = cpuMedian(plain);
    const hCpu = cpuMedian(hooked);
    const ok = ratio >= 0.95;
    const rows = [
      { ...p, name: 'app API create, table without a webhook (median of 5 rounds)' },
      { ...h, name: 'app API create, table with a webhook whose receiver is down (median of 5 rounds)' },
    ];
    const report = [
      '### Webhooks: app API creates with a failing receiver',
      '',
      table(rows),
      '',
      `Hooked / plain throughput: **${(ratio * 100).toFixed(1)}%** (target ≥ 95%: ${ok ? 'met' : 'NOT met'}). ` +
        `Rounds (ops/s) plain ${plain.map((x) => x.opsPerSec.toFixed(0)).join(', ')}; hooked ${hooked
          .map((x) => x.opsPerSec.toFixed(0))
          .join(', ')}. ` +
        (pCpu !== undefined && hCpu !== undefined
          ? `Server CPU per create (median): plain ${pCpu.toFixed(0)} µs, hooked ${hCpu.toFixed(0)} µs ` +
            `(plain / hooked: **${((pCpu / hCpu) * 100).toFixed(1)}%**). `
          : '') +
        `Deliveries were failing throughout: the newest was ${last?.state} after ${last?.attempts.length ?? 0} attempt(s)` +
        `${last?.attempts[0]?.error ? ` (${last.attempts[0].error.slice(0, 80)})` : ''}.`,
    ].join('\n');
    return { rows, report, ok };
  } finally {
    await server.stop();
  }
}
