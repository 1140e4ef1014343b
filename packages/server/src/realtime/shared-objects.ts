import type { Redis } from 'ioredis';

/** Bounds on shared objects: they live in memory (or Redis), so every dimension is capped. */
export const SHARED_OBJECT_LIMITS = {
  keyLength: 200,
  /** Bytes of one value as JSON. */
  valueBytes: 64 * 1024,
  keysPerObject: 1000,
  objectsPerApp: 1000,
};

/** Why a write was refused; the session turns it into a wire error. */
export class SharedObjectLimitError extends Error {}

/** Where shared-object state is kept: one process's memory, or Redis shared by every process. */
interface Backend {
  get(appId: string, name: string, key: string): Promise<string | undefined>;
  all(appId: string, name: string): Promise<Record<string, string>>;
  /** Stores `json` under `key`; answers which limit refused it, if one did. */
  set(appId: string, name: string, key: string, json: string): Promise<'ok' | 'keys' | 'objects'>;
  clear(appId: string, name: string): Promise<void>;
  dropApp(appId: string): Promise<void>;
}

class MemoryBackend implements Backend {
  private readonly apps = new Map<string, Map<string, Map<string, string>>>();

  async get(appId: string, name: string, key: string) {
    return this.apps.get(appId)?.get(name)?.get(key);
  }

  async all(appId: string, name: string) {
    return Object.fromEntries(this.apps.get(appId)?.get(name) ?? []);
  }

  async set(appId: string, name: string, key: string, json: string) {
    let objects = this.apps.get(appId);
    if (!objects) this.apps.set(appId, (objects = new Map()));
    let object = objects.get(name);
    if (!object) {
      if (objects.size >= SHARED_OBJECT_LIMITS.objectsPerApp) return 'objects' as const;
      objects.set(name, (object = new Map()));
    }
    if (!object.has(key) && object.size >= SHARED_OBJECT_LIMITS.keysPerObject) return 'keys' as const;
    object.set(key, json);
    return 'ok' as const;
  }

  async clear(appId: string, name: string) {
    this.apps.get(appId)?.delete(name);
  }

  async dropApp(appId: string) {
    this.apps.delete(appId);
  }
}

/**
 * Both limits and the write in one script, so two processes writing at once cannot overshoot.
 * KEYS: the object's hash, the app's set of object names. ARGV: key, json, keys limit, objects
 * limit, object name.
 */
const SET_SCRIPT = `
local isNew = redis.call('EXISTS', KEYS[1]) == 0
if isNew and redis.call('SISMEMBER', KEYS[2], ARGV[5]) == 0 and redis.call('SCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 'objects' end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 'keys' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[5])
return 'ok'`;

/** One Redis hash per object (`…:rso:{appId}:{name}`) and one set of object names per app. */
class RedisBackend implements Backend {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  // App ids have no ':' (see APP_ID in realtime-server.ts), so `{appId}:{name}` is unambiguous.
  private hash(appId: string, name: string) {
    return `${this.prefix}:rso:${appId}:${name}`;
  }

  private names(appId: string) {
    return `${this.prefix}:rso-names:${appId}`;
  }

  async get(appId: string, name: string, key: string) {
    return (await this.redis.hget(this.hash(appId, name), key)) ?? undefined;
  }

  async all(appId: string, name: string) {
    return this.redis.hgetall(this.hash(appId, name));
  }

  async set(appId: string, name: string, key: string, json: string) {
    const { keysPerObject, objectsPerApp } = SHARED_OBJECT_LIMITS;
    return (await this.redis.eval(
      SET_SCRIPT,
      2,
      this.hash(appId, name),
      this.names(appId),
      key,
      json,
      keysPerObject,
      objectsPerApp,
      name,
    )) as 'ok' | 'keys' | 'objects';
  }

  async clear(appId: string, name: string) {
    await this.redis.multi().del(this.hash(appId, name)).srem(this.names(appId), name).exec();
  }

  async dropApp(appId: string) {
    const names = await this.redis.smembers(this.names(appId));
    if (names.length) await this.redis.del(...names.map((n) => this.hash(appId, n)));
    await this.redis.del(this.names(appId));
  }
}

const parse = (json: string | undefined): unknown => (json === undefined ? null : JSON.parse(json));

/**
 * Remote shared objects: named key/value maps per app that every client of the app may read and
 * write. State is per (app, name); with Redis it is shared by every server process, otherwise it
 * lives in this process until the object is cleared or the process ends.
 */
export class SharedObjects {
  private readonly memory = new MemoryBackend();
  private remote?: RedisBackend;

  /** `redis` is looked up on each call: it exists only once the fan-out has connected. */
  constructor(
    private readonly redis: () => Redis | undefined,
    private readonly prefix: string,
  ) {}

  private backend(): Backend {
    const redis = this.redis();
    if (!redis) return this.memory;
    if (!this.remote) this.remote = new RedisBackend(redis, this.prefix);
    return this.remote;
  }

  /** One key's value (null when unset), or the whole object as a map when `key` is undefined. */
  async get(appId: string, name: string, key: string | undefined): Promise<unknown> {
    if (key === undefined) {
      const all = await this.backend().all(appId, name);
      return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, parse(v)]));
    }
    return parse(await this.backend().get(appId, name, key));
  }

  async set(appId: string, name: string, key: string, value: unknown): Promise<void> {
    if (key.length === 0 || key.length > SHARED_OBJECT_LIMITS.keyLength) {
      throw new SharedObjectLimitError(
        `A shared-object key must have 1 to ${SHARED_OBJECT_LIMITS.keyLength} characters`,
      );
    }
    const json = JSON.stringify(value ?? null);
    if (Buffer.byteLength(json) > SHARED_OBJECT_LIMITS.valueBytes) {
      throw new SharedObjectLimitError(
        `A shared-object value may take at most ${SHARED_OBJECT_LIMITS.valueBytes} bytes as JSON`,
      );
    }
    const answer = await this.backend().set(appId, name, key, json);
    if (answer === 'keys')
      throw new SharedObjectLimitError(`A shared object holds at most ${SHARED_OBJECT_LIMITS.keysPerObject} keys`);
    if (answer === 'objects')
      throw new SharedObjectLimitError(
        `An application holds at most ${SHARED_OBJECT_LIMITS.objectsPerApp} shared objects`,
      );
  }

  clear(appId: string, name: string): Promise<void> {
    return this.backend().clear(appId, name);
  }

  dropApp(appId: string): Promise<void> {
    return this.backend().dropApp(appId);
  }
}
