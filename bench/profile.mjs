#!/usr/bin/env node
// Reads a V8 .cpuprofile (from `npm run bench -- --profile`) and prints the functions with the
// most self time, and the files (packages) they belong to, so a run says where Basalt's time goes.
// Usage: node bench/profile.mjs bench/profiles/<file>.cpuprofile [top=25]
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/profile.mjs <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
// Samples are node ids taken at timeDeltas intervals: each sample's time is charged to its node.
for (let i = 0; i < prof.samples.length; i++) {
  const id = prof.samples[i];
  self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const place = (cf) => {
  const url = cf.url.replace(/^file:\/\//, '');
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0)
    return url
      .slice(nm + 13)
      .split('/')
      .slice(0, url.slice(nm + 13).startsWith('@') ? 2 : 1)
      .join('/');
  if (url.includes('/packages/')) return url.slice(url.indexOf('/packages/') + 1);
  return url || '(native)';
};
const fnTotals = new Map();
const fileTotals = new Map();
for (const [id, t] of self) {
  const cf = byId.get(id).callFrame;
  const fn = `${cf.functionName || '(anonymous)'} ${place(cf)}${cf.url ? `:${cf.lineNumber + 1}` : ''}`;
  fnTotals.set(fn, (fnTotals.get(fn) ?? 0) + t);
  const f = cf.url ? place(cf).replace(/^packages\/server\/dist\//, 'basalt:') : cf.functionName;
  fileTotals.set(f, (fileTotals.get(f) ?? 0) + t);
}
const pct = (t) => `${((t / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`total ${(total / 1e6).toFixed(1)} s sampled\n\ntop self time by function:`);
for (const [fn, t] of [...fnTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${fn}`);
console.log('\ntop self time by package or file:');
for (const [f, t] of [...fileTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${f}`);
