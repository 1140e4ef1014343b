import type { UsersLoginSettings } from '@basalt/shared';
import type { InvalidationBus } from '../../cluster/invalidation.js';
import { settledValue, track } from '../../settled.js';

/**
 * How long this process trusts a session or an app's login settings it read. Every write that ends
 * sessions or changes login settings drops the app here at once and in every other server process
 * as soon as the invalidation bus delivers it (kind `session`, decision 0030); the TTL only bounds
 * what a process keeps when a message could not reach it.
 */
export const SESSION_TTL_MS = 2_000;
/** Sessions kept at most; past it the least recently used one goes. */
export const MAX_SESSIONS = 20_000;
/** Apps whose login settings are kept at most; past it they are all dropped. */
const MAX_APPS = 10_000;

/** A session as the app API sees it (sessions.service.ts `UserSession`). */
export interface RememberedSession {
  sessionId: string;
  userId: string;
  deviceType: string;
  created: number;
  lastUsed: number;
}

export interface SessionEntry {
  appId: string;
  tokenHash: string;
  session: RememberedSession;
  /** The last use of the session known here: its stored `last_used`, or a later request of this process. */
  usedAt: number;
  /** `last_used` as stored (or as written by a touch this process has queued). */
  stored: number;
  until: number;
}

interface SettingsEntry {
  value: Promise<UsersLoginSettings>;
  until: number;
}

/**
 * The app users' sessions this process found by token hash, and each app's login settings (session
 * timeout, "log out all users"), so a request with a `user-token` does not read both from the
 * system database every time (decision 0042).
 *
 * What is remembered is only ever a session that existed and was valid when read: unknown or ended
 * tokens are not kept, so a refusal is always decided by the database. Whether a remembered session
 * is still valid (expiry by the app's settings) is checked on every use by the sessions service.
 *
 * Generations: a lookup takes `version(appId)` before it reads and is stored only if it is unchanged
 * afterwards, so a read that overlapped a logout cannot bring the session back.
 */
export class SessionMemory {
  /** By token hash, least recently used first (a Map keeps insertion order; a hit moves to the end). */
  private readonly sessions = new Map<string, SessionEntry>();
  /** Token hashes by app, so a change of one app drops only its sessions. */
  private readonly byApp = new Map<string, Set<string>>();
  private readonly settings = new Map<string, SettingsEntry>();
  /** Counts drops when there is no bus (a lone memory, in tests). */
  private drops = 0;
  private readonly dropped = new Map<string, number>();

  constructor(
    private readonly bus?: InvalidationBus,
    private readonly cap = MAX_SESSIONS,
  ) {
    bus?.register('session', (appId) => this.drop(appId));
  }

  /** A number that moves whenever the app's sessions are dropped here; take it before reading. */
  version(appId: string): number {
    return this.bus ? this.bus.version(appId) : Math.max(this.dropped.get('') ?? 0, this.dropped.get(appId) ?? 0);
  }

  /** The remembered session of a token hash, if not past its TTL; a hit becomes the most recently used. */
  get(tokenHash: string, now: number): SessionEntry | undefined {
    const hit = this.sessions.get(tokenHash);
    if (!hit) return undefined;
    if (hit.until <= now) {
      this.remove(hit);
      return undefined;
    }
    this.sessions.delete(tokenHash);
    this.sessions.set(tokenHash, hit);
    return hit;
  }

  /** Keeps a session read from the database, unless the app's sessions changed since `version`. */
  keep(entry: Omit<SessionEntry, 'until'>, version: number, now: number): void {
    if (this.version(entry.appId) !== version) return;
    const old = this.sessions.get(entry.tokenHash);
    if (old) this.remove(old);
    while (this.sessions.size >= this.cap) {
      const oldest = this.sessions.values().next().value as SessionEntry;
      this.remove(oldest);
    }
    const full: SessionEntry = { ...entry, until: now + SESSION_TTL_MS };
    this.sessions.set(entry.tokenHash, full);
    let set = this.byApp.get(entry.appId);
    if (!set) this.byApp.set(entry.appId, (set = new Set()));
    set.add(entry.tokenHash);
  }

  /** Forgets one session in this process (found ended when checked). */
  forgetSession(tokenHash: string): void {
    const hit = this.sessions.get(tokenHash);
    if (hit) this.remove(hit);
  }

  /** The app's login settings, read once per TTL; a failed read is not kept. */
  loginSettings(appId: string, load: () => Promise<UsersLoginSettings>, now: number): Promise<UsersLoginSettings> {
    const hit = this.settings.get(appId);
    if (hit && hit.until > now) return hit.value;
    if (this.settings.size >= MAX_APPS) this.settings.clear();
    const version = this.version(appId);
    const entry: SettingsEntry = { value: track(load()), until: now + SESSION_TTL_MS };
    this.settings.set(appId, entry);
    entry.value.then(
      () => {
        // Read across a change: its callers were already waiting on it, later ones read again.
        if (this.version(appId) !== version && this.settings.get(appId) === entry) this.settings.delete(appId);
      },
      () => {
        if (this.settings.get(appId) === entry) this.settings.delete(appId);
      },
    );
    return entry.value;
  }

  /** The app's login settings when they are remembered and loaded, without waiting; else undefined. */
  loginSettingsNow(appId: string, now: number): UsersLoginSettings | undefined {
    const hit = this.settings.get(appId);
    return hit && hit.until > now ? settledValue(hit.value)?.value : undefined;
  }

  /** Drops the sessions and login settings of an app (`null`: of every app) in this process. */
  drop(appId: string | null): void {
    if (!this.bus) {
      this.drops++;
      this.dropped.set(appId ?? '', this.drops);
    }
    if (appId === null) {
      this.sessions.clear();
      this.byApp.clear();
      this.settings.clear();
      return;
    }
    this.settings.delete(appId);
    const set = this.byApp.get(appId);
    if (!set) return;
    this.byApp.delete(appId);
    for (const hash of set) this.sessions.delete(hash);
  }

  /** How many sessions are remembered (tests check the cap). */
  get size(): number {
    return this.sessions.size;
  }

  private remove(entry: SessionEntry): void {
    this.sessions.delete(entry.tokenHash);
    const set = this.byApp.get(entry.appId);
    set?.delete(entry.tokenHash);
    if (set && !set.size) this.byApp.delete(entry.appId);
  }
}
