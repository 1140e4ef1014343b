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

/**
 * The cache service of a server with its purge timer, built once by the composition root (app.ts)
 * as `ctx.cache`: the console's routes and the app API (`put`, `get`, `contains`, `expireAt`,
 * `remove`) share it. The timer starts on the first item put with an expiry.
 */
export function createCacheService(ctx: ServerContext): CacheService {
  // The purge callback runs only after `service` exists (the first tick is a minute away).
  const scheduler: PurgeScheduler = new PurgeScheduler(
    CACHE_PURGE_INTERVAL_MS,
    (appId): Promise<number> => service.purgeExpired(appId),
    ctx.log,
  );
  const service = new CacheService(ctx, scheduler);
  return service;
}

/** Application cache: items with JSON values and optional expiry, listed and edited by the console. */
export const cacheModule: ServerModule = {
  name: 'cache',
  appMigrations: cacheAppMigrations,
  register(app, ctx) {
    const service = ctx.cache;
    const unsubscribe = ctx.bus.on('app.deleted', ({ appId }) => service.forgetApp(appId));
    app.addHook('onClose', async () => {
      unsubscribe();
      service.close();
    });
    registerCacheRoutes(app, ctx, service);
  },
};
