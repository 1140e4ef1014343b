import {
  APPLIED_PRODUCT_KINDS,
  PRODUCT_KINDS,
  type MarketplaceInstall,
  type MarketplaceProduct,
  type MarketplacePurchase,
  type ProductConfigItem,
  type ProductKind,
  type ProductVersion,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthedDeveloper } from '../../http/auth.js';
import { assertInstanceOperator, assertOperation, isInstanceOperator, loadAppAccess } from '../../http/dev-access.js';
import { SecretBox } from '../../http/secret-box.js';
import { newId } from '../../http/secrets.js';
import { isDbFailure } from '../../db/db-errors.js';
import { DeployService } from '../cloudcode/deploy/deploy.service.js';
import { ModelsService } from '../cloudcode/models/models.service.js';
import { UiBuilderRepo } from '../ui-builder/ui-builder.repo.js';
import { checkBundle, filesOfZip, type BundleFile } from './bundle.js';
import {
  MarketplaceRepo,
  type InstallRow,
  type ProductRow,
  type PurchaseRow,
  type VersionRow,
} from './marketplace.repo.js';

const MASK = '********';
const CATEGORY_NAMES: Record<ProductKind, string> = {
  'ui-component': 'UI components',
  'cloud-code-service': 'Cloud code services',
  flow: 'Flows',
  'functions-pack': 'Functions packs',
  'page-template': 'Page templates',
  theme: 'Themes',
  'email-template': 'Email templates',
  'dashlet-component': 'Dashlet components',
};

interface Manifest {
  configuration: ProductConfigItem[];
  dependencies: Array<{ productId: string; version?: string }>;
}

export interface PublishInput {
  productId?: string;
  appId?: string;
  name: string;
  description?: string;
  kind: string;
  categoryId?: string;
  price?: number;
  currency?: string;
  version: string;
  notes?: string;
  configuration?: ProductConfigItem[];
  dependencies?: Array<{ productId: string; version?: string }>;
  files?: BundleFile[];
  zip?: string;
}

export interface InstallInput {
  version?: string;
  configuration?: Record<string, unknown>;
  containerName?: string;
  withDependencies?: boolean;
}

/** The model a cloud-code service product is deployed into: its own, so uninstall removes only it. */
export const modelOf = (productId: string) => `marketplace-${productId.toLowerCase().slice(0, 40)}`;

const semver = (v: string) => v.split('.').map(Number);
const newer = (a: string, b: string) => {
  const [x, y] = [semver(a), semver(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
};

/**
 * The marketplace (decision 0088): products are versioned bundles checked on publish, seen by
 * others only once an operator approves them; purchases allocate a product to an app (free ones;
 * paid ones need a payment provider, which this server does not have); installs apply UI
 * components and cloud-code services to the app and store the other kinds.
 */
export class MarketplaceService {
  readonly repo: MarketplaceRepo;
  private readonly box: SecretBox;
  private readonly deploys: DeployService;
  private readonly models: ModelsService;
  private readonly ui: UiBuilderRepo;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new MarketplaceRepo(ctx.dbs);
    this.box = new SecretBox(ctx.config.dataDir);
    this.deploys = new DeployService(ctx);
    this.models = new ModelsService(ctx);
    this.ui = new UiBuilderRepo(ctx.dbs);
  }

  isOperator(developer: { id: string; email: string }): Promise<boolean> {
    return isInstanceOperator(this.ctx.dbs, this.ctx.config.admins, developer);
  }

  // Answers

  private async answers(rows: ProductRow[], viewerId: string): Promise<MarketplaceProduct[]> {
    const ids = rows.map((r) => r.id);
    const [ratings, installs] = await Promise.all([this.repo.ratings(ids), this.repo.installCounts(ids)]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      kind: r.kind,
      categoryId: r.category_id,
      price: Number(r.price),
      currency: r.currency,
      status: r.status as MarketplaceProduct['status'],
      reason: r.reason,
      developerId: r.developer_id,
      version: r.version,
      applied: APPLIED_PRODUCT_KINDS.includes(r.kind as ProductKind),
      rating: ratings.has(r.id) ? Math.round(ratings.get(r.id)!.avg * 10) / 10 : null,
      reviews: ratings.get(r.id)?.n ?? 0,
      installs: installs.get(r.id) ?? 0,
      mine: r.developer_id === viewerId,
      created: Number(r.created),
      updated: Number(r.updated),
    }));
  }

  private versionAnswer(v: VersionRow): ProductVersion {
    const manifest = JSON.parse(v.manifest) as Manifest;
    const files = JSON.parse(v.files) as BundleFile[];
    return {
      id: v.id,
      productId: v.product_id,
      version: v.version,
      notes: v.notes,
      status: v.status as ProductVersion['status'],
      reason: v.reason,
      configuration: manifest.configuration,
      dependencies: manifest.dependencies,
      files: files.map((f) => ({ path: f.path, size: Buffer.byteLength(f.content) })),
      created: Number(v.created),
    };
  }

  // Visibility

  private offeredTo(row: ProductRow, developer: AuthedDeveloper): boolean {
    const privateDevs = JSON.parse(row.private_devs) as string[];
    return !privateDevs.length || privateDevs.includes(developer.email.toLowerCase());
  }

  /** Whether the developer may see the product at all: approved (and offered to them), or theirs, or an operator. */
  async canSee(row: ProductRow, developer: AuthedDeveloper): Promise<boolean> {
    if (row.developer_id === developer.id) return true;
    if (row.status === 'approved' && this.offeredTo(row, developer)) return true;
    return this.isOperator(developer);
  }

  /** The product as the developer may see it; 404 naming it otherwise (its existence does not leak). */
  async visible(developer: AuthedDeveloper, productId: string): Promise<ProductRow> {
    const row = await this.repo.product(productId);
    if (!row || !(await this.canSee(row, developer))) throw ApiError.notFound(`Product '${productId}' not found`);
    return row;
  }

  private async own(developer: AuthedDeveloper, productId: string): Promise<ProductRow> {
    const row = await this.visible(developer, productId);
    if (row.developer_id !== developer.id) throw ApiError.forbidden('Only the developer of this product may change it');
    return row;
  }

  // Catalogue

  async products(
    developer: AuthedDeveloper,
    q: { search?: string; categoryId?: string; kind?: string; sort?: string; offset?: number; pageSize?: number },
  ): Promise<MarketplaceProduct[]> {
    const kind = q.kind ?? q.categoryId;
    if (kind !== undefined && !PRODUCT_KINDS.includes(kind as ProductKind))
      throw ApiError.notFound(`Category '${kind}' not found (known: ${PRODUCT_KINDS.join(', ')})`);
    const rows = (await this.repo.approved({ search: q.search?.trim() || undefined, kind })).filter((r) =>
      this.offeredTo(r, developer),
    );
    let out = await this.answers(rows, developer.id);
    if (q.sort === 'rating') out = out.sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    if (q.sort === 'installs') out = out.sort((a, b) => b.installs - a.installs);
    if (q.sort === 'name') out = out.sort((a, b) => a.name.localeCompare(b.name));
    const offset = q.offset ?? 0;
    return out.slice(offset, offset + (q.pageSize ?? 100));
  }

  async sections(developer: AuthedDeveloper) {
    const all = await this.products(developer, {});
    const top = [...all].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    const of = (kinds: string[]) => all.filter((p) => kinds.includes(p.kind));
    return [
      { id: 'newest', name: 'Newest', products: all.slice(0, 12) },
      { id: 'top-rated', name: 'Top rated', products: top.filter((p) => p.rating !== null).slice(0, 12) },
      { id: 'free', name: 'Free', products: all.filter((p) => p.price === 0).slice(0, 12) },
      { id: 'ui', name: 'For the UI', products: of(['ui-component', 'page-template', 'theme', 'dashlet-component']) },
      {
        id: 'backend',
        name: 'For the backend',
        products: of(['cloud-code-service', 'flow', 'functions-pack', 'email-template']),
      },
    ];
  }

  async categories() {
    const counts = await this.repo.countByKind();
    return PRODUCT_KINDS.map((k) => ({
      id: k,
      name: CATEGORY_NAMES[k],
      applied: APPLIED_PRODUCT_KINDS.includes(k),
      products: counts.get(k) ?? 0,
    }));
  }

  async product(developer: AuthedDeveloper, productId: string): Promise<MarketplaceProduct> {
    return (await this.answers([await this.visible(developer, productId)], developer.id))[0];
  }

  /** Versions: the developer and operators see every one, others only the approved ones. */
  async versions(developer: AuthedDeveloper, productId: string): Promise<ProductVersion[]> {
    const row = await this.visible(developer, productId);
    const all = row.developer_id === developer.id || (await this.isOperator(developer));
    return (await this.repo.versions(productId))
      .filter((v) => all || v.status === 'approved')
      .map((v) => this.versionAnswer(v));
  }

  /** A version by id or number, or the newest approved one (the newest of all for its developer and operators). */
  private async version(developer: AuthedDeveloper, productId: string, ref?: string): Promise<VersionRow> {
    const row = await this.visible(developer, productId);
    const all = row.developer_id === developer.id || (await this.isOperator(developer));
    const versions = (await this.repo.versions(productId)).filter((v) => all || v.status === 'approved');
    const found = ref
      ? versions.find((v) => v.id === ref || v.version === ref)
      : (versions.find((v) => v.status === 'approved') ?? versions[0]);
    if (!found)
      throw ApiError.notFound(
        ref ? `Version '${ref}' of product '${productId}' not found` : `Product '${productId}' has no version`,
      );
    return found;
  }

  async resourceDetails(developer: AuthedDeveloper, productId: string, versionId?: string) {
    return this.versionAnswer(await this.version(developer, productId, versionId)).files;
  }

  async resource(developer: AuthedDeveloper, productId: string, versionId: string | undefined, filePath: string) {
    const v = await this.version(developer, productId, versionId);
    const wanted = decodeURIComponent(filePath);
    const file = (JSON.parse(v.files) as BundleFile[]).find((f) => f.path === wanted);
    if (!file) throw ApiError.notFound(`File '${wanted}' not found in version '${v.version}'`);
    return file.content;
  }

  async configurations(developer: AuthedDeveloper, productId: string, version?: string) {
    return this.versionAnswer(await this.version(developer, productId, version)).configuration;
  }

  async privateDevs(developer: AuthedDeveloper, productId: string): Promise<string[]> {
    return JSON.parse((await this.own(developer, productId)).private_devs) as string[];
  }

  async setPrivateDevs(developer: AuthedDeveloper, productId: string, emails: string[]): Promise<string[]> {
    await this.own(developer, productId);
    const list = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
    await this.repo.updateProduct(productId, { private_devs: JSON.stringify(list), updated: Date.now() });
    return list;
  }

  // Publishing and approval

  async publish(developer: AuthedDeveloper, input: PublishInput): Promise<MarketplaceProduct> {
    if (!PRODUCT_KINDS.includes(input.kind as ProductKind))
      throw ApiError.field(
        'VALIDATION',
        'kind',
        `Unknown product kind '${input.kind}' (known: ${PRODUCT_KINDS.join(', ')})`,
      );
    if (input.appId) assertOperation(await loadAppAccess(this.ctx.dbs, developer.id, input.appId), 94);
    if ((input.files ? 1 : 0) + (input.zip ? 1 : 0) !== 1)
      throw ApiError.field('VALIDATION', 'files', 'Send the bundle as `files` or as a base64 `zip`, one of the two');
    const files = checkBundle(input.kind, input.files ?? filesOfZip(input.zip!));
    const configuration = (input.configuration ?? []).map(typedDefault);
    const names = new Set<string>();
    for (const item of configuration) {
      if (names.has(item.name))
        throw ApiError.field('VALIDATION', 'configuration', `Configuration item '${item.name}' is declared twice`);
      names.add(item.name);
    }
    const dependencies = input.dependencies ?? [];
    for (const d of dependencies) {
      if (d.productId === input.productId)
        throw ApiError.field('VALIDATION', 'dependencies', 'A product cannot depend on itself');
      const dep = await this.repo.product(d.productId);
      if (!dep || !(await this.canSee(dep, developer)))
        throw ApiError.notFound(`Dependency product '${d.productId}' not found`);
    }
    const now = Date.now();
    let product: ProductRow;
    if (input.productId) {
      product = await this.own(developer, input.productId);
      if (product.status === 'removed')
        throw ApiError.conflict(`Product '${product.id}' was removed from the marketplace`);
      if (product.kind !== input.kind)
        throw ApiError.field('VALIDATION', 'kind', `Product '${product.id}' is a ${product.kind}`);
      await this.repo.updateProduct(product.id, {
        name: input.name,
        description: input.description ?? product.description,
        price: input.price ?? Number(product.price),
        updated: now,
      });
    } else {
      const currency = (input.currency ?? 'USD').toUpperCase();
      product = {
        id: newId(),
        developer_id: developer.id,
        name: input.name,
        description: input.description ?? '',
        kind: input.kind,
        category_id:
          input.categoryId && PRODUCT_KINDS.includes(input.categoryId as ProductKind) ? input.categoryId : input.kind,
        price: input.price ?? 0,
        currency,
        status: 'pending',
        reason: null,
        version: null,
        private_devs: '[]',
        created: now,
        updated: now,
      };
      await this.repo.insertProduct(product);
    }
    try {
      await this.repo.insertVersion({
        id: newId(),
        product_id: product.id,
        version: input.version,
        notes: input.notes ?? '',
        status: 'pending',
        reason: null,
        manifest: JSON.stringify({ configuration, dependencies } satisfies Manifest),
        files: JSON.stringify(files),
        created: now,
        decided_by: null,
      });
    } catch (err) {
      if (isDbFailure(err, 'unique'))
        throw ApiError.field('CONFLICT', 'version', `Version '${input.version}' of this product already exists`);
      throw err;
    }
    return this.product(developer, product.id);
  }

  private async pending(productId: string): Promise<VersionRow> {
    const v = (await this.repo.versions(productId)).find((x) => x.status === 'pending');
    if (!v) throw ApiError.conflict(`Product '${productId}' has no submission waiting for a decision`);
    return v;
  }

  async approve(developer: AuthedDeveloper, productId: string): Promise<MarketplaceProduct> {
    await assertInstanceOperator(this.ctx.dbs, this.ctx.config.admins, developer);
    const product = await this.visible(developer, productId);
    const v = await this.pending(productId);
    await this.repo.updateVersion(v.id, { status: 'approved', reason: null, decided_by: developer.id });
    const latest = !product.version || newer(v.version, product.version) ? v.version : product.version;
    await this.repo.updateProduct(productId, {
      status: 'approved',
      reason: null,
      version: latest,
      updated: Date.now(),
    });
    return this.product(developer, productId);
  }

  async reject(developer: AuthedDeveloper, productId: string, reason: string): Promise<MarketplaceProduct> {
    await assertInstanceOperator(this.ctx.dbs, this.ctx.config.admins, developer);
    const product = await this.visible(developer, productId);
    if (!reason.trim()) throw ApiError.field('VALIDATION', 'reason', 'A rejection needs a reason');
    const v = await this.pending(productId);
    await this.repo.updateVersion(v.id, { status: 'rejected', reason, decided_by: developer.id });
    // A product with an approved version stays listed with it; a first submission rejected is rejected.
    await this.repo.updateProduct(productId, {
      status: product.version ? product.status : 'rejected',
      reason,
      updated: Date.now(),
    });
    return this.product(developer, productId);
  }

  async remove(developer: AuthedDeveloper, productId: string, reason: string | undefined): Promise<void> {
    const product = await this.visible(developer, productId);
    if (product.developer_id !== developer.id && !(await this.isOperator(developer)))
      throw ApiError.forbidden('Only the developer of this product or an operator may remove it');
    await this.repo.updateProduct(productId, {
      status: 'removed',
      reason: reason?.trim() || null,
      updated: Date.now(),
    });
  }

  async submissions(developer: AuthedDeveloper, all: boolean) {
    let versions: VersionRow[];
    if (all) {
      await assertInstanceOperator(this.ctx.dbs, this.ctx.config.admins, developer);
      versions = await this.repo.pendingVersions();
    } else {
      const mine = await this.repo.byDeveloper(developer.id);
      versions = await this.repo.versionsOfProducts(mine.map((p) => p.id));
    }
    const products = new Map<string, ProductRow>();
    for (const v of versions)
      if (!products.has(v.product_id)) products.set(v.product_id, (await this.repo.product(v.product_id))!);
    const answers = new Map((await this.answers([...products.values()], developer.id)).map((p) => [p.id, p]));
    const emails = await this.repo.emailsOf([...products.values()].map((p) => p.developer_id));
    return versions.map((v) => ({
      product: answers.get(v.product_id)!,
      version: this.versionAnswer(v),
      developerEmail: emails.get(products.get(v.product_id)!.developer_id) ?? '',
    }));
  }

  // Purchases

  private async purchaseAnswers(rows: PurchaseRow[]): Promise<MarketplacePurchase[]> {
    const names = new Map<string, string>();
    for (const r of rows)
      if (!names.has(r.product_id)) names.set(r.product_id, (await this.repo.product(r.product_id))?.name ?? '');
    return rows.map((r) => ({
      id: r.id,
      productId: r.product_id,
      productName: names.get(r.product_id) ?? '',
      appId: r.app_id,
      developerId: r.developer_id,
      price: Number(r.price),
      currency: r.currency,
      created: Number(r.created),
    }));
  }

  /**
   * Buys a product into a slot (an app, or the account). Free products are recorded at once.
   * Paid ones need a payment provider to charge through; none is configured, so they are refused
   * with 402 and nothing is recorded.
   */
  private async buy(developer: AuthedDeveloper, productId: string, appId: string | null): Promise<MarketplacePurchase> {
    const product = await this.visible(developer, productId);
    if (product.status !== 'approved')
      throw ApiError.conflict(`Product '${productId}' is not approved: it cannot be bought yet`);
    const slot = appId ? `app:${appId}` : `account:${developer.id}`;
    const existing = await this.repo.purchase(productId, slot);
    if (existing) return (await this.purchaseAnswers([existing]))[0];
    if (Number(product.price) > 0)
      throw new ApiError(
        'PAYMENT_REQUIRED',
        `Product '${product.name}' costs ${(Number(product.price) / 100).toFixed(2)} ${product.currency}; this server has no payment provider for marketplace purchases, so only free products can be allocated`,
      );
    const row: PurchaseRow = {
      id: newId(),
      product_id: productId,
      developer_id: developer.id,
      app_id: appId,
      slot,
      price: 0,
      currency: product.currency,
      payment_ref: null,
      created: Date.now(),
    };
    try {
      await this.repo.insertPurchase(row);
    } catch (err) {
      if (!isDbFailure(err, 'unique')) throw err;
    }
    return (await this.purchaseAnswers([(await this.repo.purchase(productId, slot))!]))[0];
  }

  /** Paid purchases need a payment provider; none is configured for the marketplace. */
  paymentProfile(): never {
    throw new ApiError(
      'PAYMENT_REQUIRED',
      'This server has no payment provider for marketplace purchases: only free products can be allocated',
    );
  }

  allocateToApp(developer: AuthedDeveloper, appId: string, productId: string) {
    return this.buy(developer, productId, appId);
  }
  allocateToAccount(developer: AuthedDeveloper, productId: string) {
    return this.buy(developer, productId, null);
  }
  async appPurchases(appId: string) {
    return this.purchaseAnswers(await this.repo.appPurchases(appId));
  }
  async accountPurchases(developer: AuthedDeveloper) {
    return this.purchaseAnswers(await this.repo.buyerPurchases(developer.id));
  }
  async isPurchased(appId: string, productId: string): Promise<boolean> {
    return !!(await this.repo.purchase(productId, `app:${appId}`));
  }
  /** Whether the developer bought the product (a review's verified-purchase flag). */
  boughtBy(developerId: string, productId: string): Promise<boolean> {
    return this.repo.boughtBy(developerId, productId);
  }

  // Installs

  private installAnswer(
    row: InstallRow,
    product: ProductRow | undefined,
    items: ProductConfigItem[],
  ): MarketplaceInstall {
    const stored = JSON.parse(row.config) as Record<string, unknown>;
    const configuration: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(stored))
      configuration[k] = items.find((i) => i.name === k)?.type === 'secret' ? MASK : v;
    return {
      productId: row.product_id,
      productName: product?.name ?? '',
      kind: product?.kind ?? '',
      version: row.version,
      target: row.target,
      configuration,
      installedBy: row.installed_by,
      created: Number(row.created),
      updated: Number(row.updated),
    };
  }

  private async installAnswerOf(row: InstallRow): Promise<MarketplaceInstall> {
    const product = await this.repo.product(row.product_id);
    const version = (await this.repo.versions(row.product_id)).find((v) => v.id === row.version_id);
    const items = version ? (JSON.parse(version.manifest) as Manifest).configuration : [];
    return this.installAnswer(row, product, items);
  }

  async installs(appId: string): Promise<MarketplaceInstall[]> {
    return Promise.all((await this.repo.installs(appId)).map((r) => this.installAnswerOf(r)));
  }

  async installCounts(productIds: string[]) {
    const counts = await this.repo.installCounts(productIds);
    return productIds.map((id) => ({ productId: id, installs: counts.get(id) ?? 0 }));
  }

  /** Checks the configuration against the version's items; secrets are sealed, the mask keeps a stored secret. */
  private configure(items: ProductConfigItem[], stored: Record<string, unknown>, incoming: Record<string, unknown>) {
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(incoming))
      if (!items.some((i) => i.name === name))
        throw ApiError.field('VALIDATION', name, `The product has no configuration item '${name}'`);
    for (const item of items) {
      let v = item.name in incoming ? incoming[item.name] : stored[item.name];
      if (item.type === 'secret' && v === MASK) v = stored[item.name];
      else if (item.name in incoming && v !== undefined && v !== null && v !== '') {
        const bad = (what: string) => ApiError.field('VALIDATION', item.name, `'${item.name}' must be ${what}`);
        if (item.type === 'number' && typeof v !== 'number') throw bad('a number');
        if (item.type === 'boolean' && typeof v !== 'boolean') throw bad('true or false');
        if ((item.type === 'text' || item.type === 'secret') && typeof v !== 'string') throw bad('text');
        if (item.type === 'secret') v = this.box.seal(v as string);
      }
      if (v === undefined || v === null || v === '') v = item.defaultValue;
      if (v === undefined || v === null || v === '') {
        if (item.required)
          throw ApiError.field('VALIDATION', item.name, `The configuration item '${item.name}' is required`);
        continue;
      }
      out[item.name] = v;
    }
    return out;
  }

  /** The configuration as installed code reads it: secrets opened. */
  openConfiguration(items: ProductConfigItem[], stored: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(stored))
      out[k] = items.find((i) => i.name === k)?.type === 'secret' && typeof v === 'string' ? this.box.open(v) : v;
    return out;
  }

  /**
   * Installs (or upgrades to) a version allocated to the app. Dependencies must be installed first,
   * or are installed here with `withDependencies` (free ones are allocated on the way). A UI
   * component lands in the named container; a cloud-code service is deployed into its own model
   * and runs in the sandbox; the other kinds are stored with the install and not applied.
   */
  async install(
    developer: AuthedDeveloper,
    appId: string,
    productId: string,
    input: InstallInput,
    seen = new Set<string>(),
  ): Promise<MarketplaceInstall> {
    if (seen.has(productId))
      throw ApiError.conflict(`Product '${productId}' depends on itself through its dependencies`);
    seen.add(productId);
    const product = await this.visible(developer, productId);
    if (product.status !== 'approved') throw ApiError.conflict(`Product '${productId}' is not approved`);
    if (!(await this.isPurchased(appId, productId)))
      throw ApiError.conflict(`Product '${product.name}' is not allocated to this app: allocate it first`);
    const versions = (await this.repo.versions(productId)).filter((v) => v.status === 'approved');
    const v = input.version
      ? versions.find((x) => x.version === input.version || x.id === input.version)
      : versions.find((x) => x.version === product.version);
    if (!v) throw ApiError.notFound(`Version '${input.version ?? ''}' of product '${productId}' not found`);
    const manifest = JSON.parse(v.manifest) as Manifest;

    const missing: string[] = [];
    for (const d of manifest.dependencies)
      if (!(await this.repo.install(appId, d.productId))) missing.push(d.productId);
    if (missing.length && !input.withDependencies)
      throw ApiError.conflict(`Install the dependencies first: ${missing.join(', ')} (or install with dependencies)`, {
        missing,
      });
    for (const dep of missing) {
      await this.allocateToApp(developer, appId, dep);
      await this.install(developer, appId, dep, { withDependencies: true }, seen);
    }

    const existing = await this.repo.install(appId, productId);
    const config = this.configure(
      manifest.configuration,
      existing ? (JSON.parse(existing.config) as Record<string, unknown>) : {},
      input.configuration ?? {},
    );
    const files = JSON.parse(v.files) as BundleFile[];
    let target = 'stored';
    if (product.kind === 'cloud-code-service') target = await this.deployService(developer, appId, product, files);
    if (product.kind === 'ui-component') {
      const container = input.containerName ?? existing?.target.replace(/^ui-builder:/, '');
      if (!container || container === 'stored')
        throw ApiError.field(
          'VALIDATION',
          'containerName',
          'A UI component is installed into a UI Builder container: name it',
        );
      const row = await this.ui.container(appId, container);
      if (!row || row.removed_at !== null) throw ApiError.notFound(`UI container '${container}' not found`);
      await this.repo.saveUiComponent({
        app_id: appId,
        container,
        product_id: productId,
        name: product.name,
        version: v.version,
        files: JSON.stringify(files),
        updated: Date.now(),
      });
      target = `ui-builder:${container}`;
    }
    const now = Date.now();
    const row: InstallRow = {
      app_id: appId,
      product_id: productId,
      version_id: v.id,
      version: v.version,
      target,
      config: JSON.stringify(config),
      installed_by: developer.id,
      created: existing ? Number(existing.created) : now,
      updated: now,
    };
    await this.repo.saveInstall(row);
    return this.installAnswer(row, product, manifest.configuration);
  }

  /**
   * Deploys the product's JS files into the app's model `marketplace-<id>` through the cloud-code
   * deploy (bundle, analysis in the sandbox, switch): the product's code runs only in the sandbox,
   * like the app's own. Its configuration stays sealed with the install; it is not made into code.
   */
  private async deployService(
    developer: AuthedDeveloper,
    appId: string,
    product: ProductRow,
    files: BundleFile[],
  ): Promise<string> {
    const model = modelOf(product.id);
    const names = await this.models.names(appId, 'JS');
    if (!names.includes(model)) await this.models.create(appId, 'JS', model);
    const code = files.filter((f) => /\.(m?js|cjs|json)$/.test(f.path));
    await this.deploys.deployGenerated(appId, 'JS', model, code, developer.id);
    return `cloud-code:${model}`;
  }

  async uninstall(appId: string, productId: string): Promise<void> {
    const row = await this.repo.install(appId, productId);
    if (!row) throw ApiError.notFound(`Product '${productId}' is not installed in this app`);
    if (row.target.startsWith('cloud-code:')) {
      const model = row.target.slice('cloud-code:'.length);
      // An empty deploy takes the services out of the model: nothing of the product runs any more.
      await this.deploys.deployGenerated(
        appId,
        'JS',
        model,
        [{ path: 'removed.js', content: '// uninstalled\n' }],
        null,
      );
    }
    await this.repo.deleteInstall(appId, productId);
  }

  async diff(developer: AuthedDeveloper, appId: string, productId: string, version?: string) {
    await this.visible(developer, productId);
    const approved = (await this.repo.versions(productId)).filter((v) => v.status === 'approved');
    const to = version ? approved.find((v) => v.version === version || v.id === version) : approved[0];
    if (!to) throw ApiError.notFound(`Version '${version ?? ''}' of product '${productId}' not found`);
    const installed = await this.repo.install(appId, productId);
    const from = installed
      ? (await this.repo.versions(productId)).find((v) => v.id === installed.version_id)
      : undefined;
    const a = new Map((from ? (JSON.parse(from.files) as BundleFile[]) : []).map((f) => [f.path, f.content]));
    const b = new Map((JSON.parse(to.files) as BundleFile[]).map((f) => [f.path, f.content]));
    const ca = new Set(from ? (JSON.parse(from.manifest) as Manifest).configuration.map((c) => c.name) : []);
    const cb = new Set((JSON.parse(to.manifest) as Manifest).configuration.map((c) => c.name));
    return {
      productId,
      from: installed?.version ?? null,
      to: to.version,
      added: [...b.keys()].filter((k) => !a.has(k)),
      removed: [...a.keys()].filter((k) => !b.has(k)),
      changed: [...b.keys()].filter((k) => a.has(k) && a.get(k) !== b.get(k)),
      configurationAdded: [...cb].filter((k) => !ca.has(k)),
      configurationRemoved: [...ca].filter((k) => !cb.has(k)),
    };
  }

  async installDependencies(developer: AuthedDeveloper, appId: string, productId: string, version?: string) {
    const v = await this.version(developer, productId, version);
    const out: MarketplaceInstall[] = [];
    for (const d of (JSON.parse(v.manifest) as Manifest).dependencies) {
      if (await this.repo.install(appId, d.productId)) continue;
      await this.allocateToApp(developer, appId, d.productId);
      out.push(await this.install(developer, appId, d.productId, { version: d.version, withDependencies: true }));
    }
    return out;
  }

  // Sales

  async ledger(developer: AuthedDeveloper) {
    return (await this.repo.salesOf(developer.id)).map((r) => ({
      id: r.id,
      productId: r.product_id,
      productName: r.name,
      buyerId: r.developer_id,
      appId: r.app_id,
      amount: Number(r.price),
      currency: r.currency,
      created: Number(r.created),
    }));
  }

  async productSales(developer: AuthedDeveloper) {
    const by = new Map<
      string,
      { productId: string; productName: string; sales: number; amount: number; currency: string }
    >();
    for (const r of await this.ledger(developer)) {
      const s = by.get(r.productId) ?? {
        productId: r.productId,
        productName: r.productName,
        sales: 0,
        amount: 0,
        currency: r.currency,
      };
      s.sales += 1;
      s.amount += r.amount;
      by.set(r.productId, s);
    }
    return [...by.values()];
  }

  async generalSales(developer: AuthedDeveloper) {
    const sales = await this.productSales(developer);
    return {
      sales: sales.reduce((n, s) => n + s.sales, 0),
      amount: sales.reduce((n, s) => n + s.amount, 0),
      currency: sales[0]?.currency ?? 'USD',
      products: (await this.repo.byDeveloper(developer.id)).length,
    };
  }
}

/**
 * A default value in the type of its item. The body's schema lets a default be text, a number or
 * true/false, and request coercion turns a number into text before the service sees it; an install
 * then checks the default against the item's type, so it is typed once here, at publish.
 */
function typedDefault(item: ProductConfigItem): ProductConfigItem {
  const v = item.defaultValue;
  if (v === undefined) return item;
  const bad = (what: string) =>
    ApiError.field('VALIDATION', 'configuration', `The default of configuration item '${item.name}' must be ${what}`);
  if (item.type === 'number') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw bad('a number');
    return { ...item, defaultValue: n };
  }
  if (item.type === 'boolean') {
    if (typeof v === 'boolean') return item;
    if (v === 'true' || v === 'false') return { ...item, defaultValue: v === 'true' };
    throw bad('true or false');
  }
  return { ...item, defaultValue: String(v) };
}
