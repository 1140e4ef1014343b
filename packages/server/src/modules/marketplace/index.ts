import { assertFeature } from '../../http/dev-access.js';
import type { ServerModule } from '../module.js';
import { marketplaceMigrations } from './marketplace.migrations.js';
import { registerMarketplaceRoutes } from './marketplace.routes.js';
import { MarketplaceService } from './marketplace.service.js';

const MARKETPLACE_PATH =
  /\/(?:community\/marketplace\/|marketplace\/|cloud-code\/deployment-models\/marketplace\/|components\/install\/)/;

/**
 * Marketplace (decision 0088): versioned product bundles, approval by the operator, purchases and
 * installs into apps, the developer's sales. Installing email templates, flows, functions packs and
 * service configuration through the cloud-code routes still answer 501 (the area is partial).
 */
export const marketplaceModule: ServerModule = {
  name: 'marketplace',
  partOf: ['marketplace'],
  systemMigrations: marketplaceMigrations,
  register(app, ctx) {
    // A switched-off marketplace answers 403 FEATURE_DISABLED on every one of its routes.
    app.addHook('onRequest', async (req) => {
      if (ctx.config.features.marketplace === false && MARKETPLACE_PATH.test(req.url))
        assertFeature(ctx.config.features, 'marketplace', 'Marketplace');
    });
    registerMarketplaceRoutes(app, ctx, new MarketplaceService(ctx));
  },
};
