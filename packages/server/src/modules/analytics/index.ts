import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { AnalyticsService } from './analytics.service.js';
import { registerAnalyticsRoutes } from './analytics.routes.js';
import { analyticsSystemMigrations } from './analytics.migrations.js';
import { DAY } from './meter.js';

export { Meter, meterTagOf } from './meter.js';
export { AnalyticsService } from './analytics.service.js';

/** How long rollups are kept: a year and a bit, so YEAR and 400-day custom ranges stay whole. */
const RETENTION_MS = 400 * DAY;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Analytics (decision 0058): the app API's meter (ctx.meter, fed by the app API's hooks and the
 * fast lane) flushed on a timer and on close, users' sessions and registrations from the bus,
 * and the console's statistics routes reading the rollups.
 */
export const analyticsModule: ServerModule = {
  area: 'analytics',
  name: 'analytics',
  systemMigrations: analyticsSystemMigrations,
  register(app, ctx: ServerContext) {
    const service = new AnalyticsService(ctx);
    const meter = ctx.meter;
    if (meter.enabled) {
      ctx.bus.on('user.session', ({ appId, userId }) => meter.user(appId, userId, 'active'));
      ctx.bus.on('user.registered', ({ appId, userId }) => meter.user(appId, userId, 'registered'));
      ctx.bus.on('record.created', ({ appId, table, record }) => {
        if (table === 'Users' && typeof record.objectId === 'string') meter.user(appId, record.objectId, 'new');
      });
      let pruned = 0;
      app.addHook('onReady', async () => meter.start(ctx.config.meterFlushMs));
      const prune = setInterval(() => {
        if (Date.now() - pruned < PRUNE_EVERY_MS) return;
        pruned = Date.now();
        service
          .prune(Date.now() - RETENTION_MS)
          .catch((err: unknown) => ctx.log.warn({ err }, 'Analytics pruning failed'));
      }, 60_000);
      prune.unref();
      // The meter's last flush is in app.ts's onClose, before the databases close.
      app.addHook('onClose', async () => clearInterval(prune));
    }
    ctx.bus.on('app.deleted', ({ appId }) => {
      service
        .forget(appId)
        .catch((err: unknown) => ctx.log.warn({ err, appId }, 'Analytics of a deleted app not removed'));
    });
    registerAnalyticsRoutes(app, ctx, service);
  },
};
