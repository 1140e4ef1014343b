import type { ServerModule } from '../module.js';
import { ApiKeysService } from './api-keys.service.js';
import { WarningsService } from './warnings.service.js';
import { registerSettingsRoutes } from './settings.routes.js';
import { domainsMigrations } from './domains/domains.migrations.js';
import { registerDomainRoutes } from './domains/domains.routes.js';

export { createDomainMemories } from './domains/memories.js';
export { corsHeaders, type CorsOrigins, type OriginRule } from './domains/cors-origins.js';
export { SITE_PREFIX, type DomainRouter } from './domains/domain-router.js';

/**
 * Settings: the app settings answer with its API keys, custom keys with roles, regeneration, the
 * app's warnings, the app API's CORS origins and custom domains (domains/). Mobile settings are
 * served by messaging; the other sections come later.
 */
export const settingsModule: ServerModule = {
  name: 'settings',
  partOf: ['settings'],
  systemMigrations: domainsMigrations,
  register(app, ctx) {
    const keys = new ApiKeysService(ctx);
    registerSettingsRoutes(app, ctx, keys, new WarningsService(ctx, keys));
    registerDomainRoutes(app, ctx);
    // The host table is read before the first request is taken.
    app.addHook('onReady', () => ctx.domains.reload());
  },
};
