import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { authenticateApp } from '../../http/app-auth.js';
import { sendJson } from '../../http/route.js';
import { appHooked } from '../../events/app-hooks.js';

type R = FastifyRequest<{
  Params: { appId: string; apiKey: string; key: string };
  Querystring: Record<string, string | undefined>;
  Body: unknown;
}>;

/** An item put without a timeout lives two hours, so a cache never grows without bound. */
export const DEFAULT_CACHE_TTL_SECONDS = 7200;
/** The longest timeout accepted: a year. Longer-lived data belongs in a table or a hive. */
const MAX_TTL_SECONDS = 365 * 24 * 3600;

function seconds(value: string | undefined, field: string): number {
  const n = value !== undefined && /^\d{1,9}(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
  if (!(n > 0) || n > MAX_TTL_SECONDS)
    throw new ApiError('BAD_REQUEST', `'${field}' must be a number of seconds between 1 and ${MAX_TTL_SECONDS}`);
  return n;
}

function epochMs(value: string | undefined, field: string): number {
  const n = value !== undefined && /^\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new ApiError('BAD_REQUEST', `'${field}' must be a time in epoch milliseconds`);
  return n;
}

/**
 * The cache of the app API (`/{appId}/{apiKey}/cache/…`) in the shapes of the `backendless` SDK's
 * `Cache` group, over the same store the console's cache browser edits. Like counters, it is
 * guarded by the app's API key (and panic mode); Backendless has no per-role cache permissions.
 */
export function registerCacheAppRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // The server's one cache service (ctx.cache, built by app.ts): it carries the purge timer that
  // deletes expired items for good.
  const cache = ctx.cache;
  const base = '/:appId/:apiKey/cache/:key';
  const appId = async (req: R) => (await authenticateApp(ctx, req)).appId;

  // Each operation runs between the cache events' handlers (decision 0047).
  const hooked = <T>(
    req: R,
    op: string,
    args: Record<string, unknown>,
    work: (a: Record<string, unknown>) => Promise<T>,
  ) => appHooked(ctx, req, 'cache', op, '*', args, work);
  const keyOf = (a: Record<string, unknown>, req: R) => (typeof a.key === 'string' && a.key ? a.key : req.params.key);

  app.put(base, async (req: R, reply) => {
    const id = await appId(req);
    const ttl = req.query.timeout === undefined ? DEFAULT_CACHE_TTL_SECONDS : seconds(req.query.timeout, 'timeout');
    await hooked(req, 'Put', { key: req.params.key, value: req.body, ttl }, (a) =>
      cache.put(
        id,
        keyOf(a, req),
        a.value,
        ctx.dbs.now() + Math.round((typeof a.ttl === 'number' && a.ttl > 0 ? a.ttl : ttl) * 1000),
      ),
    );
    return sendJson(reply, null);
  });
  app.get(base, async (req: R, reply) => {
    const id = await appId(req);
    return sendJson(reply, await hooked(req, 'Get', { key: req.params.key }, (a) => cache.get(id, keyOf(a, req))));
  });
  app.get(`${base}/check`, async (req: R) => {
    const id = await appId(req);
    return hooked(req, 'Contains', { key: req.params.key }, (a) => cache.contains(id, keyOf(a, req)));
  });
  app.put(`${base}/expireIn`, async (req: R, reply) => {
    const id = await appId(req);
    const expireIn = seconds(req.query.timeout, 'timeout');
    await hooked(req, 'ExpireIn', { key: req.params.key, expireIn }, (a) =>
      cache.expireAt(id, keyOf(a, req), ctx.dbs.now() + Math.round(expireIn * 1000)),
    );
    return sendJson(reply, null);
  });
  app.put(`${base}/expireAt`, async (req: R, reply) => {
    const id = await appId(req);
    const expireAt = epochMs(req.query.timestamp, 'timestamp');
    await hooked(req, 'ExpireAt', { key: req.params.key, expireAt }, (a) =>
      cache.expireAt(id, keyOf(a, req), expireAt),
    );
    return sendJson(reply, null);
  });
  // Removing a key that is not (or no longer) cached leaves the cache as asked: not an error.
  app.delete(base, async (req: R, reply) => {
    const id = await appId(req);
    await hooked(req, 'Delete', { key: req.params.key }, async (a) => {
      try {
        await cache.remove(id, keyOf(a, req));
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }
      return null;
    });
    return sendJson(reply, null);
  });
}
