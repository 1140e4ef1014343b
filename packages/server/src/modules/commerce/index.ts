import type { ServerModule } from '../module.js';
import { commerceMigrations } from './commerce.migrations.js';
import { registerCommerceAppRoutes, registerGooglePlaySettingsRoutes } from './commerce.routes.js';
import { GooglePlayService } from './google-play.service.js';

/**
 * Commerce: Google Play purchase checks of the app API (validate a purchase, a subscription's
 * status, cancel it) through the Google Play Developer API, with the app's service account set in
 * the console's mobile settings and stored encrypted.
 */
export const commerceModule: ServerModule = {
  name: 'commerce',
  systemMigrations: commerceMigrations,
  register(app, ctx) {
    const play = new GooglePlayService(ctx);
    registerGooglePlaySettingsRoutes(app, ctx, play);
    registerCommerceAppRoutes(app, ctx, play);
  },
};
