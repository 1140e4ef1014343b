import type { FastifyBaseLogger } from 'fastify';

type Rec = Record<string, unknown>;

/**
 * Interceptors: the before and after handlers of operations (cloud code's event handlers, decision
 * 0047). The data, users, files and messaging services ask `has()` before an operation and, only
 * when it answers true, hand the operation's arguments to `before()` and its answer to `after()`.
 * An app without handlers pays that one lookup: no await, no allocation.
 *
 * Where the handlers come from is not this file's business: sources (cloud code reads
 * `cc_handlers`) hand the registry each app's list and chain orders, and tests add handlers
 * in-process with `add()`.
 */
export interface InterceptCall {
  appId: string;
  /** Basalt's provider name: 'data' | 'user' | 'file' | 'messaging' | 'cache' | 'counters' | 'custom'. */
  provider: string;
  /** The runner's event name, e.g. 'beforeCreate'. */
  event: string;
  /** A table, a channel, or '*' for providers without targets. */
  target: string;
  /** Who called the operation (an AppCaller); the recursion depth of cloud code travels in it. */
  caller: unknown;
  /** The event's arguments by name (`item`, `query`, `itemId` ...). */
  req: Rec;
}

export interface InterceptResult {
  result: unknown;
  error?: unknown;
}

export interface Interceptors {
  /** true when the app has any handler for (provider, event, target|'*'): one map lookup. */
  has(appId: string, provider: string, event: string, target: string): boolean;
  before(call: InterceptCall): Promise<{ req: Rec; premature?: { value: unknown } }>;
  /** Answers the result to answer the caller with. */
  after(call: InterceptCall & { res: InterceptResult }): Promise<unknown>;
}

/** What one handler did: the arguments or result as it left them, and what it returned. */
export interface InterceptOutcome {
  req?: Rec;
  res?: InterceptResult;
  /** A before-handler's non-undefined value is a premature result; an after-handler's replaces the result. */
  value?: unknown;
}

/** One handler as the registry runs it. */
export interface Interceptor {
  /** Unique within the app: chains name handlers by it. */
  id: string;
  provider: string;
  event: string;
  /** A table, channel or event name, or '*' for every one. */
  target: string;
  /** Not waited for; what it does to the arguments or the result is ignored. */
  async?: boolean;
  run(call: InterceptCall & { res?: InterceptResult }): Promise<InterceptOutcome | undefined | void>;
}

/** A stored order of one chain: handler ids, first to run first. */
export interface ChainOrder {
  provider: string;
  event: string;
  target: string;
  order: string[];
}

export interface AppInterceptors {
  interceptors: Interceptor[];
  chains: ChainOrder[];
}

/** Where handlers come from (cloud code). Lists come in their default order (model, then creation). */
export interface InterceptorSource {
  /** Every app that has handlers; read once at start and after a lost notification. */
  loadAll(): Promise<Map<string, AppInterceptors>>;
  /** One app's, after it changed. */
  load(appId: string): Promise<AppInterceptors>;
}

const key = (provider: string, event: string, target: string) => `${provider}\u0000${event}\u0000${target}`;

/** What the registry knows of one app with handlers. */
class AppEntry {
  readonly keys = new Set<string>();
  private readonly chains = new Map<string, string[]>();
  /** Resolved chains by (provider, event, target), made on first use. */
  private readonly resolved = new Map<string, Interceptor[]>();

  constructor(
    private readonly list: Interceptor[],
    chains: ChainOrder[],
  ) {
    for (const i of list) this.keys.add(key(i.provider, i.event, i.target));
    for (const c of chains) this.chains.set(key(c.provider, c.event, c.target), c.order);
  }

  /**
   * The handlers of (provider, event, target) in the order they run: a stored chain for the target
   * when there is one (handlers it does not name follow in default order); otherwise the target's
   * own handlers first, then the '*' ones in the order of the '*' chain.
   */
  chain(provider: string, event: string, target: string): Interceptor[] {
    const k = key(provider, event, target);
    let out = this.resolved.get(k);
    if (out) return out;
    const own =
      target === '*'
        ? []
        : this.list.filter((i) => i.provider === provider && i.event === event && i.target === target);
    const star = this.list.filter((i) => i.provider === provider && i.event === event && i.target === '*');
    out = resolveChain(own, star, this.chains.get(k), this.chains.get(key(provider, event, '*')));
    this.resolved.set(k, out);
    return out;
  }
}

/**
 * The run order of a chain for a target (shared with the console's chain routes): a stored order
 * for the target orders everything; otherwise the target's own handlers come first, then the '*'
 * ones in the '*' order.
 */
export function resolveChain<T extends { id: string }>(
  own: T[],
  star: T[],
  stored?: string[],
  starOrder?: string[],
): T[] {
  return stored ? ordered([...own, ...star], stored) : [...own, ...ordered(star, starOrder ?? [])];
}

/** `list` with the ids of `order` first, in that order, and the rest after in their own order. */
function ordered<T extends { id: string }>(list: T[], order: string[]): T[] {
  if (!order.length) return list;
  const at = new Map(order.map((id, i) => [id, i]));
  const named = list.filter((i) => at.has(i.id)).sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  return [...named, ...list.filter((i) => !at.has(i.id))];
}

/** Marks an app whose handlers changed and are not read again yet: every `has` answers true until then. */
const STALE = 'stale' as const;

/**
 * The interceptor registry of a server process. Its memory is per app: an app missing from it has
 * no handlers. A change (deploy, enable/disable, chain order) is announced through the
 * invalidation bus; `invalidate(appId)` marks the app stale, and the next operation that asks
 * reads it again before running (so a change is seen by the next request, here and in every
 * other process).
 */
export class InterceptorRegistry implements Interceptors {
  private readonly apps = new Map<string, AppEntry | typeof STALE>();
  private readonly local = new Map<string, { list: Interceptor[]; chains: ChainOrder[] }>();
  private readonly sourced = new Map<string, AppInterceptors>();
  private readonly sources: InterceptorSource[] = [];
  /** The first read of every source; until it ends every `has` answers true and `before` waits for it. */
  private loadingAll?: Promise<void>;
  private ready = true;
  /** Counts changes per app, so a read that started before a change is not kept. */
  private readonly generations = new Map<string, number>();
  private readonly reloading = new Map<string, Promise<void>>();
  private readonly background = new Set<Promise<unknown>>();

  constructor(private readonly log?: FastifyBaseLogger) {}

  has(appId: string, provider: string, event: string, target: string): boolean {
    const app = this.apps.get(appId);
    if (app === undefined) return !this.ready;
    if (app === STALE) return true;
    return app.keys.has(key(provider, event, target)) || (target !== '*' && app.keys.has(key(provider, event, '*')));
  }

  /** true when the app may have any handler at all (one lookup): services test it before naming events. */
  active(appId: string): boolean {
    return this.apps.has(appId) || !this.ready;
  }

  async before(call: InterceptCall): Promise<{ req: Rec; premature?: { value: unknown } }> {
    let req = call.req;
    for (const h of await this.chainOf(call)) {
      if (h.async) {
        this.detach(h, { ...call, req: copy(req) });
        continue;
      }
      const out = await h.run({ ...call, req });
      if (out?.req) req = out.req;
      if (out && out.value !== undefined) return { req, premature: { value: out.value } };
    }
    return { req };
  }

  async after(call: InterceptCall & { res: InterceptResult }): Promise<unknown> {
    let res = call.res;
    for (const h of await this.chainOf(call)) {
      if (h.async) {
        this.detach(h, { ...call, res: copy(res) });
        continue;
      }
      const out = await h.run({ ...call, res });
      if (out?.res) res = { ...res, result: out.res.result };
      if (out && out.value !== undefined) res = { ...res, result: out.value };
    }
    return res.result;
  }

  /** The handlers that would run for (provider, event, target), in order (chain routes show them). */
  async chainFor(appId: string, provider: string, event: string, target: string): Promise<Interceptor[]> {
    return this.chainOf({ appId, provider, event, target });
  }

  /** Adds a source and reads every app's handlers from it (the read runs in the background). */
  addSource(source: InterceptorSource): void {
    this.sources.push(source);
    this.reloadAll();
  }

  /** Adds an in-process handler (tests, built-in hooks); answers a function that removes it. */
  add(appId: string, interceptor: Interceptor): () => void {
    const entry = this.localOf(appId);
    entry.list.push(interceptor);
    this.rebuild(appId);
    return () => {
      const at = entry.list.indexOf(interceptor);
      if (at >= 0) entry.list.splice(at, 1);
      this.rebuild(appId);
    };
  }

  /** Stores an in-process chain order (tests). */
  setChain(appId: string, chain: ChainOrder): void {
    const entry = this.localOf(appId);
    entry.chains = [
      ...entry.chains.filter(
        (c) => key(c.provider, c.event, c.target) !== key(chain.provider, chain.event, chain.target),
      ),
      chain,
    ];
    this.rebuild(appId);
  }

  /**
   * The app's handlers changed (or every app's, for null): forget them; the next operation reads
   * them again. Registered on the invalidation bus by the cloud-code module.
   */
  invalidate(appId: string | null): void {
    if (appId === null) {
      this.reloadAll();
      return;
    }
    this.generations.set(appId, (this.generations.get(appId) ?? 0) + 1);
    if (this.sources.length) this.apps.set(appId, STALE);
    else this.rebuild(appId);
  }

  /** Reads the app's handlers now (a route that changed them answers after this, so its own next request sees it). */
  async refresh(appId: string): Promise<void> {
    this.invalidate(appId);
    await this.entryOf(appId);
  }

  /** Waits for the handlers running in the background (async ones): for tests and shutdown. */
  async settled(): Promise<void> {
    while (this.background.size) await Promise.allSettled([...this.background]);
  }

  private localOf(appId: string) {
    let entry = this.local.get(appId);
    if (!entry) this.local.set(appId, (entry = { list: [], chains: [] }));
    return entry;
  }

  /** Makes the app's entry from the in-process handlers and what the sources said last. */
  private rebuild(appId: string): void {
    const local = this.local.get(appId);
    const sourced = this.sourced.get(appId);
    const list = [...(local?.list ?? []), ...(sourced?.interceptors ?? [])];
    if (!list.length) {
      this.apps.delete(appId);
      return;
    }
    this.apps.set(appId, new AppEntry(list, [...(sourced?.chains ?? []), ...(local?.chains ?? [])]));
  }

  private async chainOf(call: Pick<InterceptCall, 'appId' | 'provider' | 'event' | 'target'>): Promise<Interceptor[]> {
    const entry = await this.entryOf(call.appId);
    return entry ? entry.chain(call.provider, call.event, call.target) : [];
  }

  private async entryOf(appId: string): Promise<AppEntry | undefined> {
    if (!this.ready) await this.loadingAll;
    for (;;) {
      const app = this.apps.get(appId);
      if (app !== STALE) return app;
      await this.reload(appId);
    }
  }

  private reload(appId: string): Promise<void> {
    let p = this.reloading.get(appId);
    if (p) return p;
    const generation = this.generations.get(appId) ?? 0;
    p = (async () => {
      const lists = await Promise.all(this.sources.map((s) => s.load(appId)));
      // A change announced while reading: this read may be older than it, read again.
      if ((this.generations.get(appId) ?? 0) !== generation) return;
      this.sourced.set(appId, merge(lists));
      this.rebuild(appId);
    })().finally(() => this.reloading.delete(appId));
    this.reloading.set(appId, p);
    return p;
  }

  private reloadAll(): void {
    this.ready = false;
    const started = new Map(this.generations);
    const p = (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const all = await Promise.all(this.sources.map((s) => s.loadAll()));
          const apps = new Set(all.flatMap((m) => [...m.keys()]));
          for (const appId of new Set([...this.sourced.keys(), ...apps])) {
            this.sourced.set(appId, merge(all.map((m) => m.get(appId) ?? { interceptors: [], chains: [] })));
            this.rebuild(appId);
            // Changed while reading: read that app again on its next operation.
            if ((this.generations.get(appId) ?? 0) !== (started.get(appId) ?? 0)) this.apps.set(appId, STALE);
          }
          for (const [appId, g] of this.generations) if (g !== (started.get(appId) ?? 0)) this.apps.set(appId, STALE);
          return;
        } catch (err) {
          // Until it is read, every operation waits for it: retry soon rather than stay blind.
          this.log?.error({ err }, 'reading event handlers failed');
          await new Promise((r) => setTimeout(r, Math.min(5_000, 200 * 2 ** attempt)));
        }
      }
    })();
    this.loadingAll = p;
    void p.then(() => {
      if (this.loadingAll === p) this.ready = true;
    });
  }

  private detach(h: Interceptor, call: InterceptCall & { res?: InterceptResult }): void {
    const p = h
      .run(call)
      .catch((err: unknown) => this.log?.warn({ err, handler: h.id, event: h.event }, 'async event handler failed'));
    this.background.add(p);
    void p.finally(() => this.background.delete(p));
  }
}

function merge(lists: AppInterceptors[]): AppInterceptors {
  return { interceptors: lists.flatMap((l) => l.interceptors), chains: lists.flatMap((l) => l.chains) };
}

/** Async handlers get their own copy: what they change must not reach the running operation. */
function copy<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

/**
 * Runs `op` between the before and after handlers of an operation: `before` may change the
 * arguments (the operation runs with `req` as the handlers left it), reject (its error reaches the
 * caller and the operation never runs) or answer instead (`premature`: the operation is skipped,
 * the after-handlers still run); `after` may replace the answer. Call it only when `active()` said
 * so: the caller keeps the path without handlers free of this function's awaits.
 */
export async function intercepted<T>(
  ic: Interceptors,
  call: { appId: string; provider: string; target: string; caller: unknown },
  events: { before: string; after: string },
  req: Rec,
  op: (req: Rec) => Promise<T>,
): Promise<T> {
  let result: unknown;
  if (ic.has(call.appId, call.provider, events.before, call.target)) {
    const b = await ic.before({ ...call, event: events.before, req });
    req = b.req;
    result = b.premature ? b.premature.value : await op(req);
  } else {
    result = await op(req);
  }
  if (ic.has(call.appId, call.provider, events.after, call.target))
    result = await ic.after({ ...call, event: events.after, req, res: { result } });
  return result as T;
}
