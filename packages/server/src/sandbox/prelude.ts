import { buildApis, type PreludeCore } from './prelude-api.js';

/**
 * The code run in every new context before the developer's bundle: the registry that
 * `Backendless.ServerCode.*` / `basalt.register*` fill, the one bridge function `call(op, args)`,
 * console and timers implemented by the host, and the dispatcher the host drives.
 *
 * Written as functions and sent as their own text (`preludeSource`), so nothing here may refer to
 * anything outside its own body: each function gets what it needs as arguments. It runs inside the
 * isolate, where only the language's own globals exist.
 *
 * The host gives one function, `$host(generation, kind, ...args)` (an ivm.Callback, fire-and-forget), and drives
 * the context through the completion value of this script, `control(kind, ...args)`. Every piece of
 * developer code therefore runs inside a host call that carries the invocation's time limit: the
 * bundle's top level, `control('invoke')`, and each `control('deliver' | 'fire')` that resumes code
 * waiting on a bridge call or a timer. Nothing resumes outside a limit.
 */
function preludeMain(api: typeof buildApis, hostFn: RawHostFn): Control {
  const g = globalThis as unknown as Record<string, unknown>;
  delete g.$host;
  // The invocation's context, readable from the bundle's top level on (basalt.context).
  const initialContext = typeof g.$context === 'string' ? (JSON.parse(g.$context) as Record<string, unknown>) : {};
  delete g.$context;
  // Blocking waits would hold the isolate's thread past any limit.
  const atomics = g.Atomics as Record<string, unknown> | undefined;
  if (atomics) {
    delete atomics.wait;
    delete atomics.waitAsync;
  }
  // Every host call carries the invocation it belongs to: a context is reused for the app's later
  // calls (warm contexts, run.ts), and a callback of a finished call must never reach the next one.
  let generation = 0;
  const host: HostFn = (kind, ...args) => hostFn(generation, kind, ...args);
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const BRIDGE = Symbol('bridge');

  // ---- registry -------------------------------------------------------------------------------
  let loading = true;
  const services = new Map<string, ServiceEntry>();
  const handlers = new Map<string, HandlerEntry>();
  const timers = new Map<string, TimerEntry>();

  function duringLoad(what: string): boolean {
    if (loading) return true;
    log('ERROR', 'SERVER_CODE', `${what}: registration is allowed only synchronously while the code loads`);
    return false;
  }

  function registerService(clazz: unknown, configItems?: unknown, options?: unknown): unknown {
    if (!duringLoad('addService')) return clazz;
    if (typeof clazz !== 'function' || !clazz.name)
      throw new Error('A Service must be a named function-constructor or es6 class');
    const declared = Array.isArray(configItems)
      ? configItems
      : (clazz as unknown as { configItems?: unknown }).configItems;
    const items = Array.isArray(declared)
      ? declared.map((item: Record<string, unknown>, order: number) => ({ ...item, order }))
      : [];
    services.set(clazz.name, { clazz: clazz as ServiceClass, configItems: items, options });
    return clazz;
  }

  function registerHandler(provider: string, event: string, target: string, fn: unknown, isAsync: boolean): void {
    if (!duringLoad(`${provider}.${event}`)) return;
    if (typeof fn !== 'function') throw new Error(`${event}: the handler must be a function`);
    const t = target === undefined || target === null || target === '' ? '*' : String(target);
    handlers.set(provider + '\u0000' + event + '\u0000' + t, {
      provider,
      event,
      target: t,
      async: !!isAsync,
      fn: fn as AnyFn,
    });
  }

  function registerTimer(timer: Record<string, unknown>): void {
    if (!duringLoad('addTimer')) return;
    if (!timer || typeof timer !== 'object') throw new Error('addTimer needs a timer object');
    const name = typeof timer.name === 'string' && timer.name ? timer.name : '';
    if (!name) throw new Error('A timer must have a name');
    if (typeof timer.execute !== 'function') throw new Error(`${name} timer must contain [execute] method`);
    const frequency = (timer.frequency ?? {}) as Record<string, unknown>;
    let startDate = toEpoch(timer.startDate);
    if (startDate === undefined) {
      if (frequency.schedule === 'once')
        throw new Error(`${name} timer is scheduled to run only once but its [startDate] is not specified`);
      startDate = Date.now();
    }
    timers.set(name, {
      name,
      startDate,
      expire: toEpoch(timer.expire),
      frequency,
      execute: timer.execute as AnyFn,
    });
  }

  function toEpoch(v: unknown): number | undefined {
    if (v === undefined || v === null || v === '') return undefined;
    if (v instanceof Date) return v.getTime();
    if (typeof v === 'number') return v;
    const n = Number(v);
    if (!Number.isNaN(n)) return n;
    const d = Date.parse(String(v));
    return Number.isNaN(d) ? undefined : d;
  }

  // ---- the bridge -----------------------------------------------------------------------------
  let callSeq = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();

  function call(op: string, args?: unknown): Promise<unknown> {
    if (typeof op !== 'string') return Promise.reject(new TypeError('call(op, args): op must be a string'));
    let json: string;
    try {
      json = stringify(args === undefined ? {} : args) ?? '{}';
    } catch (e) {
      return Promise.reject(e);
    }
    const id = ++callSeq;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      host('call', id, op, json);
    });
  }

  function bridgeError(info: BridgeErrorInfo): Error {
    const err = new Error(info.message) as Error & Record<string | symbol, unknown>;
    err.name = 'BasaltError';
    err.code = info.code;
    err.status = info.status;
    if (info.appCode !== undefined) err.appCode = info.appCode;
    err[BRIDGE] = { code: info.code, status: info.status, message: info.message, details: info.details };
    return err;
  }

  // ---- console and timers ---------------------------------------------------------------------
  let logCount = 0;
  function format(args: unknown[]): string {
    return args
      .map((a) => {
        if (typeof a === 'string') return a;
        if (a instanceof Error) return a.stack || String(a);
        if (typeof a === 'function') return `[Function ${a.name || 'anonymous'}]`;
        if (a === undefined) return 'undefined';
        if (typeof a === 'bigint' || typeof a === 'symbol') return String(a);
        try {
          return stringify(a) ?? String(a);
        } catch {
          return String(a);
        }
      })
      .join(' ');
  }
  function log(level: string, logger: string, message: string): void {
    logCount++;
    host('log', level, logger, message);
  }
  const console = {
    log: (...a: unknown[]) => log('INFO', 'SERVER_CODE', format(a)),
    info: (...a: unknown[]) => log('INFO', 'SERVER_CODE', format(a)),
    debug: (...a: unknown[]) => log('DEBUG', 'SERVER_CODE', format(a)),
    trace: (...a: unknown[]) => log('DEBUG', 'SERVER_CODE', format(a)),
    warn: (...a: unknown[]) => log('WARN', 'SERVER_CODE', format(a)),
    error: (...a: unknown[]) => log('ERROR', 'SERVER_CODE', format(a)),
  };
  g.console = console;

  let timerSeq = 0;
  const timeouts = new Map<number, { fn: AnyFn; args: unknown[]; every?: number }>();
  function arm(fn: unknown, ms: unknown, args: unknown[], every: boolean): number {
    if (typeof fn !== 'function') throw new TypeError('The callback must be a function');
    const delay = Math.max(0, Number(ms) || 0);
    const id = ++timerSeq;
    timeouts.set(id, { fn: fn as AnyFn, args, every: every ? delay : undefined });
    host('timer', id, delay);
    return id;
  }
  g.setTimeout = (fn: unknown, ms?: unknown, ...args: unknown[]) => arm(fn, ms, args, false);
  g.setInterval = (fn: unknown, ms?: unknown, ...args: unknown[]) => arm(fn, ms, args, true);
  g.setImmediate = (fn: unknown, ...args: unknown[]) => arm(fn, 0, args, false);
  g.clearTimeout =
    g.clearInterval =
    g.clearImmediate =
      (id: unknown) => {
        timeouts.delete(Number(id));
      };

  // ---- the APIs -------------------------------------------------------------------------------
  class ServerCodeError extends Error {
    code: unknown;
    httpStatusCode: unknown;
    constructor(code?: unknown, message?: unknown, httpStatusCode?: unknown) {
      super(message === undefined ? undefined : String(message));
      this.name = 'ServerCodeError';
      this.code = code;
      this.httpStatusCode = httpStatusCode;
    }
  }
  const context: Record<string, unknown> = { ...initialContext };
  const core: PreludeCore = {
    call,
    BRIDGE,
    log,
    format,
    registerService,
    registerHandler,
    registerTimer,
    ServerCodeError,
    context,
  };
  const { Backendless, basalt } = api(core);
  g.Backendless = Backendless;
  g.basalt = basalt;

  // ---- the dispatcher -------------------------------------------------------------------------
  function describe(e: unknown): Record<string, unknown> {
    if (e instanceof ServerCodeError) {
      let code = e.code;
      let message = e.message;
      // `new ServerCode.Error('message only')`.
      if (!message && typeof code === 'string') {
        message = code;
        code = undefined;
      }
      return { kind: 'rejected', code, message, status: e.httpStatusCode };
    }
    if (e && typeof e === 'object' && (e as Record<symbol, unknown>)[BRIDGE]) {
      const info = (e as Record<symbol, BridgeErrorInfo>)[BRIDGE];
      return { kind: 'api', code: info.code, message: info.message, status: info.status, details: info.details };
    }
    if (e instanceof Error) return { kind: 'error', message: `${e.name}: ${e.message}`, stack: e.stack };
    // A thrown `{code, message}` reads as a rejection, as the reference runner answers it.
    if (e && typeof e === 'object' && 'code' in e && 'message' in e) {
      const o = e as Record<string, unknown>;
      return { kind: 'rejected', code: o.code, message: String(o.message), status: o.httpStatusCode ?? o.status };
    }
    return { kind: 'error', message: String(e) };
  }

  function finish(run: () => unknown, shape: (v: unknown) => Record<string, unknown>): void {
    let p: Promise<unknown>;
    try {
      p = Promise.resolve(run());
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(
      (v) => {
        let json: string;
        try {
          json = stringify(shape(v)) ?? '{}';
        } catch (e) {
          host('fail', stringify({ kind: 'error', message: `The result is not JSON: ${(e as Error).message}` }));
          return;
        }
        host('done', json);
      },
      (e) => {
        let json: string;
        try {
          json = stringify(describe(e));
        } catch {
          json = stringify({ kind: 'error', message: 'Unknown error' });
        }
        host('fail', json);
      },
    );
  }

  function notFound(message: string): never {
    const e = new Error(message) as Error & Record<symbol, unknown>;
    e[BRIDGE] = { code: 'NOT_FOUND', status: 404, message };
    throw e;
  }

  function configOf(declared: Record<string, unknown>[], actual: unknown): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    if (Array.isArray(actual)) {
      for (const item of actual as { name?: unknown; value?: unknown }[])
        if (item && typeof item.name === 'string') values[item.name] = item.value;
    } else if (actual && typeof actual === 'object') Object.assign(values, actual);
    const out: Record<string, unknown> = {};
    for (const item of declared) {
      const name = String(item.name);
      let v = values[name] ?? item.defaultValue;
      const type = String(item.type ?? '').toUpperCase();
      if (type === 'BOOL' && typeof v === 'string') v = v === 'true';
      if (type === 'DATE' && typeof v === 'string') v = new Date(Number(v) || Date.parse(v));
      out[name] = v;
    }
    // Stored values without a declaration stay reachable too.
    for (const k of Object.keys(values)) if (!(k in out)) out[k] = values[k];
    return out;
  }

  function invoke(spec: InvokeSpec): void {
    // A warm context starts each call clean: nothing of the previous call's context, bridge calls
    // or timers is left (they could never be answered: the host answers only the live call).
    generation = typeof spec.generation === 'number' ? spec.generation : generation;
    pending.clear();
    timeouts.clear();
    for (const k of Object.keys(context)) delete context[k];
    const ctx = spec.context ?? {};
    Object.assign(context, ctx);
    const t = spec.target;
    if (t.kind === 'service') {
      finish(
        () => {
          const entry = services.get(t.service);
          if (!entry) return notFound(`[${t.service}] service does not exist`);
          const config = configOf(entry.configItems, ctx.configurationItems);
          const Clazz = entry.clazz;
          const instance = new Clazz(config, context) as Record<string, unknown>;
          instance.config = config;
          instance.request = {
            context,
            headers: ctx.httpHeaders ?? {},
            path: ctx.httpPath,
            pathParams: ctx.httpPathParams ?? {},
            queryParams: ctx.httpQueryParams ?? {},
          };
          const method = instance[t.method];
          if (t.method === 'constructor' || typeof method !== 'function')
            return notFound(`[${t.method}] method does not exist in [${t.service}] service or is not a function`);
          const args = Array.isArray(spec.payload) ? spec.payload : spec.payload === undefined ? [] : [spec.payload];
          return (method as AnyFn).apply(instance, args);
        },
        (v) => ({ hasValue: true, value: v === undefined ? null : v }),
      );
      return;
    }
    if (t.kind === 'handler') {
      const payload = (spec.payload ?? {}) as { req?: Record<string, unknown>; res?: Record<string, unknown> };
      const req: Record<string, unknown> = { ...(payload.req ?? {}), context };
      const res = payload.res === undefined ? undefined : { ...payload.res };
      finish(
        () => {
          const entry =
            handlers.get(t.provider + '\u0000' + t.event + '\u0000' + t.target) ??
            handlers.get(t.provider + '\u0000' + t.event + '\u0000*');
          if (!entry) return notFound(`${t.event}(${t.target}) event handler does not exist`);
          return entry.fn.apply(context, res ? [req, res] : [req]);
        },
        (v) => {
          if (v !== undefined && res) res.result = v;
          return { hasValue: v !== undefined, value: v, req, res };
        },
      );
      return;
    }
    if (t.kind === 'timer') {
      finish(
        () => {
          const entry = timers.get(t.name);
          if (!entry) return notFound(`[${t.name}] timer does not exist`);
          return entry.execute.call(context, { context });
        },
        (v) => ({ hasValue: true, value: v === undefined ? null : v }),
      );
      return;
    }
    const res: Record<string, unknown> = {};
    finish(
      () => {
        const entry = handlers.get('custom\u0000execute\u0000' + t.name);
        if (!entry) return notFound(`[${t.name}] custom event handler does not exist`);
        const payload = (spec.payload ?? {}) as { args?: unknown };
        return entry.fn.call(context, { context, args: payload.args ?? {} }, res);
      },
      (v) => ({ hasValue: true, value: v !== undefined ? v : res.result === undefined ? null : res.result }),
    );
  }

  function registration(): string {
    const out = {
      services: [...services.values()].map((s) => {
        const proto = s.clazz.prototype as Record<string, unknown>;
        const methods: { name: string; params: string[] }[] = [];
        for (const name of Object.getOwnPropertyNames(proto)) {
          if (name === 'constructor') continue;
          const d = Object.getOwnPropertyDescriptor(proto, name);
          if (d && typeof d.value === 'function') methods.push({ name, params: paramNames(d.value as AnyFn) });
        }
        const c = s.clazz as unknown as Record<string, unknown>;
        return {
          name: s.clazz.name,
          methods,
          ...(typeof c.version === 'string' ? { version: c.version } : {}),
          ...(typeof c.description === 'string' ? { description: c.description } : {}),
          ...(s.configItems.length ? { configItems: s.configItems } : {}),
        };
      }),
      handlers: [...handlers.values()].map((h) => ({
        provider: h.provider,
        event: h.event,
        target: h.target,
        async: h.async,
      })),
      timers: [...timers.values()].map((t) => ({
        name: t.name,
        startDate: t.startDate,
        expire: t.expire,
        frequency: t.frequency,
      })),
    };
    return stringify(out);
  }

  /** Parameter names from a function's own text: `a = 1` → `a`, `...rest` → `rest`, a pattern → `argN`. */
  function paramNames(fn: AnyFn): string[] {
    const src = Function.prototype.toString
      .call(fn)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/[^\n]*/g, '');
    const open = src.indexOf('(');
    const arrow = src.indexOf('=>');
    if (arrow >= 0 && (open < 0 || arrow < open)) {
      const p = src
        .slice(0, arrow)
        .replace(/^\s*async\s+/, '')
        .trim();
      return p ? [p] : [];
    }
    if (open < 0) return [];
    const parts: string[] = [];
    let depth = 0;
    let cur = '';
    for (let i = open + 1; i < src.length; i++) {
      const c = src[i];
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) {
          parts.push(cur);
          break;
        }
        depth--;
      } else if (c === ',' && depth === 0) {
        parts.push(cur);
        cur = '';
        continue;
      }
      cur += c;
    }
    const names: string[] = [];
    parts.forEach((raw, i) => {
      let p = raw.trim();
      if (!p) return;
      if (p.startsWith('...')) p = p.slice(3).trim();
      if (p.startsWith('{') || p.startsWith('[')) return names.push(`arg${i}`);
      const eq = p.indexOf('=');
      names.push((eq >= 0 ? p.slice(0, eq) : p).trim());
    });
    return names;
  }

  return function control(kind: string, a?: unknown, b?: unknown, c?: unknown): unknown {
    loading = false;
    if (kind === 'deliver') {
      const p = pending.get(a as number);
      if (!p) return;
      pending.delete(a as number);
      const v: unknown = parse(c as string);
      if (b) p.resolve(v);
      else p.reject(bridgeError(v as BridgeErrorInfo));
      return;
    }
    if (kind === 'fire') {
      const entry = timeouts.get(a as number);
      if (!entry) return;
      if (entry.every === undefined) timeouts.delete(a as number);
      else host('timer', a, entry.every);
      entry.fn(...entry.args);
      return;
    }
    if (kind === 'invoke') return invoke(parse(a as string) as InvokeSpec);
    if (kind === 'registration') return registration();
    if (kind === 'logCount') return logCount;
  };
}

type AnyFn = (...args: unknown[]) => unknown;
type ServiceClass = new (...args: unknown[]) => unknown;
export type HostFn = (kind: string, ...args: unknown[]) => void;
/** `$host` as the host gives it: the invocation's generation first. */
export type RawHostFn = (generation: number, kind: string, ...args: unknown[]) => void;
export type Control = (kind: string, a?: unknown, b?: unknown, c?: unknown) => unknown;
interface ServiceEntry {
  clazz: ServiceClass;
  configItems: Record<string, unknown>[];
  options: unknown;
}
interface HandlerEntry {
  provider: string;
  event: string;
  target: string;
  async: boolean;
  fn: AnyFn;
}
interface TimerEntry {
  name: string;
  startDate?: number;
  expire?: number;
  frequency: unknown;
  execute: AnyFn;
}
export interface BridgeErrorInfo {
  code: string;
  status: number;
  message: string;
  appCode?: number;
  details?: Record<string, unknown>;
}
interface InvokeSpec {
  target:
    | { kind: 'service'; service: string; method: string }
    | { kind: 'handler'; provider: string; event: string; target: string }
    | { kind: 'timer'; name: string }
    | { kind: 'event'; name: string };
  payload: unknown;
  context: Record<string, unknown>;
  /** Stamped on every host call this invocation makes. */
  generation?: number;
}

/**
 * The prelude's text. Transpilers that keep function names (esbuild under tsx and vitest) wrap
 * inner functions in a `__name(fn, "name")` helper defined at the top of the module, which this
 * text lacks: it is given as a no-op (as db/thread-source.ts does for worker threads).
 */
export const preludeSource = `const __name = (target) => target;\n(${preludeMain.toString()})(${buildApis.toString()}, globalThis.$host)`;
