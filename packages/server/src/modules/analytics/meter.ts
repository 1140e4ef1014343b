import type { Kysely } from 'kysely';
import { AnalyticsRepo, DAY } from './analytics.repo.js';

export { DAY };

/** Upper bounds (ms) of the latency histogram's buckets; the last takes everything slower. */
export const LATENCY_BOUNDS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 30000, Infinity];

/** What a route is metered as: its service (`data`, `users`, `files`, ...) and method name. */
export interface MeterTag {
  service: string;
  method: string;
}

/** The names given when a route's pattern has no literal after its service. */
const BY_VERB: Record<string, string> = {
  GET: 'get',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'remove',
};

/**
 * The service and method of an app API route pattern, worked out once when the route is added:
 * `/:appId/:apiKey/data/:table/find` is data `find`, `/:appId/:apiKey/data/:table` POST is data
 * `create`, `/:appId/:apiKey/users/login` is users `login`.
 */
export function meterTagOf(url: string, verb: string): MeterTag {
  const parts = url.split('/').filter(Boolean).slice(2);
  const service = parts[0] && !parts[0].startsWith(':') && parts[0] !== '*' ? parts[0] : 'other';
  const literals = parts.slice(1).filter((p) => !p.startsWith(':') && p !== '*');
  return { service, method: literals.length ? literals.join('.') : (BY_VERB[verb] ?? verb.toLowerCase()) };
}

interface CallCell {
  appId: string;
  minute: number;
  keyName: string;
  tag: MeterTag;
  ok: number;
  errors: number;
}

const MINUTE = 60_000;

/**
 * The app API's meter (decision 0058): every app API answer is counted in memory, per minute, app,
 * client kind (the API key's device type), service, method and outcome, with its latency in a
 * histogram and the largest number of requests in flight; users' sessions and registrations are
 * remembered per day. Nothing is written per request: `flush` writes everything gathered since the
 * last flush in a few batch upserts that add to what is stored, so any number of server processes
 * may flush the same minute. A meter that is off (`BASALT_METERING=off`) records nothing.
 */
export class Meter {
  private calls = new Map<string, CallCell>();
  private latency = new Map<string, { appId: string; minute: number; counts: number[] }>();
  private peaks = new Map<string, { appId: string; minute: number; inFlight: number }>();
  private users = new Map<string, { appId: string; day: number; userId: string; kind: string }>();
  private readonly inFlight = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly repo: AnalyticsRepo;
  /** Told the calls of each app a flush wrote (Missions count them; decision 0083). */
  readonly written: Array<(perApp: Map<string, number>) => void> = [];

  constructor(
    db: Kysely<any>,
    readonly enabled: boolean,
    dialect: 'sqlite' | 'postgres',
  ) {
    this.repo = new AnalyticsRepo(db, dialect);
  }

  /** A request of an app has started (concurrency). */
  started(appId: string): void {
    const n = (this.inFlight.get(appId) ?? 0) + 1;
    this.inFlight.set(appId, n);
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
    const key = `${appId}\u0000${minute}`;
    const peak = this.peaks.get(key);
    if (!peak) this.peaks.set(key, { appId, minute, inFlight: n });
    else if (n > peak.inFlight) peak.inFlight = n;
  }

  /**
   * A request was answered: `pathApp` (the app as the path names it, as given to `started`) is no
   * longer in flight; the call is counted for `appId` under its client kind (both undefined when
   * the key was not one of the app's: not counted), service and method, as an error when
   * `status` ≥ 400.
   */
  answered(
    pathApp: string,
    appId: string | undefined,
    keyName: string | undefined,
    tag: MeterTag,
    status: number,
    ms: number,
  ): void {
    const n = this.inFlight.get(pathApp);
    if (n !== undefined) {
      if (n <= 1) this.inFlight.delete(pathApp);
      else this.inFlight.set(pathApp, n - 1);
    }
    if (!appId || !keyName) return;
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
    const key = `${appId}\u0000${minute}\u0000${keyName}\u0000${tag.service}\u0000${tag.method}`;
    let cell = this.calls.get(key);
    if (!cell) this.calls.set(key, (cell = { appId, minute, keyName, tag, ok: 0, errors: 0 }));
    if (status >= 400) cell.errors++;
    else cell.ok++;
    const lkey = `${appId}\u0000${minute}`;
    let hist = this.latency.get(lkey);
    if (!hist) this.latency.set(lkey, (hist = { appId, minute, counts: new Array(LATENCY_BOUNDS_MS.length).fill(0) }));
    let b = 0;
    while (ms > LATENCY_BOUNDS_MS[b]) b++;
    hist.counts[b]++;
  }

  /** A user of an app started a session (`active`), was created (`new`) or registered (`registered`). */
  user(appId: string, userId: string, kind: 'active' | 'new' | 'registered'): void {
    if (!this.enabled) return;
    const day = Math.floor(Date.now() / DAY) * DAY;
    const key = `${appId}\u0000${day}\u0000${kind}\u0000${userId}`;
    if (!this.users.has(key)) this.users.set(key, { appId, day, userId, kind });
  }

  /** Flushes every `intervalMs` until `stop`; the timer does not keep the process alive. */
  start(intervalMs: number): void {
    if (!this.enabled || this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /**
   * Writes everything gathered since the last flush and starts afresh. Flushes run one after the
   * other; a failed write puts its counts back so the next flush adds them.
   */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.write());
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private async write(): Promise<void> {
    const calls = this.calls;
    const latency = this.latency;
    const peaks = this.peaks;
    const users = this.users;
    if (!calls.size && !latency.size && !peaks.size && !users.size) return;
    this.calls = new Map();
    this.latency = new Map();
    this.peaks = new Map();
    this.users = new Map();
    try {
      await this.repo.writeCalls([...calls.values()]);
      if (this.written.length) {
        const perApp = new Map<string, number>();
        for (const c of calls.values()) perApp.set(c.appId, (perApp.get(c.appId) ?? 0) + c.ok + c.errors);
        for (const tell of this.written) tell(perApp);
      }
      await this.repo.writeLatency([...latency.values()]);
      await this.repo.writePeaks([...peaks.values()]);
      await this.repo.writeUsers([...users.values()]);
    } catch (err) {
      // Counts are added again by the next flush; a retried batch may add twice, never lose.
      for (const [k, c] of calls) this.calls.set(k, c);
      for (const [k, h] of latency) this.latency.set(k, h);
      for (const [k, p] of peaks) this.peaks.set(k, p);
      for (const [k, u] of users) this.users.set(k, u);
      throw err;
    }
  }
}
