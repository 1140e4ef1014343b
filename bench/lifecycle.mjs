// `node bench/lifecycle.mjs [--quick] [--records=N] [--files=N] [--profile]`: issue 18's Speed entry
// for the app lifecycle (decision 0059). One app gets 100,000 records (six column types, bulk
// create through the app API) and 1,000 small files (through the app API's files upload); then a
// clone (polled through `getCloningAppStatus` until DONE) and an export ZIP (polled through the
// lifecycle process route until DONE) are timed, with every progress value seen. Target: each
// under 30 s. The clone's record and file counts are checked, so a fast wrong copy does not pass.
//   --quick       a tenth of the sizes, for a look
//   --profile     run the server with --cpu-prof; the profile goes to bench/profiles/ (read with profile.mjs)
// `npm run bench -- --lifecycle-only` runs it from run.mjs and appends the table to RESULTS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { json, request, root, startServer } from './lib.mjs';

const BATCH = 1_000;
const TARGET_S = 30;
const POLL_MS = 250;

const fmtLoad = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

/** Runs `count` tasks with `concurrency` in flight. */
async function inParallel(count, concurrency, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Polls `read` until its status is no longer IN_PROGRESS; answers the last status, the seconds and the progress seen. */
async function timed(start, read) {
  const t0 = performance.now();
  const processId = await start();
  const seen = [];
  for (;;) {
    const s = await read(processId);
    if (seen[seen.length - 1] !== s.progress) seen.push(s.progress);
    if (s.status !== 'IN_PROGRESS') {
      const seconds = (performance.now() - t0) / 1000;
      if (s.status !== 'DONE') throw new Error(`process ${processId} ended ${s.status}: ${s.error ?? ''}`);
      return { status: s, seconds, seen };
    }
    if (performance.now() - t0 > 600_000) throw new Error(`process ${processId} still running after 10 minutes`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Seeds the app, times clone and export; answers `{report, ok}`: the report as markdown, ok when
 * both are under the target.
 */
export async function run({ quick = false, records, files, profile = false } = {}) {
  const RECORDS = records ?? (quick ? 10_000 : 100_000);
  const FILES = files ?? (quick ? 100 : 1_000);
  const profileDir = path.join(root, 'bench', 'profiles');
  if (profile) fs.mkdirSync(profileDir, { recursive: true });
  const server = await startServer({}, { nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] });
  const loadBefore = fmtLoad();
  try {
    const email = `lifecycle${Date.now()}@example.com`;
    await json(`${server.url}/console/devreg`, {
      method: 'POST',
      body: { email, password: 'bench password 1', name: 'Lifecycle' },
    });
    const login = await json(`${server.url}/console/home/login`, {
      method: 'POST',
      body: { login: email, password: 'bench password 1' },
    });
    const authKey = login.res.headers.get('auth-key');
    const consoleOf = (appId) => `${server.url}/${appId}/console`;
    const apiOf = async (appId) => {
      const info = (await json(`${consoleOf(appId)}/app-info`, { authKey })).body;
      return `${server.url}/${appId}/${info.apiKeys.find((k) => k.deviceType === 'REST').apiKey}`;
    };
    const appId = (
      await json(`${server.url}/console/applications`, { method: 'POST', authKey, body: { appName: 'LifecycleBench' } })
    ).body.id;
    const data = `${consoleOf(appId)}/data`;
    await json(`${data}/tables`, { method: 'POST', authKey, body: { name: 'Item' } });
    for (const column of [
      { name: 'name', dataType: 'STRING' },
      { name: 'qty', dataType: 'INT' },
      { name: 'price', dataType: 'DOUBLE' },
      { name: 'active', dataType: 'BOOLEAN' },
      { name: 'due', dataType: 'DATETIME' },
      { name: 'meta', dataType: 'JSON' },
    ])
      await json(`${data}/tables/Item/columns`, { method: 'POST', authKey, body: column });
    const api = await apiOf(appId);

    let t0 = performance.now();
    await inParallel(Math.ceil(RECORDS / BATCH), 2, (b) =>
      request('POST', `${api}/data/bulk/Item`, {
        body: Array.from({ length: Math.min(BATCH, RECORDS - b * BATCH) }, (_, k) => {
          const i = b * BATCH + k;
          return {
            name: `item ${i}`,
            qty: i,
            price: i / 100,
            active: i % 2 === 0,
            due: Date.UTC(2026, 0, 1) + i * 1000,
            meta: { n: i, tags: ['a', 'b'] },
          };
        }),
      }),
    );
    const seedRecordsS = (performance.now() - t0) / 1000;
    t0 = performance.now();
    await inParallel(FILES, 8, async (i) => {
      const form = new FormData();
      form.append('file', new Blob([`file ${i}\n`.repeat(20)]), `f${i}.txt`);
      const res = await fetch(`${api}/files/bench/d${i % 10}/f${i}.txt`, { method: 'POST', body: form });
      if (!res.ok) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
    });
    const seedFilesS = (performance.now() - t0) / 1000;
    const count = await request('GET', `${api}/data/Item/count`);
    if (count !== RECORDS) throw new Error(`the app has ${count} records, not ${RECORDS}`);
    console.log(
      `seeded ${RECORDS} records in ${seedRecordsS.toFixed(1)} s, ${FILES} files in ${seedFilesS.toFixed(1)} s`,
    );

    const clone = await timed(
      async () =>
        (
          await json(`${consoleOf(appId)}/cloneApp`, {
            method: 'POST',
            authKey,
            body: { appName: 'LifecycleBenchClone' },
          })
        ).body.processId,
      async (id) => (await json(`${consoleOf(appId)}/cloneApp/${id}`, { authKey })).body,
    );
    console.log(`clone: ${clone.seconds.toFixed(1)} s, progress seen ${clone.seen.join(' ')}`);
    const cloneApi = await apiOf(clone.status.newAppId);
    const cloned = await request('GET', `${cloneApi}/data/Item/count`);
    if (cloned !== RECORDS) throw new Error(`the clone has ${cloned} records, not ${RECORDS}`);
    let clonedFiles = 0;
    for (let d = 0; d < 10; d++)
      clonedFiles += Number(
        (await json(`${consoleOf(clone.status.newAppId)}/files/directory/view/bench/d${d}/count`, { authKey })).body,
      );
    if (clonedFiles !== FILES) throw new Error(`the clone has ${clonedFiles} files, not ${FILES}`);

    const exported = await timed(
      async () => (await json(`${consoleOf(appId)}/export`, { method: 'POST', authKey, body: {} })).body.processId,
      async (id) => (await json(`${consoleOf(appId)}/lifecycle/processes/${id}`, { authKey })).body,
    );
    const listed = (await json(`${consoleOf(appId)}/export`, { authKey })).body.find(
      (e) => e.processId === exported.status.processId,
    );
    console.log(
      `export: ${exported.seconds.toFixed(1)} s, ${(listed.size / 1024 / 1024).toFixed(1)} MB, progress seen ${exported.seen.join(' ')}`,
    );
    const loadAfter = fmtLoad();
    const verdict = (s) => (s < TARGET_S ? `under ${TARGET_S} s` : `OVER ${TARGET_S} s`);
    const report = [
      `Sizes: ${RECORDS.toLocaleString('en')} records (6 column types), ${FILES.toLocaleString('en')} files of 160 bytes. ` +
        `Seeding: ${seedRecordsS.toFixed(1)} s records (bulk of ${BATCH}), ${seedFilesS.toFixed(1)} s files.`,
      `Load average (1/5/15 min) before: ${loadBefore}, after: ${loadAfter}; ${os.cpus().length} cores.`,
      '',
      '| operation | seconds | target | progress values seen (polled every 250 ms) |',
      '|---|---:|---|---|',
      `| clone (until DONE) | ${clone.seconds.toFixed(1)} | ${verdict(clone.seconds)} | ${clone.seen.join(' ')} |`,
      `| export ZIP (until DONE, ${(listed.size / 1024 / 1024).toFixed(1)} MB) | ${exported.seconds.toFixed(1)} | ${verdict(exported.seconds)} | ${exported.seen.join(' ')} |`,
      '',
      `The clone was checked: ${cloned.toLocaleString('en')} records and ${clonedFiles.toLocaleString('en')} files.`,
    ].join('\n');
    return { report, ok: clone.seconds < TARGET_S && exported.seconds < TARGET_S };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const arg = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const { report, ok } = await run({
    quick: args.includes('--quick'),
    records: arg('records') && Number(arg('records')),
    files: arg('files') && Number(arg('files')),
    profile: args.includes('--profile'),
  });
  console.log(`\n${report}`);
  if (!ok) process.exitCode = 1;
}
