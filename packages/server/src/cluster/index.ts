import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { MemoryFailureLimiter, type FailureLimiter } from '../http/rate-limit.js';
import { InvalidationBus } from './invalidation.js';
import { RedisFailureLimiter, SharedCounters } from './limits.js';
import { connectRedis } from './redis.js';

export { SharedCounters } from './limits.js';
export { InvalidationBus, type Invalidation, type InvalidationKind, type Drop } from './invalidation.js';

/**
 * What makes several server processes on one PostgreSQL and one Redis act as one server
 * (decision 0030): the invalidation bus every in-process memory of shared state registers with, and
 * failure counters that count across processes. Without `REDIS_URL` both work in this process only.
 */
export interface Cluster {
  invalidation: InvalidationBus;
  /** Whether other processes are reached (Redis configured). */
  shared: boolean;
  /** A fixed-window failure counter named `name` (its keys are apart from other limiters'). */
  limiter(name: string, max: number, windowMs: number): FailureLimiter;
  /** Window counters every process counts into (plan limits); undefined without Redis (count in process). */
  counters?: SharedCounters;
  close(): Promise<void>;
}

/**
 * Opens the cluster services of a process. With Redis it connects before returning, and refuses to
 * start when Redis cannot be reached: a node that silently missed the others' changes would serve
 * old permissions. `namespace` (the PostgreSQL schema prefix) keeps deployments sharing a Redis apart.
 */
export async function openCluster(
  config: Pick<Config, 'redisUrl' | 'pgSchemaPrefix'>,
  log: FastifyBaseLogger,
): Promise<Cluster> {
  const invalidation = new InvalidationBus();
  const namespace = config.pgSchemaPrefix;
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (config.redisUrl) {
    pub = await connectRedis(config.redisUrl, log, 'The invalidation bus', { maxRetriesPerRequest: 2 });
    try {
      sub = await connectRedis(config.redisUrl, log, 'The invalidation bus');
      await invalidation.attach(pub, sub, namespace, log);
    } catch (err) {
      pub.disconnect();
      sub?.disconnect();
      throw err;
    }
  }
  const command = pub;
  return {
    invalidation,
    shared: !!command,
    counters: command ? new SharedCounters(command, namespace) : undefined,
    limiter(name, max, windowMs) {
      return command
        ? new RedisFailureLimiter(command, namespace, name, max, windowMs)
        : new MemoryFailureLimiter(max, windowMs);
    },
    async close() {
      await invalidation.settled();
      invalidation.detach();
      await Promise.all([pub?.quit().catch(() => undefined), sub?.quit().catch(() => undefined)]);
    },
  };
}
