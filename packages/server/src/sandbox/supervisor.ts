import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appErrorCode } from '@basalt/shared';
import { ApiError } from '../http/api-error.js';
import { isOp } from './ops.js';
import type { FromHost, ToHost, WireError } from './protocol.js';
import { TIMEOUT_MESSAGE } from './run.js';
import type { CodeRef, InvokeRequest, InvokeResult, LogLine, Registration, Sandbox, SandboxLimits } from './types.js';
import { toApiError, bridgeFailure } from './errors.js';
import { normaliseLimits, ANALYSE_TIMEOUT_MS } from './limits.js';

/**
 * The server's side of the sandbox: forks the sandbox process(es) on first use, sends each call to
 * the process of its app, answers the code's bridge calls with the caller's BridgeFn, and restarts
 * a process that died (with back-off). Calls that were running in a dead process fail with
 * CLOUD_CODE_SANDBOX_CRASHED (503). A call the process does not answer by its time limit + a grace
 * ends as a timeout here too, whatever the process does.
 */

/** What the server waits beyond a call's own limit before it stops waiting for the process. */
const GRACE_MS = 1500;
/** A process that does not answer a ping in this long is stuck: it is killed and restarted. */
const PING_WAIT_MS = 2000;
/** Back-off between restarts of a process that keeps dying: 0, 100, 200, 400 … 5 000 ms. */
const MAX_BACKOFF_MS = 5000;

interface Pending {
  kind: 'invoke' | 'analyse';
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  guard: NodeJS.Timeout;
  /** invoke only */
  req?: InvokeRequest;
  msg?: ToHost;
  started: number;
}

class HostProcess {
  child?: ChildProcess;
  /** Deployments whose code this incarnation of the process has been sent. */
  readonly sent = new Set<string>();
  readonly pending = new Map<number, Pending>();
  private deaths = 0;
  private pingSeq = 0;
  private probing?: NodeJS.Timeout;
  private lastStart = 0;
  private starting?: Promise<ChildProcess>;

  constructor(private readonly onMessage: (host: HostProcess, msg: FromHost) => void) {}

  /** The live process, forked (after the back-off, when it died lately) if there is none. */
  async ensure(): Promise<ChildProcess> {
    if (this.child && this.child.connected) return this.child;
    if (this.starting) return this.starting;
    this.starting = (async () => {
      const wait = this.deaths === 0 ? 0 : Math.min(MAX_BACKOFF_MS, 100 * 2 ** (this.deaths - 1));
      const since = Date.now() - this.lastStart;
      if (wait > since) await new Promise((r) => setTimeout(r, wait - since));
      this.lastStart = Date.now();
      const child = spawnHost();
      this.sent.clear();
      child.on('message', (m: FromHost) => this.onMessage(this, m));
      child.on('exit', () => this.died(child));
      child.on('error', () => this.died(child));
      this.child = child;
      return child;
    })().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /**
   * A call went unanswered past its limit: the process should have answered it (its own timer ends
   * every run). If it does not answer a ping either, its event loop is stuck (or it is stopped):
   * kill it, so the calls held there fail now and the next ones get a new process.
   */
  probe(): void {
    const child = this.child;
    if (!child || this.probing) return;
    const seq = ++this.pingSeq;
    this.probing = setTimeout(() => {
      this.probing = undefined;
      if (this.child === child) child.kill('SIGKILL');
    }, PING_WAIT_MS);
    this.probing.unref();
    this.send({ t: 'ping', seq });
  }

  pong(seq: number): void {
    if (seq !== this.pingSeq || !this.probing) return;
    clearTimeout(this.probing);
    this.probing = undefined;
  }

  send(msg: ToHost): void {
    try {
      this.child?.send(msg);
    } catch {
      /* the exit handler fails the call */
    }
  }

  private died(child: ChildProcess): void {
    if (this.child !== child) return;
    this.child = undefined;
    if (this.probing) clearTimeout(this.probing);
    this.probing = undefined;
    // A process that lived a minute was not crash-looping: start the back-off again.
    this.deaths = Date.now() - this.lastStart > 60_000 ? 1 : this.deaths + 1;
    const crashed = new ApiError(
      'CLOUD_CODE_SANDBOX_CRASHED',
      'The cloud code sandbox stopped during the call; it is being restarted',
    );
    for (const [id, p] of this.pending) {
      clearTimeout(p.guard);
      this.pending.delete(id);
      p.reject(crashed);
    }
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child) return;
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGKILL');
    await gone;
  }
}

/** Forks host.ts (tests and `npm run dev`, through tsx) or host.js (the built server). */
function spawnHost(): ChildProcess {
  const here = fileURLToPath(import.meta.url);
  const fromSource = here.endsWith('.ts');
  const entry = join(dirname(here), fromSource ? 'host.ts' : 'host.js');
  const execArgv = ['--no-node-snapshot'];
  if (fromSource) execArgv.push('--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href);
  const child = fork(entry, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Only what the sandbox process itself reads: the server's environment (secrets) stays behind.
    env: {
      PATH: process.env.PATH ?? '',
      BASALT_SANDBOX_MAX_ISOLATES: process.env.BASALT_SANDBOX_MAX_ISOLATES ?? '',
      BASALT_SANDBOX_WARM_CONTEXTS: process.env.BASALT_SANDBOX_WARM_CONTEXTS ?? '',
    },
  });
  // The server may end without waiting for it: the process must not keep it alive.
  child.unref();
  (child as unknown as { channel?: { unref(): void } }).channel?.unref();
  return child;
}

/** The sandbox with what operators and tests may see beyond the contract. */
export interface SupervisedSandbox extends Sandbox {
  /** The pids of the live sandbox processes. */
  processIds(): number[];
}

export function createSandbox(options: { processes?: number } = {}): SupervisedSandbox {
  const count = Math.max(1, options.processes ?? (Number(process.env.BASALT_SANDBOX_PROCESSES) || 1));
  const hosts: HostProcess[] = [];
  let seq = 0;
  let closed = false;

  const onMessage = (host: HostProcess, msg: FromHost) => {
    if (msg.t === 'ready') return;
    if (msg.t === 'pong') return host.pong(msg.seq);
    const p = host.pending.get(msg.id);
    if (!p) return;
    if (msg.t === 'call') {
      void answerCall(host, msg.id, msg.callId, msg.op, msg.args, p.req!);
      return;
    }
    if (msg.t === 'log') {
      try {
        p.req?.onLog?.(msg.line as LogLine);
      } catch {
        /* a log sink's failure is not the call's */
      }
      return;
    }
    if (msg.t === 'need-code') {
      const m = p.msg as Extract<ToHost, { t: 'invoke' }>;
      host.send({ ...m, code: { ...m.code, code: p.req!.code.code } });
      return;
    }
    clearTimeout(p.guard);
    host.pending.delete(msg.id);
    if (msg.t === 'failed') return p.reject(toApiError(msg.error));
    if (msg.t === 'registration') return p.resolve(msg.registration);
    const parsed = JSON.parse(msg.json) as { hasValue?: boolean; value?: unknown; req?: unknown; res?: unknown };
    const result: InvokeResult = {
      value: parsed.hasValue === false ? undefined : (parsed.value ?? null),
      durationMs: Date.now() - p.started,
      ...(msg.cpuMs !== undefined ? { cpuMs: msg.cpuMs } : {}),
    };
    if (p.req?.target.kind === 'handler') {
      result.req = parsed.req;
      result.res = parsed.res;
    }
    p.resolve(result);
  };

  async function answerCall(
    host: HostProcess,
    id: number,
    callId: number,
    op: string,
    argsJson: string,
    req: InvokeRequest,
  ) {
    let ok = true;
    let json: string;
    try {
      if (!isOp(op)) throw bridgeFailure(`Unknown operation ${op}`);
      const value = await req.bridge(op, JSON.parse(argsJson));
      json = JSON.stringify(value === undefined ? null : value);
    } catch (e) {
      ok = false;
      json = JSON.stringify(describeBridgeError(e));
    }
    if (host.pending.has(id)) host.send({ t: 'bridge', id, callId, ok, json });
  }

  function hostFor(appId: string): HostProcess {
    if (hosts.length === 0) for (let i = 0; i < count; i++) hosts.push(new HostProcess(onMessage));
    let h = 0;
    for (let i = 0; i < appId.length; i++) h = (h * 31 + appId.charCodeAt(i)) >>> 0;
    return hosts[h % hosts.length];
  }

  async function dispatch<T>(
    appId: string,
    kind: Pending['kind'],
    waitMs: number,
    build: (id: number, host: HostProcess) => ToHost,
    req?: InvokeRequest,
  ): Promise<T> {
    if (closed) throw ApiError.unavailable('The cloud code sandbox is closed');
    const host = hostFor(appId);
    await host.ensure();
    const id = ++seq;
    const msg = build(id, host);
    return new Promise<T>((resolve, reject) => {
      const guard = setTimeout(() => {
        if (!host.pending.delete(id)) return;
        host.send({ t: 'abort', id });
        host.probe();
        reject(new ApiError('CLOUD_CODE_TIMEOUT', TIMEOUT_MESSAGE));
      }, waitMs + GRACE_MS);
      host.pending.set(id, {
        kind,
        resolve: resolve as (v: unknown) => void,
        reject,
        guard,
        req,
        msg,
        started: Date.now(),
      });
      host.send(msg);
    });
  }

  return {
    async analyse(code: CodeRef, limits?: Partial<SandboxLimits>): Promise<Registration> {
      const l = normaliseLimits({
        ...limits,
        timeoutMs: Math.min(limits?.timeoutMs ?? ANALYSE_TIMEOUT_MS, ANALYSE_TIMEOUT_MS),
      });
      return dispatch<Registration>(code.appId, 'analyse', l.timeoutMs, (id) => ({
        t: 'analyse',
        id,
        code: code.code,
        limits: l,
      }));
    },

    async invoke(req: InvokeRequest): Promise<InvokeResult> {
      const limits = normaliseLimits(req.limits);
      return dispatch<InvokeResult>(
        req.code.appId,
        'invoke',
        limits.timeoutMs,
        (id, host) => {
          const key = `${req.code.appId}\u0000${req.code.deploymentId}`;
          const first = !host.sent.has(key);
          host.sent.add(key);
          return {
            t: 'invoke',
            id,
            code: {
              appId: req.code.appId,
              deploymentId: req.code.deploymentId,
              ...(first ? { code: req.code.code } : {}),
            },
            target: req.target,
            payload: JSON.stringify(req.payload ?? null),
            context: JSON.stringify(req.context ?? {}),
            limits,
          };
        },
        req,
      );
    },

    processIds: () => hosts.flatMap((h) => (h.child?.pid ? [h.child.pid] : [])),

    async close(): Promise<void> {
      closed = true;
      await Promise.all(hosts.map((h) => h.close()));
    },
  };
}

/** A host-side failure of a bridge call, as the code sees it (`err.code`, `err.status`, `err.appCode`). */
function describeBridgeError(e: unknown): Record<string, unknown> {
  if (e instanceof ApiError) {
    return {
      code: e.code,
      status: e.status,
      message: e.message,
      appCode: typeof e.wireCode === 'number' ? e.wireCode : appErrorCode(e.code),
      ...(e.details ? { details: e.details } : {}),
    };
  }
  return { code: 'INTERNAL', status: 500, message: 'Internal server error', appCode: 8001 };
}

export type { WireError };
