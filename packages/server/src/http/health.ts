import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { ServerContext } from '../context.js';
import { connectRedis } from '../cluster/redis.js';

/** Longest a readiness check waits for one dependency before calling it unreachable. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]);
}

/**
 * Endpoints for a load balancer or orchestrator, without authentication and without details a
 * caller could use (each check answers only ok, unreachable or not configured):
 * - `GET /health` (liveness): the process is up and its event loop answers.
 * - `GET /ready` (readiness): the system database (and so the app stores, on the same server or
 *   file system) answers, Redis answers when configured, and the server is not shutting down.
 *   503 otherwise, so the balancer stops sending requests here.
 * `/console/status` stays what the console reads (areas, version) and is not a health check.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: ServerContext): void {
  let draining = false;
  let redis: Promise<Redis> | undefined;
  // Its own connection, failing fast instead of queueing while Redis is away.
  const redisClient = () =>
    (redis ??= connectRedis(ctx.config.redisUrl!, ctx.log, 'The readiness check', {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    }));

  // The first thing a shutdown does: a balancer polling /ready sees 503 while requests in flight finish.
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onClose', async () => {
    const client = await redis?.catch(() => undefined);
    await client?.quit().catch(() => client.disconnect());
  });

  app.get('/health', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/ready', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    const checks: Record<string, 'ok' | 'unreachable' | 'not configured' | 'shutting down'> = {};
    checks.database = await within(sql`select 1`.execute(ctx.dbs.system), CHECK_TIMEOUT_MS).then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    if (ctx.config.redisUrl) {
      checks.redis = await within(
        redisClient().then((c) => c.ping()),
        CHECK_TIMEOUT_MS,
      ).then(
        () => 'ok' as const,
        () => {
          // A connection that never came up is tried afresh next time.
          redis = undefined;
          return 'unreachable' as const;
        },
      );
    } else {
      checks.redis = 'not configured';
    }
    checks.server = draining ? 'shutting down' : 'ok';
    const ready = Object.values(checks).every((v) => v === 'ok' || v === 'not configured');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
