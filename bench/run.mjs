#!/usr/bin/env node
// `npm run bench`: starts Basalt (built) and measures the areas that are available over loopback;
// prints a table and appends it to bench/RESULTS.md with date, versions and command.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { json, measure, root, startServer, table } from './lib.mjs';

const server = await startServer();
const rows = [];
try {
  const email = `bench${Date.now()}@example.com`;
  await json(`${server.url}/console/devreg`, { method: 'POST', body: { email, password: 'bench password 1', name: 'Bench' } });
  const login = await json(`${server.url}/console/home/login`, { method: 'POST', body: { login: email, password: 'bench password 1' } });
  const authKey = login.res.headers.get('auth-key');

  rows.push(await measure('status (GET /console/status)', () => json(`${server.url}/console/status`), { count: 5000, concurrency: 16 }));
  rows.push(await measure('developer sign-in (argon2id)', () => json(`${server.url}/console/home/login`, { method: 'POST', body: { login: email, password: 'bench password 1' } }), { count: 200, concurrency: 4 }));
  const created = await json(`${server.url}/console/applications`, { method: 'POST', authKey, body: { appName: 'BenchApp' } });
  rows.push(await measure('app list (GET /console/applications)', () => json(`${server.url}/console/applications`, { authKey }), { count: 3000, concurrency: 16 }));
  rows.push(await measure('app info (GET /{appId}/console/app-info)', () => json(`${server.url}/${created.body.id}/console/app-info`, { authKey }), { count: 3000, concurrency: 16 }));

  const status = (await json(`${server.url}/console/status`)).body;
  for (const suite of ['data', 'messaging', 'files']) {
    const file = path.join(root, 'bench', `${suite}.mjs`);
    if (status.areas[suite] === 'available' && fs.existsSync(file)) {
      const mod = await import(file);
      rows.push(...(await mod.run({ server, authKey, appId: created.body.id })));
    }
  }
} finally {
  await server.stop();
}
rows.push(...(await (await import('./floors.mjs')).run()));

const text = table(rows);
console.log(text);
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const header = `\n## ${new Date().toISOString()} — Basalt ${pkg.version}, Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), SQLite\n\nCommand: \`npm run bench\`\n\n`;
const results = path.join(root, 'bench', 'RESULTS.md');
if (!fs.existsSync(results)) fs.writeFileSync(results, '# Benchmark results\n\nEach run of `npm run bench` appends a section. Numbers are over loopback on the machine named in the heading.\n');
fs.appendFileSync(results, header + text + '\n');
