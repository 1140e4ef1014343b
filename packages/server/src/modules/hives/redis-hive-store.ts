import { Redis } from 'ioredis';
import {
  InvalidCursorError,
  type Collection,
  type HiveBackend,
  type HiveStore,
  type KeysPage,
  type KvCondition,
  type StoreType,
  type ZAddOptions,
  type ZRange,
} from './hive-store.js';

/** Escapes Redis glob characters so text matches literally. */
const literal = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');
/** Our globs know only `*` and `?`; anything else Redis would read as a glob is made literal. */
const userGlob = (glob: string) => glob.replace(/[[\]\\]/g, '\\$&');

const ADD_COMMAND = { list: 'RPUSH', set: 'SADD', map: 'HSET', 'sorted-set': 'ZADD' } as const;

// Replaces a collection in one step and keeps its expiry (a plain DEL + add would drop it).
const REPLACE_SCRIPT = `
local ttl = redis.call('PTTL', KEYS[1])
redis.call('DEL', KEYS[1])
if #ARGV > 1 then
  redis.call(ARGV[1], KEYS[1], unpack(ARGV, 2))
  if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
end
return 1`;

// Adds to a JSON number in one step, a key-value value (no ARGV[2]) or a map field (ARGV[2]); a
// value that is not a number is left alone (answers false). Whole numbers stay whole in the text.
const INCREMENT_SCRIPT = `
local field = ARGV[2]
local v
if field then v = redis.call('HGET', KEYS[1], field) else v = redis.call('GET', KEYS[1]) end
local n = 0
if v then
  n = tonumber(v)
  if n == nil then return false end
end
n = n + tonumber(ARGV[1])
local text = string.format('%.17g', n)
if n == math.floor(n) and math.abs(n) < 1e15 then text = string.format('%d', n) end
if field then redis.call('HSET', KEYS[1], field, text) else redis.call('SET', KEYS[1], text, 'KEEPTTL') end
return text`;

/** Sorted-set members with scores as Redis answers them: [member, score] pairs (RESP3) or a flat list (RESP2). */
function scoredPairs(reply: Array<string | [string, string | number]>): Array<[number, string]> {
  if (reply.length && Array.isArray(reply[0]))
    return (reply as Array<[string, string | number]>).map(([member, score]) => [Number(score), member]);
  const out: Array<[number, string]> = [];
  for (let i = 0; i < reply.length; i += 2) out.push([Number(reply[i + 1]), reply[i] as string]);
  return out;
}

function flatten(c: Collection): string[] {
  if (c.type === 'map') return c.entries.flat();
  if (c.type === 'sorted-set') return c.items.flatMap(([score, member]) => [String(score), member]);
  return c.items;
}

/**
 * Hives of one application in Redis. Keys: `<base>hives` (set of hive names) and
 * `<base>h:<hive>:<type>:<key>` for store keys; hive names cannot hold `:`, so the key part is
 * unambiguous. Expiry, idle time and atomicity of each command are Redis's own.
 */
export class RedisHiveStore implements HiveStore {
  private readonly hivesKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly base: string,
  ) {
    this.hivesKey = `${base}hives`;
  }

  private k(hive: string, type: StoreType, key: string): string {
    return `${this.base}h:${hive}:${type}:${key}`;
  }

  /** Every storage key matching a pattern, in SCAN batches. */
  private async *scan(pattern: string): AsyncGenerator<string[]> {
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (found.length) yield found;
    } while (cursor !== '0');
  }

  async hiveNames(): Promise<string[]> {
    return (await this.redis.smembers(this.hivesKey)).sort();
  }

  async hiveExists(hive: string): Promise<boolean> {
    return (await this.redis.sismember(this.hivesKey, hive)) === 1;
  }

  async createHive(hive: string): Promise<boolean> {
    return (await this.redis.sadd(this.hivesKey, hive)) === 1;
  }

  async renameHive(from: string, to: string): Promise<'renamed' | 'missing' | 'taken'> {
    if (!(await this.hiveExists(from))) return 'missing';
    if (!(await this.redis.sadd(this.hivesKey, to))) return 'taken';
    const oldPrefix = `${this.base}h:${from}:`;
    for await (const batch of this.scan(`${literal(oldPrefix)}*`)) {
      const p = this.redis.pipeline();
      for (const key of batch) p.renamenx(key, `${this.base}h:${to}:${key.slice(oldPrefix.length)}`);
      await p.exec();
    }
    await this.redis.srem(this.hivesKey, from);
    return 'renamed';
  }

  async deleteHive(hive: string): Promise<number | undefined> {
    if (!(await this.hiveExists(hive))) return undefined;
    let removed = 0;
    for await (const batch of this.scan(`${literal(`${this.base}h:${hive}:`)}*`))
      removed += await this.redis.unlink(...batch);
    await this.redis.srem(this.hivesKey, hive);
    return removed;
  }

  async keys(
    hive: string,
    type: StoreType,
    opts: { cursor?: string; pageSize: number; match?: string },
  ): Promise<KeysPage> {
    let cursor = opts.cursor || '0';
    if (!/^\d{1,20}$/.test(cursor)) throw new InvalidCursorError(cursor);
    const prefix = this.k(hive, type, '');
    const pattern = `${literal(prefix)}${userGlob(opts.match || '*')}`;
    const out: string[] = [];
    // SCAN may answer few or no keys per call; a few calls make the page useful without
    // walking the whole keyspace in one request.
    for (let round = 0; round < 20 && out.length < opts.pageSize; round++) {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', opts.pageSize);
      for (const key of found) out.push(key.slice(prefix.length));
      cursor = next;
      if (cursor === '0') break;
    }
    return { keys: out, cursor };
  }

  async deleteKeys(hive: string, type: StoreType, keys: string[]): Promise<number> {
    return keys.length ? this.redis.del(...keys.map((key) => this.k(hive, type, key))) : 0;
  }

  async size(hive: string, type: StoreType, key: string): Promise<number> {
    const k = this.k(hive, type, key);
    if (type === 'list') return this.redis.llen(k);
    if (type === 'set') return this.redis.scard(k);
    if (type === 'map') return this.redis.hlen(k);
    if (type === 'sorted-set') return this.redis.zcard(k);
    return this.redis.exists(k);
  }

  async expireAt(hive: string, type: StoreType, key: string, epochMs: number): Promise<boolean> {
    return (await this.redis.pexpireat(this.k(hive, type, key), epochMs)) === 1;
  }

  async persist(hive: string, type: StoreType, key: string): Promise<boolean> {
    const k = this.k(hive, type, key);
    // PERSIST answers 0 both for "no such key" and "had no expiry"; only the first is a miss.
    const [exists] = await Promise.all([this.redis.exists(k), this.redis.persist(k)]);
    return exists === 1;
  }

  ttlMs(hive: string, type: StoreType, key: string): Promise<number> {
    return this.redis.pttl(this.k(hive, type, key));
  }

  async idleSeconds(hive: string, type: StoreType, key: string): Promise<number | undefined> {
    const idle = (await this.redis.call('OBJECT', 'IDLETIME', this.k(hive, type, key))) as number | null;
    return idle === null ? undefined : Number(idle);
  }

  async kvGet(hive: string, keys: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!keys.length) return out;
    const values = await this.redis.mget(...keys.map((key) => this.k(hive, 'key-value', key)));
    keys.forEach((key, i) => {
      const v = values[i];
      if (v !== null && v !== undefined) out.set(key, v);
    });
    return out;
  }

  async kvSet(hive: string, key: string, value: string): Promise<void> {
    await this.redis.set(this.k(hive, 'key-value', key), value, 'KEEPTTL');
  }

  async kvSetIf(hive: string, key: string, value: string, condition: KvCondition, expireAt?: number): Promise<boolean> {
    const args: Array<string | number> = [this.k(hive, 'key-value', key), value];
    if (expireAt !== undefined) args.push('PXAT', expireAt);
    else args.push('KEEPTTL');
    if (condition === 'IfExists') args.push('XX');
    if (condition === 'IfNotExists') args.push('NX');
    return (await this.redis.call('SET', ...args)) === 'OK';
  }

  async kvIncrement(hive: string, key: string, delta: number): Promise<number | 'not-a-number'> {
    const text = (await this.redis.eval(INCREMENT_SCRIPT, 1, this.k(hive, 'key-value', key), String(delta))) as
      string | null;
    return text === null ? 'not-a-number' : Number(text);
  }

  async renameKey(
    hive: string,
    type: StoreType,
    from: string,
    to: string,
    overwrite: boolean,
  ): Promise<'renamed' | 'missing' | 'taken'> {
    const src = this.k(hive, type, from);
    if (!(await this.redis.exists(src))) return 'missing';
    if (from === to) return 'renamed';
    try {
      if (overwrite) {
        await this.redis.rename(src, this.k(hive, type, to));
        return 'renamed';
      }
      return (await this.redis.renamenx(src, this.k(hive, type, to))) === 1 ? 'renamed' : 'taken';
    } catch (err) {
      // Gone between the check and the rename.
      if (/no such key/i.test((err as Error).message)) return 'missing';
      throw err;
    }
  }

  async mapSetIfAbsent(hive: string, key: string, field: string, value: string): Promise<boolean> {
    return (await this.redis.hsetnx(this.k(hive, 'map', key), field, value)) === 1;
  }

  async mapIncrement(hive: string, key: string, field: string, delta: number): Promise<number | 'not-a-number'> {
    const text = (await this.redis.eval(INCREMENT_SCRIPT, 1, this.k(hive, 'map', key), String(delta), field)) as
      string | null;
    return text === null ? 'not-a-number' : Number(text);
  }

  async setPop(hive: string, key: string, count: number): Promise<string[]> {
    return (await this.redis.spop(this.k(hive, 'set', key), count)) ?? [];
  }

  async listPushFront(hive: string, key: string, values: string[]): Promise<number> {
    return this.redis.lpush(this.k(hive, 'list', key), ...values);
  }

  async listPop(hive: string, key: string, end: 'first' | 'last', count: number): Promise<string[]> {
    const k = this.k(hive, 'list', key);
    return (end === 'first' ? await this.redis.lpop(k, count) : await this.redis.rpop(k, count)) ?? [];
  }

  async listInsert(
    hive: string,
    key: string,
    where: 'before' | 'after',
    anchor: string,
    value: string,
  ): Promise<number> {
    const k = this.k(hive, 'list', key);
    return where === 'before'
      ? this.redis.linsert(k, 'BEFORE', anchor, value)
      : this.redis.linsert(k, 'AFTER', anchor, value);
  }

  async zAdd(hive: string, key: string, items: Array<[number, string]>, opts: ZAddOptions): Promise<number> {
    const flags: string[] = [];
    if (opts.only === 'new') flags.push('NX');
    if (opts.only === 'existing') flags.push('XX');
    if (opts.when === 'greater') flags.push('GT');
    if (opts.when === 'less') flags.push('LT');
    if (opts.changed) flags.push('CH');
    // The last score of a member given twice wins, as in the SQL store.
    const wanted = new Map(items.map(([score, member]) => [member, score]));
    const args = [...wanted].flatMap(([member, score]) => [String(score), member]);
    return Number(await this.redis.call('ZADD', this.k(hive, 'sorted-set', key), ...flags, ...args));
  }

  async zIncrement(hive: string, key: string, member: string, delta: number): Promise<number> {
    return Number(await this.redis.zincrby(this.k(hive, 'sorted-set', key), delta, member));
  }

  async zPop(hive: string, key: string, end: 'max' | 'min', count: number): Promise<Array<[number, string]>> {
    return scoredPairs(
      (await this.redis.call(end === 'max' ? 'ZPOPMAX' : 'ZPOPMIN', this.k(hive, 'sorted-set', key), count)) as Array<
        string | [string, string | number]
      >,
    );
  }

  async zRemoveRange(hive: string, key: string, range: ZRange): Promise<number> {
    const k = this.k(hive, 'sorted-set', key);
    if (range.by === 'rank') return this.redis.zremrangebyrank(k, range.start, range.stop);
    const min = range.min === undefined ? '-inf' : `${range.minExclusive ? '(' : ''}${range.min}`;
    const max = range.max === undefined ? '+inf' : `${range.maxExclusive ? '(' : ''}${range.max}`;
    return this.redis.zremrangebyscore(k, min, max);
  }

  async countExisting(hive: string, type: StoreType, keys: string[]): Promise<number> {
    return keys.length ? this.redis.exists(...keys.map((key) => this.k(hive, type, key))) : 0;
  }

  async touchKeys(hive: string, type: StoreType, keys: string[]): Promise<number> {
    return keys.length ? Number(await this.redis.call('TOUCH', ...keys.map((key) => this.k(hive, type, key)))) : 0;
  }

  async read(hive: string, type: Exclude<StoreType, 'key-value'>, key: string): Promise<Collection | undefined> {
    const k = this.k(hive, type, key);
    // Redis holds no empty collections, so "empty" means "no such key".
    if (type === 'list') {
      const items = await this.redis.lrange(k, 0, -1);
      return items.length ? { type, items } : undefined;
    }
    if (type === 'set') {
      const items = (await this.redis.smembers(k)).sort();
      return items.length ? { type, items } : undefined;
    }
    if (type === 'map') {
      const entries = Object.entries(await this.redis.hgetall(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return entries.length ? { type, entries } : undefined;
    }
    const items = await this.zRange(hive, key, 0, -1);
    return items.length ? { type, items } : undefined;
  }

  async zRange(hive: string, key: string, start: number, stop: number): Promise<Array<[number, string]>> {
    return scoredPairs(
      (await this.redis.call('ZRANGE', this.k(hive, 'sorted-set', key), start, stop, 'WITHSCORES')) as Array<
        string | [string, string | number]
      >,
    );
  }

  async replace(hive: string, key: string, c: Collection): Promise<void> {
    const args = flatten(c);
    await this.redis.eval(REPLACE_SCRIPT, 1, this.k(hive, c.type, key), ADD_COMMAND[c.type], ...args);
  }

  async add(hive: string, key: string, c: Collection): Promise<number> {
    const args = flatten(c);
    if (!args.length) return c.type === 'list' ? this.size(hive, 'list', key) : 0;
    return Number(await this.redis.call(ADD_COMMAND[c.type], this.k(hive, c.type, key), ...args));
  }

  async listSet(hive: string, key: string, index: number, value: string): Promise<'ok' | 'missing' | 'out-of-range'> {
    try {
      await this.redis.lset(this.k(hive, 'list', key), index, value);
      return 'ok';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (/no such key/i.test(message)) return 'missing';
      if (/out of range/i.test(message)) return 'out-of-range';
      throw err;
    }
  }

  listRemove(hive: string, key: string, value: string, count: number): Promise<number> {
    return this.redis.lrem(this.k(hive, 'list', key), count, value);
  }

  async removeMembers(
    hive: string,
    type: Exclude<StoreType, 'key-value'>,
    key: string,
    members: string[],
  ): Promise<number> {
    if (!members.length) return 0;
    const k = this.k(hive, type, key);
    if (type === 'set') return this.redis.srem(k, ...members);
    if (type === 'map') return this.redis.hdel(k, ...members);
    if (type === 'sorted-set') return this.redis.zrem(k, ...members);
    const p = this.redis.pipeline();
    for (const m of new Set(members)) p.lrem(k, 0, m);
    const results = (await p.exec()) ?? [];
    return results.reduce((sum, [err, n]) => (err ? sum : sum + Number(n)), 0);
  }

  async purgeExpired(): Promise<number> {
    return 0; // Redis expires keys itself.
  }
}

/** Hives in Redis (chosen when REDIS_URL is set); one connection per server. */
export class RedisHiveBackend implements HiveBackend {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  constructor(
    url: string,
    onError: (err: Error) => void,
    private readonly prefix = 'basalt:hive:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 3 });
    // ioredis reconnects by itself; without a listener each failed attempt is an unhandled event.
    this.redis.on('error', onError);
  }

  forApp(appId: string): HiveStore {
    return new RedisHiveStore(this.redis, `${this.prefix}${appId}:`);
  }

  async dropApp(appId: string): Promise<void> {
    const store = new RedisHiveStore(this.redis, `${this.prefix}${appId}:`);
    for (const hive of await store.hiveNames()) await store.deleteHive(hive);
    await this.redis.del(`${this.prefix}${appId}:hives`);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
