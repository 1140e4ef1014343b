import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** The Redis URL without its password, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * Opens one Redis connection the way every part of the server does: connected before the server
 * answers (a node that cannot reach Redis would silently miss the others' changes, so it refuses to
 * start instead), problems logged rather than thrown (ioredis reconnects by itself; without a
 * listener each failed attempt would be an unhandled event).
 */
export async function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  purpose: string,
  options: RedisOptions = {},
): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, ...options });
  client.on('error', (err) => log.warn({ err }, `${purpose}: Redis connection problem`));
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw new Error(
      `${purpose} cannot reach Redis at ${redactRedisUrl(url)}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return client;
}
