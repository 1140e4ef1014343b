import { settledValue, track } from '../../settled.js';

/**
 * How long this process trusts what it read about an app's roles and permission rules. A change
 * applies to the very next request of this process (every write forgets the app) and of every other
 * process as soon as the invalidation bus delivers it (decision 0030); the TTL only bounds what a
 * process keeps when a message could not reach it.
 */
export const POLICY_TTL_MS = 2_000;
/** Past these the memory is emptied rather than grown (many apps, or many users of one app). */
const MAX_APPS = 10_000;
const MAX_PER_APP = 5_000;

interface Entry {
  value: Promise<unknown>;
  until: number;
}

/**
 * A per-app memory of what the permission engine reads on every app API call: roles, the rules of
 * each service, the roles assigned to a user, whether an item has any record ACL.
 *
 * The loading promise is remembered as soon as the read starts, and `forget(appId)` drops every
 * entry of the app. A write calls `forget` after it commits, so any entry still present afterwards
 * was started after the commit and reads the new rules; a read that overlapped the write is only
 * seen by the callers that were already waiting on it (they arrived before the change too). Failed
 * reads are dropped at once, so an error is never remembered.
 */
export class PolicyMemory {
  private readonly apps = new Map<string, Map<string, Entry>>();
  /** Counts every `forget` and `clear`; `changed` keeps the count at each app's last change. */
  private changes = 0;
  private readonly changed = new Map<string, number>();
  /** The count when every app was last taken as changed (`clear`, or `changed` grew too large). */
  private clearedAt = 0;

  remember<T>(appId: string, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    let entries = this.apps.get(appId);
    const hit = entries?.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    if (!entries) {
      if (this.apps.size >= MAX_APPS) this.apps.clear();
      entries = new Map();
      this.apps.set(appId, entries);
    }
    if (entries.size >= MAX_PER_APP) entries.clear();
    const value = track(load());
    const entry: Entry = { value, until: now + POLICY_TTL_MS };
    entries.set(key, entry);
    const own = entries;
    value.catch(() => {
      if (own.get(key) === entry) own.delete(key);
    });
    return value;
  }

  /** What `remember` holds for the key once it has loaded (and not expired), without waiting; else undefined. */
  peek<T>(appId: string, key: string, now = Date.now()): T | undefined {
    const hit = this.apps.get(appId)?.get(key);
    return hit && hit.until > now ? (settledValue(hit.value)?.value as T | undefined) : undefined;
  }

  /**
   * Set by the server: hands a change to the invalidation bus, which drops the app here (through
   * `drop`) and in every other server process.
   */
  announce?: (appId: string) => void;

  /** Drops everything remembered about an app, everywhere (call after any change to its roles or rules). */
  forget(appId: string): void {
    if (this.announce) this.announce(appId);
    else this.drop(appId);
  }

  /** Drops everything remembered about an app in this process only (the bus calls this). */
  drop(appId: string): void {
    this.apps.delete(appId);
    this.changes++;
    if (this.changed.size >= MAX_APPS) {
      // Every app counts as changed rather than the list growing without end.
      this.changed.clear();
      this.clearedAt = this.changes;
    }
    this.changed.set(appId, this.changes);
  }

  clear(): void {
    this.apps.clear();
    this.changed.clear();
    this.clearedAt = ++this.changes;
  }

  /**
   * A number that moves on whenever the app's roles or rules change in this process (every change
   * forgets the app). Work decided from the rules (a real-time subscriber's view of a table) keeps
   * the version it read before it started, and is worked out again once the version differs.
   */
  version(appId: string): number {
    return Math.max(this.clearedAt, this.changed.get(appId) ?? 0);
  }
}
