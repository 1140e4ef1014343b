import type { ServerModule } from '../module.js';
import { cacheControlMigrations } from './cache-control.migrations.js';
import { registerCacheControlRoutes } from './cache-control.routes.js';

export { CacheControlService } from './cache-control.service.js';
export { installCacheControl } from './cache-control.http.js';

/**
 * Cache control (Security › Cache control, decision 0064): caching policies per service and target
 * that the app API applies to its GET answers. The service and the app API's step are built by the
 * composition root (app.ts), before any route exists; this module adds the console routes.
 */
export const cacheControlModule: ServerModule = {
  area: 'cache-control',
  name: 'cache-control',
  systemMigrations: cacheControlMigrations,
  register(app, ctx) {
    registerCacheControlRoutes(app, ctx);
  },
};
