import type { ServerModule } from '../module.js';
import { ApiKeysService } from './api-keys.service.js';
import { WarningsService } from './warnings.service.js';
import { registerSettingsRoutes } from './settings.routes.js';

/**
 * Settings: the app settings answer with its API keys, custom keys with roles, regeneration, and
 * the app's warnings. Mobile settings are served by messaging; the other sections come later.
 */
export const settingsModule: ServerModule = {
  name: 'settings',
  partOf: ['settings'],
  register(app, ctx) {
    const keys = new ApiKeysService(ctx);
    registerSettingsRoutes(app, ctx, keys, new WarningsService(ctx, keys));
  },
};
