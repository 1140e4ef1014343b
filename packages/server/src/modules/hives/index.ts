import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { PurgeScheduler } from '../cache/index.js';
import type { HiveBackend } from './hive-store.js';
import { SqlHiveBackend } from './sql-hive-store.js';
import { RedisHiveBackend } from './redis-hive-store.js';
import { HivesService } from './hives.service.js';
import { registerHiveRoutes } from './hives.routes.js';
import { hivesAppMigrations } from './hives.migrations.js';

export type { HiveStore, HiveBackend, Collection, KeysPage, StoreType } from './hive-store.js';
export { rankSlice } from './hive-store.js';
export { HivesService } from './hives.service.js';
export { HiveLimits } from './hives.values.js';

/** How often expired hive keys are deleted for good on the SQL backend (reads hide them at once). */
export const HIVE_PURGE_INTERVAL_MS = 60_000;

/** The backend of a server: Redis when REDIS_URL is set, otherwise the app data stores. */
export function openHiveBackend(ctx: ServerContext, redisPrefix?: string): HiveBackend {
  if (!ctx.config.redisUrl) return new SqlHiveBackend(ctx.dbs);
  let lastLog = 0;
  const onError = (err: Error) => {
    // One line a minute is enough while Redis is away; requests fail with their own errors.
    if (Date.now() - lastLog < 60_000) return;
    lastLog = Date.now();
    ctx.log.error({ err }, 'Hives: Redis connection error');
  };
  return new RedisHiveBackend(ctx.config.redisUrl, onError, redisPrefix);
}

/**
 * The hives service of a server over its backend (Redis when REDIS_URL is set, otherwise the app
 * data stores, with a purge timer), built once by the composition root (app.ts) as `ctx.hives`: the
 * console's routes and the app API share it. The module closes it with the server.
 */
export function createHivesService(ctx: ServerContext): HivesService {
  const backend = openHiveBackend(ctx);
  // The purge callback runs only after `service` exists (the first tick is a minute away).
  const scheduler: PurgeScheduler | undefined =
    backend.kind === 'sql'
      ? new PurgeScheduler(HIVE_PURGE_INTERVAL_MS, (appId): Promise<number> => service.purgeExpired(appId), ctx.log)
      : undefined;
  const service = new HivesService(backend, () => ctx.dbs.now(), scheduler);
  return service;
}

/**
 * Hives: named groups of key-value, list, map, set and sorted-set stores, on the app data store
 * (SQLite or PostgreSQL) by default and on Redis when REDIS_URL is set.
 */
export const hivesModule: ServerModule = {
  name: 'hives',
  // The tables exist on every app store even with Redis, so switching backends needs no migration.
  appMigrations: hivesAppMigrations,
  register(app, ctx) {
    const service = ctx.hives;
    const unsubscribe = ctx.bus.on('app.deleted', ({ appId }) => {
      service
        .dropApp(appId)
        .catch((err: unknown) => ctx.log.error({ err, appId }, 'Removing the hives of a deleted app failed'));
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      await service.close();
    });
    registerHiveRoutes(app, ctx, service);
  },
};
