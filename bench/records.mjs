// The records workload of the benchmark (issue 3 item 9), the same for every target: Basalt, the
// peers and the floors. A target answers create(i), find(i), count(i) and bulk(i, rows); the
// harness runs each with 16 requests in flight and checks that find answers 15 rows, so a target
// that answers fast but wrong is caught.
import { cpuSeconds, measure } from './lib.mjs';

export const TABLE = 'BenchPerson';

/** Sizes of the spec, or a tenth of them with `--quick`; each loop also stops after maxMs. */
export function workloadSizes(quick) {
  return quick
    ? { creates: 2000, finds: 2000, counts: 1000, bulkRows: 10_000, bulkBatch: 1000, concurrency: 16, maxMs: 15_000 }
    : {
        creates: 10_000,
        finds: 10_000,
        counts: 5000,
        bulkRows: 100_000,
        bulkBatch: 1000,
        concurrency: 16,
        maxMs: 60_000,
      };
}

/**
 * Unmeasured requests before each measured loop, the same for every target: a server's first
 * requests of a kind run cold code (JIT, statement caches), which is not its steady speed. V8
 * optimises a function only after it ran hot for a while, and a server whose request passes
 * through more functions needs more requests before all of them are optimised: 500 requests left
 * Basalt's first measured loop (create) partly cold, which its later loops were not. A slow target
 * stops warming after WARM_UP_MAX_MS.
 */
export const WARM_UP = 2000;
export const WARM_UP_MAX_MS = 5000;
async function warmUp(fn) {
  const inFlight = 16;
  const until = Date.now() + WARM_UP_MAX_MS;
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < WARM_UP && Date.now() < until) await fn(next++).catch(() => {});
    }),
  );
}

/** The values of the i-th created record: ages cycle over 0..99, so any age matches ≥ 15 rows. */
export const person = (i) => ({ name: `p${i}`, age: i % 100 });
export const bulkRows = (i, batch) =>
  Array.from({ length: batch }, (_, k) => ({ name: `b${i}-${k}`, age: (i * batch + k) % 100 }));

/**
 * Runs the four loops against a target and answers one result per operation. Bulk results count
 * rows: `opsPerSec` is rows per second there, and the latencies are per request of `bulkBatch`.
 */
export async function runRecords(label, target, sizes) {
  const { concurrency, maxMs } = sizes;
  const out = {};
  // One failing operation (a peer refusing a batch size, say) is reported, the others still run.
  const step = async (op, fn) => {
    try {
      const pid = target.pid ?? process.pid;
      const cpu0 = cpuSeconds(pid);
      out[op] = await fn();
      const cpu1 = cpuSeconds(pid);
      // Server CPU per operation (per row for bulk), in microseconds: steady under a noisy load.
      if (cpu0 !== undefined && cpu1 !== undefined) out[op].cpuUs = ((cpu1 - cpu0) * 1e6) / out[op].count;
    } catch (err) {
      out.errors = [...(out.errors ?? []), `${op}: ${String(err?.message ?? err).slice(0, 300)}`];
    }
  };
  await warmUp((i) => target.create(sizes.creates + i));
  await step('create', () =>
    measure(`${label}: create`, (i) => target.create(i), { count: sizes.creates, concurrency, maxMs }),
  );
  // A slow target may not reach the rows find needs (15 per age) within maxMs: top it up, unmeasured.
  if ((out.create?.count ?? 0) < 1500) {
    for (let k = 0; k < 3; k++)
      await target
        .bulk(
          -1,
          Array.from({ length: 500 }, (_, j) => ({ name: `s${k}-${j}`, age: j % 100 })),
        )
        .catch(() => {});
  }
  await step('find', async () => {
    const sample = await target.find(7);
    if (!Array.isArray(sample) || sample.length !== 15)
      throw new Error(`find answered ${Array.isArray(sample) ? sample.length : typeof sample} rows, expected 15`);
    await warmUp((i) => target.find(i % 100));
    return measure(`${label}: find`, (i) => target.find(i % 100), { count: sizes.finds, concurrency, maxMs });
  });
  await step('count', async () => {
    const n = await target.count(50);
    if (typeof n !== 'number' || !(n > 0)) throw new Error(`count answered ${JSON.stringify(n)}`);
    await warmUp((i) => target.count(i % 100));
    return measure(`${label}: count`, (i) => target.count(i % 100), { count: sizes.counts, concurrency, maxMs });
  });
  await step('bulk', async () => {
    const requests = Math.ceil(sizes.bulkRows / sizes.bulkBatch);
    const bulk = await measure(`${label}: bulk create`, (i) => target.bulk(i, bulkRows(i, sizes.bulkBatch)), {
      count: requests,
      concurrency,
      maxMs: maxMs * 2,
    });
    return { ...bulk, count: bulk.count * sizes.bulkBatch, opsPerSec: bulk.opsPerSec * sizes.bulkBatch };
  });
  return out;
}

export const OPERATIONS = [
  ['create', 'single-record create'],
  ['find', 'find where age = n (indexed), 15 rows'],
  ['count', 'count where age > n'],
  ['bulk', 'bulk create, rows/s (1,000 a request)'],
];

/**
 * The comparison table: one line per operation, ops/s of every target, and each target's ratio to
 * the reference (Basalt's app API): "0.45×" means that target did 45% of what Basalt did.
 */
export function comparisonTable(results, reference) {
  const names = Object.keys(results);
  const head = `| operation | ${names.join(' | ')} |`;
  const lines = [head, `|---|${names.map(() => '---:').join('|')}|`];
  for (const [op, title] of OPERATIONS) {
    const ref = results[reference]?.[op]?.opsPerSec;
    const cells = names.map((n) => {
      const r = results[n]?.[op];
      if (!r) return results[n]?.error || results[n]?.errors?.some((e) => e.startsWith(`${op}:`)) ? 'failed' : '—';
      const ratio = ref && n !== reference ? ` (${(r.opsPerSec / ref).toFixed(2)}×)` : '';
      return `${Math.round(r.opsPerSec).toLocaleString('en-US')}${ratio}`;
    });
    lines.push(`| ${title} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/**
 * Server CPU per operation of every target (µs; per row for bulk), and Basalt's CPU as a share of
 * the target's: "Basalt 2.0× CPU" means Basalt spent twice the CPU this target did on one operation.
 * This is the comparison that survives a loaded, shared machine.
 */
export function cpuTable(results, reference) {
  const names = Object.keys(results);
  const lines = [`| server CPU µs per op | ${names.join(' | ')} |`, `|---|${names.map(() => '---:').join('|')}|`];
  for (const [op, title] of OPERATIONS) {
    const ref = results[reference]?.[op]?.cpuUs;
    const cells = names.map((n) => {
      const c = results[n]?.[op]?.cpuUs;
      if (c === undefined) return '—';
      const ratio = ref && n !== reference ? ` (Basalt ${(ref / c).toFixed(2)}×)` : '';
      return `${c.toFixed(c < 10 ? 1 : 0)}${ratio}`;
    });
    lines.push(`| ${title} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Latencies of every loop, for the record. */
export function latencyTable(results) {
  const lines = ['| target | operation | done | p50 ms | p99 ms | server CPU µs/op |', '|---|---|---:|---:|---:|---:|'];
  for (const [name, res] of Object.entries(results)) {
    for (const [op] of OPERATIONS) {
      const r = res?.[op];
      if (r)
        lines.push(
          `| ${name} | ${op} | ${r.count} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.cpuUs === undefined ? '—' : r.cpuUs.toFixed(0)} |`,
        );
    }
  }
  return lines.join('\n');
}
