/**
 * The response cache shared by every client in the process (one browser tab, one Node process),
 * so two clients of the same server reuse each other's cached reads. Only requests that ask for it
 * (`cache: { ttl }`) read or write it; the key is the full URL with its query string.
 */

/** A cache tag: an exact string, or a RegExp that matches string tags. */
export type CacheTag = string | RegExp;

interface Entry {
  value: unknown;
  expires: number;
  tags: CacheTag[];
}

/** Expired entries are also swept at most this often, so a long-lived page does not grow. */
const SWEEP_EVERY_MS = 60_000;

function tagsMatch(a: CacheTag, b: CacheTag): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  if (a instanceof RegExp && typeof b === 'string') return matches(a, b);
  if (b instanceof RegExp && typeof a === 'string') return matches(b, a);
  return String(a) === String(b);
}

// A global or sticky RegExp keeps lastIndex between calls; reset it so matching stays pure.
function matches(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  return re.test(text);
}

/** The process-wide response cache. */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private lastSweep = Date.now();

  /** The cached value for `key`, or `undefined` when absent or expired (expired ones are dropped). */
  get(key: string, now = Date.now()): { value: unknown } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return { value: entry.value };
  }

  /** Stores `value` under `key` for `ttl` milliseconds with the given tags. */
  set(key: string, value: unknown, ttl: number, tags: CacheTag[] = [], now = Date.now()): void {
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now);
    this.entries.set(key, { value, expires: now + ttl, tags: [...tags] });
  }

  /** Drops every entry carrying a tag that matches one of `tags`. */
  flushTags(tags: CacheTag[]): void {
    if (!tags.length) return;
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((own) => tags.some((t) => tagsMatch(own, t)))) this.entries.delete(key);
    }
  }

  /** Drops the entry of one key. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops everything (tests, sign-out). */
  clear(): void {
    this.entries.clear();
  }

  /** Number of live entries (expired ones are dropped first). */
  size(now = Date.now()): number {
    this.sweep(now);
    return this.entries.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
  }
}

/** The one cache instance of this process. */
export const responseCache = new ResponseCache();

/** Default lifetime of a cached read when a request asks for the cache without a TTL. */
export const DEFAULT_CACHE_TTL = 15_000;

/** Lifetime of derived count requests (the count `transport.ts` derives from a list request). */
export const COUNT_CACHE_TTL = 30_000;
