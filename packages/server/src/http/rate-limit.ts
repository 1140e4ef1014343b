/**
 * Counts failures per key in a fixed window (login brute-force protection). In-process; a
 * multi-node deployment swaps this for a Redis-backed counter with the same interface.
 */
export interface FailureLimiter {
  /** True when the key has used up its allowance in the current window. */
  isBlocked(key: string): boolean;
  recordFailure(key: string): void;
  reset(key: string): void;
  /** Milliseconds until the key may try again. */
  retryAfter(key: string): number;
}

export class MemoryFailureLimiter implements FailureLimiter {
  private readonly entries = new Map<string, { count: number; windowStart: number }>();

  constructor(private readonly max: number, private readonly windowMs: number) {}

  private entry(key: string) {
    const now = Date.now();
    const e = this.entries.get(key);
    if (!e || now - e.windowStart >= this.windowMs) return undefined;
    return e;
  }

  isBlocked(key: string): boolean {
    const e = this.entry(key);
    return !!e && e.count >= this.max;
  }

  recordFailure(key: string): void {
    const e = this.entry(key);
    if (e) e.count++;
    else this.entries.set(key, { count: 1, windowStart: Date.now() });
    if (this.entries.size > 100_000) this.entries.clear(); // bound memory under a flood of keys
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  retryAfter(key: string): number {
    const e = this.entry(key);
    return e ? Math.max(0, e.windowStart + this.windowMs - Date.now()) : 0;
  }
}
