import { Type, type Static } from '@sinclair/typebox';
import { DevOperations } from '../dev-permissions.js';
import { defineRoute } from '../route.js';
import { NullableSchema, SuccessSchema } from '../schemas.js';

const m = '/console/community/marketplace';
const appM = '/:appId/console/community/marketplace';
const api = '/api/app/:appId/marketplace';
const Id = Type.String({ minLength: 1, maxLength: 100 });
const AnyBody = Type.Object({}, { additionalProperties: true });

/** What a product is made of (decision 0088). Only some kinds are applied on install. */
export const PRODUCT_KINDS = [
  'ui-component',
  'cloud-code-service',
  'flow',
  'functions-pack',
  'page-template',
  'theme',
  'email-template',
  'dashlet-component',
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
/** The kinds an install applies to the app; the others are stored and listed, not applied. */
export const APPLIED_PRODUCT_KINDS: readonly ProductKind[] = ['ui-component', 'cloud-code-service'];

export const ProductConfigItemSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  label: Type.Optional(Type.String({ maxLength: 200 })),
  /** `text`, `number`, `boolean` or `secret` (sealed at rest, never answered back). */
  type: Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('boolean'), Type.Literal('secret')]),
  required: Type.Optional(Type.Boolean()),
  defaultValue: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean()])),
});
export type ProductConfigItem = Static<typeof ProductConfigItemSchema>;

export const ProductDependencySchema = Type.Object({
  productId: Id,
  version: Type.Optional(Type.String({ maxLength: 40 })),
});

export const ProductStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('removed'),
]);

export const MarketplaceProductSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  kind: Type.String(),
  categoryId: Type.String(),
  /** Price in cents; 0 is free. */
  price: Type.Integer(),
  currency: Type.String(),
  status: ProductStatusSchema,
  reason: NullableSchema(Type.String()),
  developerId: Type.String(),
  /** The newest approved version, null until one is approved. */
  version: NullableSchema(Type.String()),
  /** Whether installing applies it to the app (ui-component, cloud-code-service) or only stores it. */
  applied: Type.Boolean(),
  rating: NullableSchema(Type.Number()),
  reviews: Type.Integer(),
  installs: Type.Integer(),
  mine: Type.Boolean(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type MarketplaceProduct = Static<typeof MarketplaceProductSchema>;

export const ProductVersionSchema = Type.Object({
  id: Type.String(),
  productId: Type.String(),
  version: Type.String(),
  notes: Type.String(),
  status: ProductStatusSchema,
  reason: NullableSchema(Type.String()),
  configuration: Type.Array(ProductConfigItemSchema),
  dependencies: Type.Array(ProductDependencySchema),
  files: Type.Array(Type.Object({ path: Type.String(), size: Type.Integer() })),
  created: Type.Number(),
});
export type ProductVersion = Static<typeof ProductVersionSchema>;

export const BundleFileSchema = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 300 }),
  content: Type.String({ maxLength: 500_000 }),
});

/** A publish: a new product, or a new version of one of the caller's (`productId`). */
export const PublishProductBody = Type.Object({
  productId: Type.Optional(Id),
  /** The app the product was made in: the publisher needs its operation 94 (publish to the marketplace). */
  appId: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  kind: Type.String({ minLength: 1, maxLength: 40 }),
  categoryId: Type.Optional(Type.String({ maxLength: 60 })),
  price: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_00 })),
  currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
  version: Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+$' }),
  notes: Type.Optional(Type.String({ maxLength: 5000 })),
  configuration: Type.Optional(Type.Array(ProductConfigItemSchema, { maxItems: 50 })),
  dependencies: Type.Optional(Type.Array(ProductDependencySchema, { maxItems: 20 })),
  /** The bundle: files as text, or a base64 ZIP (`zip`); one of the two. */
  files: Type.Optional(Type.Array(BundleFileSchema, { maxItems: 200 })),
  zip: Type.Optional(Type.String({ maxLength: 2_000_000 })),
});

export const MarketplaceSectionSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  products: Type.Array(MarketplaceProductSchema),
});
export const MarketplaceCategorySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  applied: Type.Boolean(),
  products: Type.Integer(),
});

export const MarketplacePurchaseSchema = Type.Object({
  id: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  appId: NullableSchema(Type.String()),
  developerId: Type.String(),
  price: Type.Integer(),
  currency: Type.String(),
  created: Type.Number(),
});
export type MarketplacePurchase = Static<typeof MarketplacePurchaseSchema>;

export const MarketplaceInstallSchema = Type.Object({
  productId: Type.String(),
  productName: Type.String(),
  kind: Type.String(),
  version: Type.String(),
  /** Where it landed: `cloud-code:<model>`, `ui-builder:<container>`, or `stored` for kinds not applied. */
  target: Type.String(),
  /** The configuration, secrets masked. */
  configuration: Type.Record(Type.String(), Type.Unknown()),
  installedBy: NullableSchema(Type.String()),
  created: Type.Number(),
  updated: Type.Number(),
});
export type MarketplaceInstall = Static<typeof MarketplaceInstallSchema>;

export const InstallProductBody = Type.Object({
  version: Type.Optional(Type.String({ maxLength: 40 })),
  configuration: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /** For UI components: the UI Builder container it goes into. */
  containerName: Type.Optional(Type.String({ maxLength: 100 })),
  /** Installs missing dependencies first (each allocated to the app when free). */
  withDependencies: Type.Optional(Type.Boolean()),
});

export const UpgradeDiffSchema = Type.Object({
  productId: Type.String(),
  from: NullableSchema(Type.String()),
  to: Type.String(),
  added: Type.Array(Type.String()),
  removed: Type.Array(Type.String()),
  changed: Type.Array(Type.String()),
  configurationAdded: Type.Array(Type.String()),
  configurationRemoved: Type.Array(Type.String()),
});

export const SaleSchema = Type.Object({
  productId: Type.String(),
  productName: Type.String(),
  sales: Type.Integer(),
  amount: Type.Integer(),
  currency: Type.String(),
});
export const LedgerEntrySchema = Type.Object({
  id: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  buyerId: Type.String(),
  appId: NullableSchema(Type.String()),
  amount: Type.Integer(),
  currency: Type.String(),
  created: Type.Number(),
});

const ProductsQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  categoryId: Type.Optional(Type.String({ maxLength: 60 })),
  kind: Type.Optional(Type.String({ maxLength: 40 })),
  sort: Type.Optional(Type.String({ maxLength: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

const Purchase = DevOperations.MARKETPLACE_PURCHASE;

/** The `marketplace` group (decision 0088): catalogue, publishing, approvals, purchases, installs, sales. */
export const marketplaceRoutes = {
  getSections: defineRoute({
    name: 'marketplace.getSections',
    method: 'GET',
    path: `${m}/sections`,
    auth: 'developer',
    response: Type.Array(MarketplaceSectionSchema),
    summary: 'Sections of the catalogue (newest, top rated, free, UI, backend) with their approved products',
  }),
  getCategories: defineRoute({
    name: 'marketplace.getCategories',
    method: 'GET',
    path: `${m}/categories`,
    auth: 'developer',
    query: Type.Object({}, { additionalProperties: true }),
    response: Type.Array(MarketplaceCategorySchema),
    summary: 'Categories (one per product kind) with the number of approved products',
  }),
  getCategoryProducts: defineRoute({
    name: 'marketplace.getCategoryProducts',
    method: 'GET',
    path: `${m}/categories/:categoryId/products`,
    auth: 'developer',
    response: Type.Array(MarketplaceProductSchema),
    summary: 'Approved products of a category',
  }),
  getProducts: defineRoute({
    name: 'marketplace.getProducts',
    method: 'GET',
    path: `${m}/products`,
    auth: 'developer',
    query: ProductsQuery,
    response: Type.Array(MarketplaceProductSchema),
    summary: 'Searches the approved products (name and description), by category or kind',
  }),
  getProduct: defineRoute({
    name: 'marketplace.getProduct',
    method: 'GET',
    path: `${m}/products/:productId`,
    auth: 'developer',
    response: MarketplaceProductSchema,
    summary: 'A product; one not approved yet is seen only by its developer and the operators',
  }),
  getProductVersions: defineRoute({
    name: 'marketplace.getProductVersions',
    method: 'GET',
    path: `${m}/products/:productId/versions`,
    auth: 'developer',
    query: Type.Object({}, { additionalProperties: true }),
    response: Type.Array(ProductVersionSchema),
    summary: 'Versions of a product, newest first (others see only approved ones)',
  }),
  getProductResources: defineRoute({
    name: 'marketplace.getProductResources',
    method: 'GET',
    path: `${m}/products/:productId/resources`,
    auth: 'developer',
    query: Type.Object({
      versionId: Type.Optional(Type.String({ maxLength: 100 })),
      filePath: Type.String({ minLength: 1, maxLength: 600 }),
    }),
    response: Type.String(),
    summary: "One file of a version's bundle, as text",
  }),
  getProductResourcesDetails: defineRoute({
    name: 'marketplace.getProductResourcesDetails',
    method: 'GET',
    path: `${m}/products/:productId/resources/details`,
    auth: 'developer',
    query: Type.Object({ versionId: Type.Optional(Type.String({ maxLength: 100 })) }),
    response: Type.Array(Type.Object({ path: Type.String(), size: Type.Integer() })),
    summary: "The files of a version's bundle",
  }),
  getProductConfigurations: defineRoute({
    name: 'marketplace.getProductConfigurations',
    method: 'GET',
    path: `${m}/products/:productId/configurations`,
    auth: 'developer',
    query: Type.Object({ version: Type.Optional(Type.String({ maxLength: 40 })) }),
    response: Type.Array(ProductConfigItemSchema),
    summary: 'The configuration items an install of a version asks for',
  }),
  getProductPrivateDevs: defineRoute({
    name: 'marketplace.getProductPrivateDevs',
    method: 'GET',
    path: `${m}/products/:productId/private-devs`,
    auth: 'developer',
    response: Type.Array(Type.String()),
    summary: 'E-mails of the developers a private product is offered to (empty: everyone)',
  }),
  updateProductPrivateDevs: defineRoute({
    name: 'marketplace.updateProductPrivateDevs',
    method: 'PUT',
    path: `${m}/products/:productId/private-devs`,
    auth: 'developer',
    body: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 500 }),
    response: Type.Array(Type.String()),
    summary: 'Offers the product only to these developers (by e-mail); an empty list offers it to everyone',
  }),
  publishProduct: defineRoute({
    name: 'marketplace.publishProduct',
    method: 'POST',
    path: `${m}/products`,
    auth: 'developer',
    body: PublishProductBody,
    response: MarketplaceProductSchema,
    summary:
      'Submits a product or a new version for approval; the bundle is checked (paths, sizes, code outside the sandbox)',
  }),
  approveProduct: defineRoute({
    name: 'marketplace.approveProduct',
    method: 'PUT',
    path: `${m}/products/:productId/approve`,
    auth: 'developer',
    response: MarketplaceProductSchema,
    summary: 'Operator: approves the pending version, which makes it visible to everyone',
  }),
  rejectProduct: defineRoute({
    name: 'marketplace.rejectProduct',
    method: 'PUT',
    path: `${m}/products/:productId/reject`,
    auth: 'developer',
    body: Type.Union([
      Type.String({ minLength: 1, maxLength: 2000 }),
      Type.Object({ reason: Type.String({ minLength: 1, maxLength: 2000 }) }),
    ]),
    response: MarketplaceProductSchema,
    summary: 'Operator: rejects the pending version with a reason (the body is the bare reason)',
  }),
  removeProduct: defineRoute({
    name: 'marketplace.removeProduct',
    method: 'DELETE',
    path: `${m}/products/:productId`,
    auth: 'developer',
    body: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 2000 }),
        Type.Object({ reason: Type.Optional(Type.String({ maxLength: 2000 })) }),
      ]),
    ),
    response: SuccessSchema,
    summary: 'Takes a product off the catalogue (its developer or an operator); installs stay',
  }),
  getSubmissions: defineRoute({
    name: 'marketplace.getSubmissions',
    method: 'GET',
    path: `${m}/submissions`,
    auth: 'developer',
    query: Type.Object({ all: Type.Optional(Type.Boolean()) }),
    response: Type.Array(
      Type.Object({ product: MarketplaceProductSchema, version: ProductVersionSchema, developerEmail: Type.String() }),
    ),
    summary: "The caller's submissions; for an operator (`all`), every pending submission to decide",
  }),
  getAppPurchases: defineRoute({
    name: 'marketplace.getAppPurchases',
    method: 'GET',
    path: `${appM}/app-purchases`,
    auth: 'developer',
    response: Type.Array(MarketplacePurchaseSchema),
    summary: 'Products allocated to the app',
  }),
  allocateAppProduct: defineRoute({
    name: 'marketplace.allocateAppProduct',
    method: 'POST',
    path: `${appM}/app-purchases/:productId`,
    auth: 'developer',
    devPermission: Purchase,
    body: Type.Optional(AnyBody),
    response: MarketplacePurchaseSchema,
    summary: 'Buys (free products) and allocates a product to the app; paid ones need a payment provider',
  }),
  isAppProductPurchased: defineRoute({
    name: 'marketplace.isAppProductPurchased',
    method: 'GET',
    path: `${appM}/app-purchases/:productId/exists`,
    auth: 'developer',
    response: Type.Boolean(),
    summary: 'Whether the product is allocated to the app',
  }),
  getAppInstalls: defineRoute({
    name: 'marketplace.getAppInstalls',
    method: 'GET',
    path: `${api}/installs`,
    auth: 'developer',
    response: Type.Array(MarketplaceInstallSchema),
    summary: 'Products installed in the app, with their version, target and configuration (secrets masked)',
  }),
  installProduct: defineRoute({
    name: 'marketplace.installProduct',
    method: 'POST',
    path: `${api}/installs/:productId`,
    auth: 'developer',
    devPermission: Purchase,
    body: InstallProductBody,
    response: MarketplaceInstallSchema,
    summary:
      'Basalt: installs (or upgrades to) an approved version allocated to the app, with its configuration and dependencies',
  }),
  uninstallProduct: defineRoute({
    name: 'marketplace.uninstallProduct',
    method: 'DELETE',
    path: `${api}/installs/:productId`,
    auth: 'developer',
    devPermission: Purchase,
    response: SuccessSchema,
    summary: 'Basalt: removes an install and what it put into the app',
  }),
  getUpgradeDiff: defineRoute({
    name: 'marketplace.getUpgradeDiff',
    method: 'GET',
    path: `${api}/installs/:productId/diff`,
    auth: 'developer',
    query: Type.Object({ version: Type.Optional(Type.String({ maxLength: 40 })) }),
    response: UpgradeDiffSchema,
    summary: 'Basalt: what an upgrade to a version changes (files and configuration items)',
  }),
  getInstallsDetails: defineRoute({
    name: 'marketplace.getInstallsDetails',
    method: 'GET',
    path: `${m}/installs/details`,
    auth: 'developer',
    query: Type.Object({
      productIds: Type.Optional(
        Type.Union([Type.String({ maxLength: 5000 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })]),
      ),
    }),
    response: Type.Array(Type.Object({ productId: Type.String(), installs: Type.Integer() })),
    summary: 'How many apps installed each product',
  }),
  installProductDependencies: defineRoute({
    name: 'marketplace.installProductDependencies',
    method: 'POST',
    path: `${api}/product-dependencies/install`,
    auth: 'developer',
    devPermission: Purchase,
    body: Type.Object({ productId: Id, version: Type.Optional(Type.String({ maxLength: 40 })) }),
    response: Type.Array(MarketplaceInstallSchema),
    summary: 'Installs the missing dependencies of a product version',
  }),
  getAccountPurchases: defineRoute({
    name: 'marketplace.getAccountPurchases',
    method: 'GET',
    path: `${m}/account-purchases`,
    auth: 'developer',
    response: Type.Array(MarketplacePurchaseSchema),
    summary: "The caller's purchases (for every app and for the account)",
  }),
  allocateAccountProduct: defineRoute({
    name: 'marketplace.allocateAccountProduct',
    method: 'POST',
    path: `${m}/account-purchases/:productId`,
    auth: 'developer',
    body: Type.Optional(AnyBody),
    response: MarketplacePurchaseSchema,
    summary: 'Buys a product for the account (free products; paid ones need a payment provider)',
  }),
  updateAccountPurchasesPaymentProfile: defineRoute({
    name: 'marketplace.updateAccountPurchasesPaymentProfile',
    method: 'PUT',
    path: `${m}/account-purchases/update-payment-profile`,
    auth: 'developer',
    body: Type.Object({ paymentProfileId: Type.String({ maxLength: 100 }) }),
    response: SuccessSchema,
    summary: 'Payment profile for paid purchases (needs a payment provider)',
  }),
  reactivateAccountPurchase: defineRoute({
    name: 'marketplace.reactivateAccountPurchase',
    method: 'POST',
    path: `${m}/account-purchases/:productId/renew`,
    auth: 'developer',
    response: MarketplacePurchaseSchema,
    summary: 'Renews an account purchase (free products renew at once)',
  }),
  getDeveloperPayoutHistory: defineRoute({
    name: 'marketplace.getDeveloperPayoutHistory',
    method: 'GET',
    path: `${m}/developer-sales/payouts`,
    auth: 'developer',
    response: Type.Array(LedgerEntrySchema),
    summary: "The developer's sales ledger (each purchase of their products, payouts follow the payment provider)",
  }),
  getDeveloperProductSales: defineRoute({
    name: 'marketplace.getDeveloperProductSales',
    method: 'GET',
    path: `${m}/developer-sales/product-sales`,
    auth: 'developer',
    response: Type.Array(SaleSchema),
    summary: "Sales per product of the caller's products",
  }),
  getDeveloperGeneralSales: defineRoute({
    name: 'marketplace.getDeveloperGeneralSales',
    method: 'GET',
    path: `${m}/developer-sales/general-sales`,
    auth: 'developer',
    query: Type.Object({}, { additionalProperties: true }),
    response: Type.Object({
      sales: Type.Integer(),
      amount: Type.Integer(),
      currency: Type.String(),
      products: Type.Integer(),
    }),
    summary: "Totals of the caller's sales",
  }),
};
