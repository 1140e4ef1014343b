import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { CacheService } from './cache.service.js';
import { registerCacheRoutes } from './cache.routes.js';
import { cacheAppMigrations } from './cache.migrations.js';
import { PurgeScheduler } from './purge-scheduler.js';

export { CacheService, MAX_CACHE_VALUE_BYTES } from './cache.service.js';
export { PurgeScheduler } from './purge-scheduler.js';

/** How often expired cache items are deleted for good (reads hide them at once). */
export const CACHE_PURGE_INTERVAL_MS = 60_000;

const services = new WeakMap<ServerContext, CacheService>();

/**
 * The cache service of a running server, for the app-facing API (`put`, `get`, `contains`,
 * `expireAt`, `remove`). It shares the server's purge timer.
 */
export function cacheFor(ctx: ServerContext): CacheService {
  return services.get(ctx) ?? new CacheService(ctx);
}

/** Application cache: items with JSON values and optional expiry, listed and edited by the console. */
export const cacheModule: ServerModule = {
  name: 'cache',
  appMigrations: cacheAppMigrations,
  register(app, ctx) {
    // One scheduler per server instance (tests run several in one process); it stops with the server.
    // The purge callback runs only after `service` exists (first tick is a minute away).
    const scheduler: PurgeScheduler = new PurgeScheduler(
      CACHE_PURGE_INTERVAL_MS,
      (appId): Promise<number> => service.purgeExpired(appId),
      ctx.log,
    );
    const service = new CacheService(ctx, scheduler);
    services.set(ctx, service);
    const unsubscribe = ctx.bus.on('app.deleted', ({ appId }) => scheduler.forget(appId));
    app.addHook('onClose', async () => {
      unsubscribe();
      scheduler.stop();
      services.delete(ctx);
    });
    registerCacheRoutes(app, ctx, service);
  },
};
