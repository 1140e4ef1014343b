#!/usr/bin/env node
// The short check of issue 14 item 8: app API create and find against the thin server in one run,
// the thin server measured before and after Basalt so that a change of the machine's load shows.
// Each target: unmeasured warm-up, 5,000 single-record creates, then 8 s of finds (`age = n`, 15
// rows), 16 in flight. Basalt is measured anonymous (REST key) and with a user token.
//   node bench/short.mjs [--rounds=N]      (needs a build: npm run build, or tsc -b)
// Prints ops/s and server CPU µs per operation of each target, and Basalt's rates as a share of
// the mean of the two thin-server measurements.
import os from 'node:os';
import { cpuSeconds, json, measure, startServer } from './lib.mjs';
import { WARM_UP, WARM_UP_MAX_MS } from './records.mjs';
import { appApiTarget } from './targets/basalt.mjs';
import { thinServerTarget } from './targets/floors.mjs';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 1);
const CREATES = 5000;
const FIND_MS = 8000;

async function loops(label, target) {
  // The records workload's warm-up (records.mjs): a cold server's first requests are not its speed.
  const warm = async (fn) => measure('warm', fn, { count: WARM_UP, concurrency: 16, maxMs: WARM_UP_MAX_MS });
  const timed = async (fn, opts) => {
    const c0 = cpuSeconds(target.pid);
    const r = await measure(label, fn, { concurrency: 16, ...opts });
    const c1 = cpuSeconds(target.pid);
    return { ...r, cpuUs: ((c1 - c0) * 1e6) / r.count };
  };
  await warm((i) => target.create(1_000_000 + i));
  const create = await timed((i) => target.create(i), { count: CREATES, maxMs: 60_000 });
  await warm((i) => target.find(i % 100));
  const find = await timed((i) => target.find(i % 100), { count: 10_000_000, maxMs: FIND_MS });
  return { create, find };
}

async function thin() {
  const t = await thinServerTarget();
  try {
    return await loops('thin', t);
  } finally {
    await t.stop();
  }
}

async function basalt() {
  const server = await startServer();
  try {
    const email = `short${Date.now()}@example.com`;
    await json(`${server.url}/console/devreg`, {
      method: 'POST',
      body: { email, password: 'bench password 1', name: 'Short' },
    });
    const login = await json(`${server.url}/console/home/login`, {
      method: 'POST',
      body: { login: email, password: 'bench password 1' },
    });
    const authKey = login.res.headers.get('auth-key');
    const app = await json(`${server.url}/console/applications`, { method: 'POST', authKey, body: { appName: 'S' } });
    const env = { server, authKey, appId: app.body.id };
    const anonymous = await loops('app API', await appApiTarget(env, 'ShortApi'));
    const token = await loops('app API, user token', await appApiTarget(env, 'ShortUser', { asUser: true }));
    return { anonymous, token };
  } finally {
    await server.stop();
  }
}

const f0 = (x) => Math.round(x).toLocaleString('en-US');
const pct = (x) => `${Math.round(x * 100)}%`;
console.log(
  `load before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
console.log('| round | op | thin before | app API | app API, user token | thin after | app ÷ thin | token ÷ thin |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (let r = 1; r <= rounds; r++) {
  const before = await thin();
  const b = await basalt();
  const after = await thin();
  for (const op of ['create', 'find']) {
    const floor = (before[op].opsPerSec + after[op].opsPerSec) / 2;
    const cell = (x) => `${f0(x.opsPerSec)}/s, ${f0(x.cpuUs)} µs`;
    console.log(
      `| ${r} | ${op} | ${cell(before[op])} | ${cell(b.anonymous[op])} | ${cell(b.token[op])} | ${cell(after[op])} | ${pct(b.anonymous[op].opsPerSec / floor)} | ${pct(b.token[op].opsPerSec / floor)} |`,
    );
  }
}
console.log(
  `load after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
