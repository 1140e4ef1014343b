import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import type { MarketplaceService } from './marketplace.service.js';

const ok = { success: true };
const reasonOf = (body: unknown): string | undefined =>
  typeof body === 'string' ? body : ((body as { reason?: string } | undefined)?.reason ?? undefined);

/** The `marketplace` group and the install routes of `cloudCode` and `uiBuilder` (decision 0088). */
export function registerMarketplaceRoutes(app: FastifyInstance, ctx: ServerContext, s: MarketplaceService): void {
  const M = Routes.marketplace;
  handle(app, ctx, M.getSections, ({ developer }) => s.sections(developer));
  handle(app, ctx, M.getCategories, () => s.categories());
  handle(app, ctx, M.getCategoryProducts, ({ developer, params }) =>
    s.products(developer, { categoryId: params.categoryId }),
  );
  handle(app, ctx, M.getProducts, ({ developer, query }) => s.products(developer, query));
  handle(app, ctx, M.getProduct, ({ developer, params }) => s.product(developer, params.productId));
  handle(app, ctx, M.getProductVersions, ({ developer, params }) => s.versions(developer, params.productId));
  handle(app, ctx, M.getProductResources, ({ developer, params, query }) =>
    s.resource(developer, params.productId, query.versionId, query.filePath),
  );
  handle(app, ctx, M.getProductResourcesDetails, ({ developer, params, query }) =>
    s.resourceDetails(developer, params.productId, query.versionId),
  );
  handle(app, ctx, M.getProductConfigurations, ({ developer, params, query }) =>
    s.configurations(developer, params.productId, query.version),
  );
  handle(app, ctx, M.getProductPrivateDevs, ({ developer, params }) => s.privateDevs(developer, params.productId));
  handle(app, ctx, M.updateProductPrivateDevs, ({ developer, params, body }) =>
    s.setPrivateDevs(developer, params.productId, body),
  );
  handle(app, ctx, M.publishProduct, ({ developer, body }) => s.publish(developer, body));
  handle(app, ctx, M.approveProduct, ({ developer, params }) => s.approve(developer, params.productId));
  handle(app, ctx, M.rejectProduct, ({ developer, params, body }) =>
    s.reject(developer, params.productId, reasonOf(body) ?? ''),
  );
  handle(app, ctx, M.removeProduct, async ({ developer, params, body }) => {
    await s.remove(developer, params.productId, reasonOf(body));
    return ok;
  });
  handle(app, ctx, M.getSubmissions, ({ developer, query }) => s.submissions(developer, query.all === true));
  handle(app, ctx, M.getAppPurchases, ({ params }) => s.appPurchases(params.appId));
  handle(app, ctx, M.allocateAppProduct, ({ developer, params }) =>
    s.allocateToApp(developer, params.appId, params.productId),
  );
  handle(app, ctx, M.isAppProductPurchased, ({ params }) => s.isPurchased(params.appId, params.productId));
  handle(app, ctx, M.getAppInstalls, ({ params }) => s.installs(params.appId));
  handle(app, ctx, M.installProduct, ({ developer, params, body }) =>
    s.install(developer, params.appId, params.productId, body),
  );
  handle(app, ctx, M.uninstallProduct, async ({ params }) => {
    await s.uninstall(params.appId, params.productId);
    return ok;
  });
  handle(app, ctx, M.getUpgradeDiff, ({ developer, params, query }) =>
    s.diff(developer, params.appId, params.productId, query.version),
  );
  handle(app, ctx, M.getInstallsDetails, ({ query }) => {
    const raw = query.productIds ?? [];
    const ids = (Array.isArray(raw) ? raw : raw.split(',')).map((x) => x.trim()).filter(Boolean);
    return s.installCounts(ids.slice(0, 100));
  });
  handle(app, ctx, M.installProductDependencies, ({ developer, params, body }) =>
    s.installDependencies(developer, params.appId, body.productId, body.version),
  );
  handle(app, ctx, M.getAccountPurchases, ({ developer }) => s.accountPurchases(developer));
  handle(app, ctx, M.allocateAccountProduct, ({ developer, params }) =>
    s.allocateToAccount(developer, params.productId),
  );
  handle(app, ctx, M.updateAccountPurchasesPaymentProfile, () => s.paymentProfile());
  handle(app, ctx, M.reactivateAccountPurchase, ({ developer, params }) =>
    s.allocateToAccount(developer, params.productId),
  );
  handle(app, ctx, M.getDeveloperPayoutHistory, ({ developer }) => s.ledger(developer));
  handle(app, ctx, M.getDeveloperProductSales, ({ developer }) => s.productSales(developer));
  handle(app, ctx, M.getDeveloperGeneralSales, ({ developer }) => s.generalSales(developer));

  const CC = Routes.cloudCode;
  handle(app, ctx, CC.installMarketplaceDeploymentModel, ({ developer, params, query, body }) =>
    s.install(developer, params.appId, params.productId, { ...body, version: query.version ?? body?.version }),
  );
  handle(app, ctx, CC.uninstallMarketplaceDeploymentModel, async ({ params }) => {
    await s.uninstall(params.appId, params.productId);
    return ok;
  });
  handle(app, ctx, Routes.uiBuilder.installComponentFromMarketplace, ({ developer, params, body }) =>
    s.install(developer, params.appId, params.productId, { ...body, containerName: params.containerName }),
  );
  handle(app, ctx, Routes.community.onProductInstall, () => ok);
}
