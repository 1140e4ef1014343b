import fs from 'node:fs';
import { createHook, executionAsyncId, executionAsyncResource } from 'node:async_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * A diagnostic for how long each request holds the event loop, independent of machine load: with
 * `BASALT_LOOP_TRACE=<file>` the server times every callback it runs on the main thread (async
 * hooks `before`/`after`, promise reactions included) and charges it to the request it runs for,
 * named by the request's `x-trace-case` header (else its method and path). When a request's answer
 * is done, one JSON line goes to the file: its longest single callback (`maxMs`, the longest the
 * loop was held in one go for it, in wall time), the most CPU time one callback used (`maxCpuMs`:
 * the main thread's own run time, which a loaded machine does not inflate), the CPU time of all its
 * callbacks (`cpuMs`) and their count. A timer ticking every
 * 2 ms also notes every stall of the loop over 20 ms with the callbacks that ran in it: `gap` in
 * wall time, `cpu` the main thread's run time between the two ticks (what a request arriving then
 * would wait for on a quiet machine).
 *
 * Off by default and costly when on (promise hooks): it compares requests with each other, it does
 * not measure the server's normal speed.
 */
interface Tally {
  label: string;
  maxMs: number;
  cpuMs: number;
  n: number;
  /** the most CPU time (the whole process's, so measured apart from the machine's load) of one callback */
  maxCpuMs: number;
  /** what ran in its longest callback: the async resource type */
  maxType: string;
}

interface Ran {
  label: string;
  type: string;
  from: number;
  ms: number;
  cpu: number;
}

/**
 * Milliseconds of CPU this thread has run: Linux's per-thread run time (`/proc/thread-self/schedstat`,
 * read in about 2 µs), which neither a loaded machine nor the server's other threads (readers, GC
 * helpers) inflate; elsewhere the process's CPU time.
 */
function threadCpuClock(): () => number {
  try {
    const fd = fs.openSync('/proc/thread-self/schedstat', 'r');
    const buf = Buffer.alloc(64);
    return () => {
      const n = fs.readSync(fd, buf, 0, buf.length, 0);
      return Number(buf.toString('latin1', 0, n).split(' ')[0]) / 1e6;
    };
  } catch {
    return () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
  }
}

export function installLoopTrace(file: string, server: Server): void {
  const out = fs.openSync(file, 'a');
  const write = (o: object) => fs.writeSync(out, `${JSON.stringify(o)}\n`);
  /** asyncId → the request label of the context that created it */
  const labels = new Map<number, string>();
  /** socket handles and parsers → the label of the request they are reading */
  const byResource = new WeakMap<object, string>();
  const tallies = new Map<string, Tally>();
  const types = new Map<number, string>();
  /** recent callbacks longer than 1 ms, for stall attribution */
  const recent: Ran[] = [];
  let depth = 0;
  let topStart = 0;
  let topCpu = 0;
  const cpuNow = threadCpuClock();
  let topLabel: string | undefined;
  let topType = '';
  /** the label set by the request listener for the rest of its synchronous run */
  let current: string | undefined;

  const labelNow = (): string | undefined => {
    if (current) return current;
    const l = labels.get(executionAsyncId());
    if (l) return l;
    const r = executionAsyncResource() as object | undefined;
    return r ? byResource.get(r) : undefined;
  };

  createHook({
    init(asyncId, type, triggerAsyncId) {
      types.set(asyncId, type);
      const l = labelNow() ?? labels.get(triggerAsyncId);
      if (l) labels.set(asyncId, l);
    },
    before(asyncId) {
      if (depth++ === 0) {
        topStart = performance.now();
        topCpu = cpuNow();
        topLabel = undefined;
        topType = types.get(asyncId) ?? '?';
      }
      topLabel ??= labelNow();
    },
    after() {
      topLabel ??= labelNow();
      if (--depth > 0) return;
      current = undefined;
      const ms = performance.now() - topStart;
      const cpu = cpuNow() - topCpu;
      const label = topLabel ?? `(none:${topType})`;
      let t = tallies.get(label);
      if (!t) tallies.set(label, (t = { label, maxMs: 0, cpuMs: 0, n: 0, maxType: '', maxCpuMs: 0 }));
      t.cpuMs += cpu;
      if (cpu > t.maxCpuMs) t.maxCpuMs = cpu;
      t.n++;
      if (ms > t.maxMs) {
        t.maxMs = ms;
        t.maxType = topType;
      }
      if (ms > 1) {
        recent.push({ label, type: topType, from: topStart, ms, cpu });
        if (recent.length > 400) recent.splice(0, 200);
      }
    },
    destroy(asyncId) {
      labels.delete(asyncId);
      types.delete(asyncId);
    },
    promiseResolve() {},
  }).enable();

  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const header = req.headers['x-trace-case'];
    const label = `${typeof header === 'string' ? header : `${req.method} ${(req.url ?? '').slice(0, 60)}`}`;
    current = label;
    const socket = req.socket as unknown as { _handle?: object; parser?: object };
    if (socket._handle) byResource.set(socket._handle, label);
    if (socket.parser) byResource.set(socket.parser, label);
    res.once('close', () => {
      // Callbacks of the answer's last turn are counted a moment later.
      setTimeout(() => {
        const t = tallies.get(label);
        if (!t) return;
        tallies.delete(label);
        write({
          case: t.label,
          maxMs: +t.maxMs.toFixed(2),
          maxCpuMs: +t.maxCpuMs.toFixed(2),
          cpuMs: +t.cpuMs.toFixed(2),
          n: t.n,
          maxType: t.maxType,
        });
      }, 20).unref();
    });
  });

  let last = performance.now();
  let lastCpu = cpuNow();
  setInterval(() => {
    const t = performance.now();
    const c = cpuNow();
    const late = t - last - 2;
    // CPU the thread spent between two ticks: what a request arriving then waited for, on a quiet machine.
    const busy = c - lastCpu;
    if (late > 20 || busy > 20) {
      const ran = recent
        .filter((r) => r.from + r.ms > last && r.from < t)
        .map((r) => `${r.label} ${r.type} ${r.ms.toFixed(1)} (cpu ${r.cpu.toFixed(1)})`);
      write({ gap: +late.toFixed(1), cpu: +busy.toFixed(1), at: Math.round(performance.timeOrigin + last), ran });
    }
    last = t;
    lastCpu = c;
  }, 2).unref();

  // Time charged to no request (timers, group-commit flushes, threads' messages) every 5 s.
  setInterval(() => {
    for (const [label, t] of tallies) {
      if (!label.startsWith('(none')) continue;
      write({
        case: label,
        maxMs: +t.maxMs.toFixed(2),
        maxCpuMs: +t.maxCpuMs.toFixed(2),
        cpuMs: +t.cpuMs.toFixed(2),
        n: t.n,
        maxType: t.maxType,
      });
      tallies.delete(label);
    }
  }, 5000).unref();
}
