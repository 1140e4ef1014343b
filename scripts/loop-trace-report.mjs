#!/usr/bin/env node
// Reads a BASALT_LOOP_TRACE file (packages/server/src/http/loop-trace.ts) and lists the requests
// that held the server's event loop longest in one go, and the loop's stalls. With a second file,
// a BASALT_FUZZ_DUMP of the same run, each case is shown with its kind, route and input.
//   node scripts/loop-trace-report.mjs <trace.jsonl> [dump.jsonl] [how many, default 25]
import fs from 'node:fs';

const [traceFile, dumpFile, howMany = '25'] = process.argv.slice(2);
if (!traceFile) {
  console.error('usage: node scripts/loop-trace-report.mjs <trace.jsonl> [dump.jsonl] [n]');
  process.exit(2);
}
const lines = (f) =>
  fs
    .readFileSync(f, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const rows = lines(traceFile);
const cases = rows.filter((r) => r.case);
const gaps = rows.filter((r) => r.gap);
const dump = new Map();
if (dumpFile && fs.existsSync(dumpFile)) for (const d of lines(dumpFile)) dump.set(d.id, d);
const n = Number(howMany);
const show = (r) => {
  const d = dump.get(r.case);
  const what = d ? ` ${d.kind} [${d.route}] ${d.status} ${String(d.input).slice(0, 90)}` : '';
  return `${(r.maxCpuMs ?? r.maxMs).toFixed(1).padStart(7)} ms cpu max  ${r.maxMs.toFixed(1).padStart(7)} ms wall max  ${r.cpuMs.toFixed(1).padStart(7)} ms cpu sum  ${String(r.n).padStart(5)} cbs  ${r.case} (${r.maxType})${what}`;
};
const pct = (list, p) => list[Math.min(list.length - 1, Math.floor(p * list.length))];
const held = (r) => r.maxCpuMs ?? r.maxMs;
const maxes = cases.map(held).sort((a, b) => a - b);
console.log(
  `${cases.length} requests; the most CPU time of one callback per request: median ${pct(maxes, 0.5)?.toFixed(2)} ms, p99 ${pct(maxes, 0.99)?.toFixed(2)} ms, max ${maxes.at(-1)?.toFixed(1)} ms`,
);
for (const limit of [10, 20, 30, 50, 100]) console.log(`  over ${limit} ms: ${maxes.filter((m) => m > limit).length}`);
console.log(`\nthe ${n} requests holding the loop longest in one go (CPU time, which load does not inflate):`);
for (const r of [...cases].sort((a, b) => held(b) - held(a)).slice(0, n)) console.log(show(r));
console.log(`\nthe ${n} requests with the most main-thread time in all:`);
for (const r of [...cases].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, n)) console.log(show(r));
const busy = gaps.filter((g) => g.cpu !== undefined);
console.log(
  `\n${gaps.length} loop stalls over 20 ms (wall or CPU); ${busy.filter((g) => g.cpu > 20).length} with over 20 ms of main-thread CPU, ${busy.filter((g) => g.cpu > 50).length} over 50 ms, ${busy.filter((g) => g.cpu > 100).length} over 100 ms; the longest by CPU:`,
);
for (const g of [...gaps].sort((a, b) => (b.cpu ?? b.gap) - (a.cpu ?? a.gap)).slice(0, n))
  console.log(
    `${(g.cpu ?? g.gap).toFixed(1).padStart(7)} ms cpu ${g.gap.toFixed(1).padStart(7)} ms wall: ${g.ran.slice(0, 6).join(' ;; ')}`,
  );
