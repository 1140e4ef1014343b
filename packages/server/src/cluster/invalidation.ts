import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What travels between server processes when shared state changes: which memory (`kind`), of which
 * app (`null`: not tied to one app, or every app), and the app's generation, a number Redis counts
 * up once per change of the app across the whole deployment. Messages carry no state, only "drop
 * what you remember": a node always reads the new state from the database itself.
 */
/**
 * The memories of shared state, by what they hold. A new memory adds its name here and registers
 * with one line (see `InvalidationBus`); decision 0030 lists every memory and its kind.
 */
export type InvalidationKind =
  /** app schemas: tables, columns, relations, table options */
  | 'schema'
  /** roles, permission rules, role assignments, record ACL presence */
  | 'policy'
  /** console sessions, developers' app access, API keys (not tied to one app) */
  | 'access'
  /** panic mode */
  | 'panic'
  /** the HIPAA switch */
  | 'hipaa'
  /** app users' sessions found by token and the app's login settings (logout, revocation, timeout) */
  | 'session'
  /** the apps' logging configuration (levels per logger) */
  | 'log-levels'
  /** the apps' stored log lines (the ring of each process), emptied by `clearLoggers` */
  | 'log-lines'
  /** cloud code's event handlers and chain orders of an app (deploy, enable/disable, chain order) */
  | 'handlers'
  /** cloud code's API services of an app as calls read them (deploy, delete, default model, configuration) */
  | 'services'
  /** the origins an app's API grants CORS to (Settings › CORS) */
  | 'cors'
  /** the custom domains of every app and the host names they route (Settings › Domains) */
  | 'domains'
  /** caching policies of the app API's GET answers (modules/cache-control) */
  | 'cache-control'
  /** the LIVE flow versions of an app as the trigger index holds them (enable, pause, terminate) */
  | 'flows'
  /** the webhooks of an app as the event listener's index holds them (modules/webhooks) */
  | 'webhooks'
  /** an app's plan on each line, as the app API's limits read it (modules/billing) */
  | 'plans';

export interface Invalidation {
  kind: InvalidationKind;
  appId: string | null;
  generation: number;
}

/** Drops what one memory holds about an app; `null` means about every app. */
export type Drop = (appId: string | null) => void;

interface Envelope extends Invalidation {
  node: string;
}

/** Past these the bookkeeping maps start afresh (which only makes the next message count as new). */
const MAX_APPS = 100_000;

/**
 * Counts the app's generation up and announces the change in one step, so the order of the
 * generations is the order in which the messages are published.
 */
const PUBLISH = `
local g = redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
redis.call('PUBLISH', ARGV[1], cjson.encode({node = ARGV[3], kind = ARGV[4], appId = ARGV[5], generation = g}))
return g`;

/**
 * The one invalidation bus of a server process (decision 0030). Every in-process memory of shared
 * state registers what it drops, with one line:
 *
 *     ctx.cluster.invalidation.register('schema', (appId) => ...);
 *
 * and a write that changes such state calls `changed(kind, appId)` once it has committed. That drops
 * the memory in this process at once (the next request here sees the change) and, with Redis, in
 * every other process of the deployment as soon as the message arrives. Without Redis it is the
 * same interface with nobody else to tell.
 *
 * Generations. A memory that stores what it read after the read (rather than the loading promise at
 * its start) takes `version(appId)` before reading and stores only if it is unchanged afterwards:
 * a read that started before a change and finished after its message arrived is never kept, so a
 * late answer cannot bring old state back. The version moves when a new change of the app is
 * applied here; a message whose generation is not above the highest one already applied for its app
 * is late (the change it announces committed before that one), so its memory is dropped again but
 * nothing else needs to move.
 *
 * Reconnects. Messages sent while this process was cut off from Redis are lost, so when the
 * subscriber connection comes back every registered memory is dropped for every app.
 *
 * The time limits the memories keep (a few seconds) are only a safety net for what Redis could not
 * deliver.
 */
export class InvalidationBus {
  readonly node = crypto.randomUUID();
  private readonly drops = new Map<InvalidationKind, Drop[]>();
  /** Local clock of applied changes; `appTicks` keeps it at each app's last one, `allTick` at the last drop of everything. */
  private ticks = 0;
  private readonly appTicks = new Map<string, number>();
  private allTick = 0;
  /** Highest generation applied per app ('' for changes not tied to an app). */
  private readonly seen = new Map<string, number>();
  /** Generations counted here when there is no Redis. */
  private readonly localGenerations = new Map<string, number>();
  private pub?: Redis;
  private sub?: Redis;
  private channel = '';
  private generationsKey = '';
  private log?: FastifyBaseLogger;
  /** Messages published and not yet confirmed by Redis, so `settled()` can wait for them. */
  private readonly inflight = new Set<Promise<unknown>>();
  /** How many times everything was dropped because the subscriber connection came back (for tests and logs). */
  reconnectDrops = 0;

  /** Registers a memory under `kind`; answers a function that removes the registration. */
  register(kind: InvalidationKind, drop: Drop): () => void {
    let list = this.drops.get(kind);
    if (!list) this.drops.set(kind, (list = []));
    list.push(drop);
    return () => {
      const at = list.indexOf(drop);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /**
   * A change of `kind` for `appId` has committed: drops it here now and tells every other process.
   * The promise settles once the message is in Redis (never rejects: a lost message is logged, and
   * the other processes' time limits still bound how long they keep the old state).
   */
  changed(kind: InvalidationKind, appId: string | null): Promise<void> {
    this.apply(kind, appId, true);
    const key = appId ?? '';
    if (!this.pub) {
      const g = (this.localGenerations.get(key) ?? 0) + 1;
      if (this.localGenerations.size >= MAX_APPS) this.localGenerations.clear();
      this.localGenerations.set(key, g);
      this.raiseSeen(key, g);
      return Promise.resolve();
    }
    const sent = this.pub
      .eval(PUBLISH, 1, this.generationsKey, this.channel, key, this.node, kind, key)
      .then((g) => this.raiseSeen(key, Number(g)))
      .catch((err: unknown) =>
        this.log?.error({ err, kind, appId }, 'a change could not be announced to the other server processes'),
      );
    this.inflight.add(sent);
    void sent.finally(() => this.inflight.delete(sent));
    return sent;
  }

  /**
   * A number that moves whenever something of the app is dropped here because it changed (or
   * everything was dropped). Take it before reading; store what was read only if it is unchanged.
   */
  version(appId: string | null): number {
    return Math.max(this.allTick, this.appTicks.get(appId ?? '') ?? 0);
  }

  /** The highest generation of the app this process has applied (0 when it has seen none). */
  generation(appId: string | null): number {
    return this.seen.get(appId ?? '') ?? 0;
  }

  /** Drops every registered memory for every app (a reconnect after a gap, or a test). */
  dropEverything(): void {
    this.allTick = ++this.ticks;
    this.appTicks.clear();
    this.seen.clear();
    for (const list of this.drops.values()) for (const drop of list) this.safely(drop, null);
  }

  /** Waits until every message published so far is in Redis. */
  async settled(): Promise<void> {
    await Promise.all([...this.inflight]);
  }

  /**
   * Connects the bus to Redis: `pub` sends (and counts generations), `sub` is a connection of its
   * own that only listens. `namespace` keeps deployments (and test runs) sharing a Redis apart.
   */
  async attach(pub: Redis, sub: Redis, namespace: string, log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    this.channel = `basalt:${namespace}:invalidate`;
    this.generationsKey = `basalt:${namespace}:generations`;
    let lost = false;
    sub.on('message', (_channel: string, raw: string) => this.receive(raw));
    sub.on('close', () => {
      lost = true;
    });
    sub.on('ready', () => {
      if (!lost) return;
      lost = false;
      // Whatever was announced meanwhile never reached this process. ioredis subscribes again by
      // itself; the drop waits until Redis confirms the subscription (replies come in order), so a
      // change announced between the drop and the subscription cannot be missed as well.
      sub.subscribe(this.channel).then(
        () => {
          this.reconnectDrops++;
          log.warn('Redis connection back after a gap: every in-process memory of shared state is dropped');
          this.dropEverything();
        },
        (err: unknown) => {
          // The connection went again: the next 'ready' drops.
          lost = true;
          log.warn({ err }, 'subscribing again to the invalidation channel failed');
        },
      );
    });
    await sub.subscribe(this.channel);
    this.pub = pub;
    this.sub = sub;
  }

  /** Stops listening (the connections are closed by their owner). */
  detach(): void {
    this.pub = undefined;
    this.sub?.removeAllListeners('message');
    this.sub = undefined;
  }

  private receive(raw: string): void {
    let m: Partial<Envelope>;
    try {
      m = JSON.parse(raw) as Partial<Envelope>;
    } catch {
      return;
    }
    if (typeof m.kind !== 'string' || typeof m.appId !== 'string' || typeof m.generation !== 'number') return;
    const key = m.appId;
    if (m.node === this.node) {
      this.raiseSeen(key, m.generation);
      return;
    }
    const late = m.generation <= (this.seen.get(key) ?? 0);
    this.raiseSeen(key, m.generation);
    // An unknown kind (a newer node's) finds nothing registered here and drops nothing.
    this.apply(m.kind as InvalidationKind, key === '' ? null : key, !late);
  }

  private raiseSeen(key: string, g: number): void {
    if ((this.seen.get(key) ?? 0) >= g) return;
    if (this.seen.size >= MAX_APPS) this.seen.clear();
    this.seen.set(key, g);
  }

  private apply(kind: InvalidationKind, appId: string | null, fresh: boolean): void {
    if (fresh) {
      this.ticks++;
      if (this.appTicks.size >= MAX_APPS) {
        this.appTicks.clear();
        this.allTick = this.ticks;
      }
      this.appTicks.set(appId ?? '', this.ticks);
    }
    for (const drop of this.drops.get(kind) ?? []) this.safely(drop, appId);
  }

  private safely(drop: Drop, appId: string | null): void {
    try {
      drop(appId);
    } catch (err) {
      this.log?.error({ err }, 'dropping an in-process memory failed');
    }
  }
}
