import crypto from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { InvalidationBus } from './invalidation.js';
import { RedisFailureLimiter } from './limits.js';
import { MemoryFailureLimiter } from '../http/rate-limit.js';
import { connectRedis } from './redis.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** Waits until `check` holds, up to `ms`; answers whether it did. */
async function until(check: () => boolean, ms = 2000): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((r) => setTimeout(r, 5)))
    if (check()) return true;
  return check();
}

describe('the invalidation bus without Redis', () => {
  it('drops the registered memories of the changed kind and app, and moves the version', async () => {
    const bus = new InvalidationBus();
    const schema: Array<string | null> = [];
    const policy: Array<string | null> = [];
    bus.register('schema', (appId) => schema.push(appId));
    const unregister = bus.register('policy', (appId) => policy.push(appId));
    const before = bus.version('app1');
    await bus.changed('schema', 'app1');
    expect(schema).toEqual(['app1']);
    expect(policy).toEqual([]);
    expect(bus.version('app1')).toBeGreaterThan(before);
    expect(bus.version('app2')).toBe(before);
    expect(bus.generation('app1')).toBe(1);
    await bus.changed('policy', 'app1');
    expect(bus.generation('app1')).toBe(2);
    unregister();
    await bus.changed('policy', 'app1');
    expect(policy).toEqual(['app1']);
    bus.dropEverything();
    expect(schema).toEqual(['app1', null]);
    expect(bus.version('app2')).toBeGreaterThan(before);
  });

  it('a memory that fails to drop does not keep the others from dropping', async () => {
    const bus = new InvalidationBus();
    const dropped: string[] = [];
    bus.register('access', () => {
      throw new Error('broken');
    });
    bus.register('access', (appId) => dropped.push(String(appId)));
    await bus.changed('access', 'x');
    expect(dropped).toEqual(['x']);
  });
});

describe('the invalidation bus over Redis', () => {
  const namespace = `ib${crypto.randomBytes(4).toString('hex')}_`;
  const opened: Redis[] = [];
  const buses: InvalidationBus[] = [];

  async function node(): Promise<{ bus: InvalidationBus; sub: Redis; drops: Array<[string, string | null]> }> {
    const pub = await connectRedis(REDIS_URL, log, 'test', { maxRetriesPerRequest: 2 });
    const sub = await connectRedis(REDIS_URL, log, 'test');
    opened.push(pub, sub);
    const bus = new InvalidationBus();
    buses.push(bus);
    const drops: Array<[string, string | null]> = [];
    for (const kind of ['schema', 'policy', 'panic'] as const) bus.register(kind, (appId) => drops.push([kind, appId]));
    await bus.attach(pub, sub, namespace, log);
    return { bus, sub, drops };
  }

  afterEach(() => {
    for (const b of buses.splice(0)) b.detach();
  });

  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`basalt:${namespace}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    for (const r of opened) r.disconnect();
  });

  it('a change on one node drops the memory on the others, with one generation per change of the app', async () => {
    const a = await node();
    const b = await node();
    const versionBefore = b.bus.version('app1');
    await a.bus.changed('schema', 'app1');
    // Dropped on A at once, before Redis answered.
    expect(a.drops).toEqual([['schema', 'app1']]);
    expect(await until(() => b.drops.length === 1)).toBe(true);
    expect(b.drops).toEqual([['schema', 'app1']]);
    expect(b.bus.version('app1')).toBeGreaterThan(versionBefore);
    await a.bus.changed('policy', 'app1');
    await b.bus.changed('panic', 'app1');
    expect(await until(() => a.drops.length === 3 && b.drops.length === 3)).toBe(true);
    // Nothing is dropped twice on the node that made the change (its own message is skipped).
    // (B applies its own change at once, perhaps before A's message has arrived.)
    const sorted = (list: Array<[string, string | null]>) => list.map(([k, id]) => `${k}:${id}`).sort();
    expect(sorted(a.drops)).toEqual(['panic:app1', 'policy:app1', 'schema:app1']);
    expect(sorted(b.drops)).toEqual(['panic:app1', 'policy:app1', 'schema:app1']);
    expect(await until(() => a.bus.generation('app1') === 3 && b.bus.generation('app1') === 3)).toBe(true);
    // Changes not tied to an app travel as well.
    await a.bus.changed('policy', null);
    expect(await until(() => b.drops.length === 4)).toBe(true);
    expect(b.drops[3]).toEqual(['policy', null]);
  });

  it('a late message still drops its memory but does not move the version a read was started under', async () => {
    const b = await node();
    const sender = await node();
    await sender.bus.changed('schema', 'late');
    await sender.bus.changed('schema', 'late');
    expect(await until(() => b.bus.generation('late') === 2)).toBe(true);
    const version = b.bus.version('late');
    // A message of generation 1 arriving now: the change it announces committed before the one of
    // generation 2, which this node has applied already.
    const raw = new Redis(REDIS_URL);
    opened.push(raw);
    await raw.publish(
      `basalt:${namespace}:invalidate`,
      JSON.stringify({ node: 'elsewhere', kind: 'policy', appId: 'late', generation: 1 }),
    );
    expect(await until(() => b.drops.some(([k, id]) => k === 'policy' && id === 'late'))).toBe(true);
    expect(b.bus.version('late')).toBe(version);
    expect(b.bus.generation('late')).toBe(2);
    // Malformed messages are ignored.
    await raw.publish(`basalt:${namespace}:invalidate`, 'not json');
    await raw.publish(`basalt:${namespace}:invalidate`, JSON.stringify({ kind: 'schema' }));
    await sender.bus.changed('schema', 'late');
    expect(await until(() => b.bus.generation('late') === 3)).toBe(true);
    expect(b.bus.version('late')).toBeGreaterThan(version);
  });

  it('a node whose Redis connection comes back after a gap drops every memory', async () => {
    const a = await node();
    const b = await node();
    const admin = new Redis(REDIS_URL);
    opened.push(admin);
    const id = await b.sub.client('ID');
    const before = b.bus.version('any-app');
    await admin.client('KILL', 'ID', String(id));
    expect(await until(() => b.bus.reconnectDrops === 1, 5000)).toBe(true);
    expect(b.drops).toEqual(
      expect.arrayContaining([
        ['schema', null],
        ['policy', null],
        ['panic', null],
      ]),
    );
    expect(b.bus.version('any-app')).toBeGreaterThan(before);
    // Subscribed again: changes reach it as before.
    const seen = b.drops.length;
    await a.bus.changed('panic', 'after');
    expect(await until(() => b.drops.length === seen + 1)).toBe(true);
    expect(b.drops.at(-1)).toEqual(['panic', 'after']);
  });
});

describe('failure counters across processes', () => {
  const namespace = `lim${crypto.randomBytes(4).toString('hex')}_`;
  const redis = new Redis(REDIS_URL);
  const other = new Redis(REDIS_URL);

  afterAll(async () => {
    const keys = await redis.keys(`basalt:${namespace}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    other.disconnect();
  });

  it('two processes count into one window; reset and expiry end it', async () => {
    const a = new RedisFailureLimiter(redis, namespace, 'login', 3, 400);
    const b = new RedisFailureLimiter(other, namespace, 'login', 3, 400);
    await a.recordFailure('login:x@example.com');
    await b.recordFailure('login:x@example.com');
    expect(await a.isBlocked('login:x@example.com')).toBe(false);
    await a.recordFailure('login:x@example.com');
    expect(await b.isBlocked('login:x@example.com')).toBe(true);
    expect(await b.isBlocked('login:x@example.com', 4)).toBe(false);
    const wait = await b.retryAfter('login:x@example.com');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(400);
    // Another limiter name and another key count apart.
    expect(
      await new RedisFailureLimiter(redis, namespace, 'password-reset', 3, 400).isBlocked('login:x@example.com'),
    ).toBe(false);
    expect(await a.isBlocked('login:y@example.com')).toBe(false);
    await b.reset('login:x@example.com');
    expect(await a.isBlocked('login:x@example.com')).toBe(false);
    for (let i = 0; i < 3; i++) await a.recordFailure('login:z');
    expect(await b.isBlocked('login:z')).toBe(true);
    expect(await until(() => false, 450)).toBe(false);
    expect(await b.isBlocked('login:z')).toBe(false);
    expect(await b.retryAfter('login:z')).toBe(0);
  });

  it('counts failures from many processes at once without losing any', async () => {
    const limiters = [redis, other].map((r) => new RedisFailureLimiter(r, namespace, 'burst', 50, 10_000));
    await Promise.all(Array.from({ length: 40 }, (_, i) => limiters[i % 2]!.recordFailure('k')));
    expect(await limiters[0]!.isBlocked('k', 40)).toBe(true);
    expect(await limiters[1]!.isBlocked('k', 41)).toBe(false);
  });

  it('the in-process limiter keeps the same rules', async () => {
    const m = new MemoryFailureLimiter(2, 10_000);
    await m.recordFailure('k');
    expect(await m.isBlocked('k')).toBe(false);
    await m.recordFailure('k');
    expect(await m.isBlocked('k')).toBe(true);
    expect(await m.retryAfter('k')).toBeGreaterThan(0);
    await m.reset('k');
    expect(await m.isBlocked('k')).toBe(false);
  });
});
