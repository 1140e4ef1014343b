import {
  Routes,
  type BodyOf,
  type MarketplaceInstall,
  type MarketplaceProduct,
  type MarketplacePurchase,
  type ProductVersion,
  type ResponseOf,
} from '@basalt/shared';
import type { GroupContext } from './group-context.js';

export type { MarketplaceInstall, MarketplaceProduct, MarketplacePurchase, ProductVersion };

const M = Routes.marketplace;
type Answer<K extends keyof typeof M> = Promise<ResponseOf<(typeof M)[K]>>;
type Query = Record<string, string | number | boolean | undefined>;

/**
 * The marketplace (`marketplace` group of the reference client, decision 0088). The calls the
 * reference client sends over its community transport (product, resources, private developers,
 * purchase check, install details) use the community channel; the others the main one.
 */
export function createMarketplaceGroup({ request }: GroupContext) {
  const c = request.community;
  return {
    getSections(): Answer<'getSections'> {
      return request.route(M.getSections, []);
    },
    getCategories(query?: Query): Answer<'getCategories'> {
      return request.route(M.getCategories, [], { query: query ?? {} });
    },
    getCategoryProducts(categoryId: string): Answer<'getCategoryProducts'> {
      return request.route(M.getCategoryProducts, [categoryId]);
    },
    /** Approved products: `{search, categoryId, kind, sort, offset, pageSize}`. */
    getProducts(query?: Query): Answer<'getProducts'> {
      return request.route(M.getProducts, [], { query: query ?? {} });
    },
    getProduct(productId: string): Answer<'getProduct'> {
      return c.route(M.getProduct, [productId]);
    },
    getProductVersions(productId: string, query?: Query): Answer<'getProductVersions'> {
      return request.route(M.getProductVersions, [productId], { query: query ?? {} });
    },
    getProductResources(productId: string, { versionId, filePath }: { versionId?: string; filePath: string }) {
      return c.route(M.getProductResources, [productId], {
        query: { versionId, filePath: encodeURIComponent(filePath) },
      });
    },
    getProductResourcesDetails(productId: string, versionId?: string): Answer<'getProductResourcesDetails'> {
      return c.route(M.getProductResourcesDetails, [productId], { query: { versionId } });
    },
    getProductConfigurations(productId: string, version?: string): Answer<'getProductConfigurations'> {
      return request.route(M.getProductConfigurations, [productId], { query: { version } });
    },
    getProductPrivateDevs(productId: string): Answer<'getProductPrivateDevs'> {
      return c.route(M.getProductPrivateDevs, [productId]);
    },
    updateProductPrivateDevs(productId: string, privateDevs: string[]): Answer<'updateProductPrivateDevs'> {
      return c.route(M.updateProductPrivateDevs, [productId], { body: privateDevs });
    },
    /** Submits a product or a new version (`productId`) for approval. */
    publishProduct(product: BodyOf<typeof M.publishProduct>): Answer<'publishProduct'> {
      return request.route(M.publishProduct, [], { body: product });
    },
    approveProduct(productId: string): Answer<'approveProduct'> {
      return request.route(M.approveProduct, [productId]);
    },
    /** The reason is sent as the bare body, as the reference client does. */
    rejectProduct(productId: string, reason: string): Answer<'rejectProduct'> {
      return request.route(M.rejectProduct, [productId], { body: reason });
    },
    removeProduct(productId: string, reason?: string): Answer<'removeProduct'> {
      return request.route(M.removeProduct, [productId], reason === undefined ? {} : { body: reason });
    },
    getAppPurchases(appId: string): Answer<'getAppPurchases'> {
      return request.route(M.getAppPurchases, [appId]);
    },
    allocateAppProduct(
      appId: string,
      productId: string,
      options?: Record<string, unknown>,
    ): Answer<'allocateAppProduct'> {
      return request.route(M.allocateAppProduct, [appId, productId], { body: options ?? {} });
    },
    isAppProductPurchased(appId: string, productId: string): Answer<'isAppProductPurchased'> {
      return c.route(M.isAppProductPurchased, [appId, productId]);
    },
    getAppInstalls(appId: string): Answer<'getAppInstalls'> {
      return request.route(M.getAppInstalls, [appId]);
    },
    getInstallsDetails(productIds: string[] | string): Answer<'getInstallsDetails'> {
      return c.route(M.getInstallsDetails, [], {
        query: { productIds: Array.isArray(productIds) ? productIds.join(',') : productIds },
      });
    },
    installProductDependencies(
      appId: string,
      data: BodyOf<typeof M.installProductDependencies>,
    ): Answer<'installProductDependencies'> {
      return request.route(M.installProductDependencies, [appId], { body: data });
    },
    /** Basalt: installs or upgrades a product in the app (`{version, configuration, containerName, withDependencies}`). */
    installProduct(
      appId: string,
      productId: string,
      data: BodyOf<typeof M.installProduct> = {},
    ): Answer<'installProduct'> {
      return request.route(M.installProduct, [appId, productId], { body: data });
    },
    /** Basalt: removes an install and what it put into the app. */
    uninstallProduct(appId: string, productId: string): Answer<'uninstallProduct'> {
      return request.route(M.uninstallProduct, [appId, productId]);
    },
    /** Basalt: what upgrading the app's install to `version` changes. */
    getUpgradeDiff(appId: string, productId: string, version?: string): Answer<'getUpgradeDiff'> {
      return request.route(M.getUpgradeDiff, [appId, productId], { query: { version } });
    },
    /** The caller's submissions; `{all: true}` for an operator lists every pending one. */
    getSubmissions(query?: { all?: boolean }): Answer<'getSubmissions'> {
      return request.route(M.getSubmissions, [], { query: query ?? {} });
    },
    getAccountPurchases(): Answer<'getAccountPurchases'> {
      return request.route(M.getAccountPurchases, []);
    },
    allocateAccountProduct(productId: string, options?: Record<string, unknown>): Answer<'allocateAccountProduct'> {
      return request.route(M.allocateAccountProduct, [productId], { body: options ?? {} });
    },
    updateAccountPurchasesPaymentProfile(paymentProfileId: string): Answer<'updateAccountPurchasesPaymentProfile'> {
      return request.route(M.updateAccountPurchasesPaymentProfile, [], { body: { paymentProfileId } });
    },
    reactivateAccountPurchase(productId: string): Answer<'reactivateAccountPurchase'> {
      return request.route(M.reactivateAccountPurchase, [productId]);
    },
    getDeveloperPayoutHistory(): Answer<'getDeveloperPayoutHistory'> {
      return request.route(M.getDeveloperPayoutHistory, []);
    },
    getDeveloperProductSales(): Answer<'getDeveloperProductSales'> {
      return request.route(M.getDeveloperProductSales, []);
    },
    getDeveloperGeneralSales(query?: Query): Answer<'getDeveloperGeneralSales'> {
      return request.route(M.getDeveloperGeneralSales, [], { query: query ?? {} });
    },
  };
}
