/**
 * Counts failures per key in a fixed window (login brute-force protection, lockouts, request
 * allowances). In process by default; with Redis (`cluster/limits.ts`) every server process of a
 * deployment counts into the same windows, so spreading attempts over several nodes gains nothing.
 */
export interface FailureLimiter {
  /**
   * True when the key has used up its allowance in the current window. `max` overrides the
   * default allowance for keys that need a looser one (a whole client address vs. one login).
   */
  isBlocked(key: string, max?: number): Promise<boolean>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Milliseconds until the key may try again. */
  retryAfter(key: string): Promise<number>;
}

const MAX_KEYS = 100_000;

export class MemoryFailureLimiter implements FailureLimiter {
  private readonly entries = new Map<string, { count: number; windowStart: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private entry(key: string) {
    const now = Date.now();
    const e = this.entries.get(key);
    if (!e || now - e.windowStart >= this.windowMs) return undefined;
    return e;
  }

  async isBlocked(key: string, max = this.max): Promise<boolean> {
    const e = this.entry(key);
    return !!e && e.count >= max;
  }

  async recordFailure(key: string): Promise<void> {
    const e = this.entry(key);
    if (e) e.count++;
    else this.entries.set(key, { count: 1, windowStart: Date.now() });
    if (this.entries.size > MAX_KEYS) this.prune();
  }

  /**
   * Bounds memory under a flood of distinct keys. Expired windows go first; if that is not enough
   * the oldest entries go (Map order is insertion order). Clearing everything instead would hand
   * an attacker a way to reset the counter of the login being guessed.
   */
  private prune(): void {
    const now = Date.now();
    for (const [key, e] of this.entries) if (now - e.windowStart >= this.windowMs) this.entries.delete(key);
    let excess = this.entries.size - Math.floor(MAX_KEYS * 0.9);
    for (const key of this.entries.keys()) {
      if (excess-- <= 0) break;
      this.entries.delete(key);
    }
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async retryAfter(key: string): Promise<number> {
    const e = this.entry(key);
    return e ? Math.max(0, e.windowStart + this.windowMs - Date.now()) : 0;
  }
}
