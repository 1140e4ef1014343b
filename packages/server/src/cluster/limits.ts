import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FailureLimiter } from '../http/rate-limit.js';

/**
 * One failure: the window starts with the first failure of a key and ends after `windowMs`, the
 * same fixed window as the in-process limiter. Counting and starting the window happen in one step,
 * so two nodes counting at the same moment never lose a failure or leave a key without an end.
 */
const RECORD = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * The failure limiter of a deployment with Redis: every server process counts into the same keys.
 * Keys are hashed (login names are caller text of any length) and namespaced by the deployment and
 * by the limiter's name. Redis ends a window by itself (the key expires).
 */
export class RedisFailureLimiter implements FailureLimiter {
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    namespace: string,
    name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {
    this.prefix = `basalt:${namespace}:limit:${name}:`;
  }

  private k(key: string): string {
    return this.prefix + crypto.createHash('sha256').update(key).digest('base64url');
  }

  async isBlocked(key: string, max = this.max): Promise<boolean> {
    const count = Number((await this.redis.get(this.k(key))) ?? 0);
    return count >= max;
  }

  async recordFailure(key: string): Promise<void> {
    await this.redis.eval(RECORD, 1, this.k(key), String(this.windowMs));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.k(key));
  }

  async retryAfter(key: string): Promise<number> {
    return Math.max(0, await this.redis.pttl(this.k(key)));
  }
}

/** Adds one to each key and starts its expiry when new: one round trip for all of them. */
const COUNT = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, ARGV[i]) end
  out[i] = n
end
return out`;

/**
 * Counters of fixed windows shared by every server process (plan limits on API calls, decision
 * 0082). A key names its window (`…:{minute}`), so a new window starts at zero by itself; the expiry
 * only tidies up.
 */
export class SharedCounters {
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    namespace: string,
  ) {
    this.prefix = `basalt:${namespace}:count:`;
  }

  /** Adds one to each key (kept `ttlMs` after its first count) and answers the new counts. */
  async add(keys: Array<{ key: string; ttlMs: number }>): Promise<number[]> {
    const out = (await this.redis.eval(
      COUNT,
      keys.length,
      ...keys.map((k) => this.prefix + k.key),
      ...keys.map((k) => String(k.ttlMs)),
    )) as number[];
    return out.map(Number);
  }

  /** The present counts of keys (0 for a key not counted yet). */
  async read(keys: string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const out = await this.redis.mget(...keys.map((k) => this.prefix + k));
    return out.map((v) => Number(v ?? 0));
  }
}
