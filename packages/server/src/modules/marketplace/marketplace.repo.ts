import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';

export interface ProductRow {
  id: string;
  developer_id: string;
  name: string;
  description: string;
  kind: string;
  category_id: string;
  price: number;
  currency: string;
  status: string;
  reason: string | null;
  version: string | null;
  private_devs: string;
  created: number;
  updated: number;
}
export interface VersionRow {
  id: string;
  product_id: string;
  version: string;
  notes: string;
  status: string;
  reason: string | null;
  manifest: string;
  files: string;
  created: number;
  decided_by: string | null;
}
export interface PurchaseRow {
  id: string;
  product_id: string;
  developer_id: string;
  app_id: string | null;
  slot: string;
  price: number;
  currency: string;
  payment_ref: string | null;
  created: number;
}
export interface InstallRow {
  app_id: string;
  product_id: string;
  version_id: string;
  version: string;
  target: string;
  config: string;
  installed_by: string | null;
  created: number;
  updated: number;
}
export interface UiComponentRow {
  app_id: string;
  container: string;
  product_id: string;
  name: string;
  version: string;
  files: string;
  updated: number;
}

interface MarketplaceDb {
  mp_products: ProductRow;
  mp_versions: VersionRow;
  mp_purchases: PurchaseRow;
  mp_installs: InstallRow;
  mp_ui_components: UiComponentRow;
  developers: { id: string; email: string };
  cm_reviews: { context: string; item_id: string; rating: number };
}

/** Every query of the marketplace (system database). */
export class MarketplaceRepo {
  private readonly db: Kysely<MarketplaceDb>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<MarketplaceDb>;
  }

  // Products

  product(id: string): Promise<ProductRow | undefined> {
    return this.db.selectFrom('mp_products').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async insertProduct(row: ProductRow): Promise<void> {
    await this.db.insertInto('mp_products').values(row).execute();
  }
  async updateProduct(id: string, change: Partial<ProductRow>): Promise<void> {
    await this.db.updateTable('mp_products').set(change).where('id', '=', id).execute();
  }
  /** Approved products, optionally searched (name, description: case-insensitive) and by kind. */
  approved(filter: { search?: string; kind?: string; priceZero?: boolean }): Promise<ProductRow[]> {
    let q = this.db.selectFrom('mp_products').selectAll().where('status', '=', 'approved');
    if (filter.kind) q = q.where('kind', '=', filter.kind);
    if (filter.priceZero) q = q.where('price', '=', 0);
    if (filter.search) {
      // Wildcards typed by the developer are dropped: both databases then read the pattern alike.
      const like = `%${filter.search.toLowerCase().replace(/[\\%_]/g, '')}%`;
      q = q.where((eb) =>
        eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb(eb.fn('lower', ['description']), 'like', like)]),
      );
    }
    return q.orderBy('updated', 'desc').limit(500).execute();
  }
  byDeveloper(developerId: string): Promise<ProductRow[]> {
    return this.db
      .selectFrom('mp_products')
      .selectAll()
      .where('developer_id', '=', developerId)
      .orderBy('updated', 'desc')
      .execute();
  }
  async countByKind(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('mp_products')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'approved')
      .groupBy('kind')
      .execute();
    return new Map(rows.map((r) => [r.kind, Number(r.n)]));
  }
  async ratings(ids: string[]): Promise<Map<string, { avg: number; n: number }>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('cm_reviews')
      .select(['item_id', (eb) => eb.fn.avg<number>('rating').as('avg'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('context', '=', 'marketplace')
      .where('item_id', 'in', ids)
      .groupBy('item_id')
      .execute();
    return new Map(rows.map((r) => [r.item_id, { avg: Number(r.avg), n: Number(r.n) }]));
  }
  async installCounts(ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('mp_installs')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('product_id', 'in', ids)
      .groupBy('product_id')
      .execute();
    return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
  }
  async emailsOf(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('developers').select(['id', 'email']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.email]));
  }

  // Versions

  versions(productId: string): Promise<VersionRow[]> {
    return this.db
      .selectFrom('mp_versions')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('created', 'desc')
      .execute();
  }
  async insertVersion(row: VersionRow): Promise<void> {
    await this.db.insertInto('mp_versions').values(row).execute();
  }
  async updateVersion(id: string, change: Partial<VersionRow>): Promise<void> {
    await this.db.updateTable('mp_versions').set(change).where('id', '=', id).execute();
  }
  pendingVersions(): Promise<VersionRow[]> {
    return this.db.selectFrom('mp_versions').selectAll().where('status', '=', 'pending').orderBy('created').execute();
  }
  versionsOfProducts(ids: string[]): Promise<VersionRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('mp_versions')
      .selectAll()
      .where('product_id', 'in', ids)
      .orderBy('created', 'desc')
      .execute();
  }

  // Purchases

  purchase(productId: string, slot: string): Promise<PurchaseRow | undefined> {
    return this.db
      .selectFrom('mp_purchases')
      .selectAll()
      .where('product_id', '=', productId)
      .where('slot', '=', slot)
      .executeTakeFirst();
  }
  async insertPurchase(row: PurchaseRow): Promise<void> {
    await this.db.insertInto('mp_purchases').values(row).execute();
  }
  appPurchases(appId: string): Promise<PurchaseRow[]> {
    return this.db.selectFrom('mp_purchases').selectAll().where('app_id', '=', appId).orderBy('created').execute();
  }
  buyerPurchases(developerId: string): Promise<PurchaseRow[]> {
    return this.db
      .selectFrom('mp_purchases')
      .selectAll()
      .where('developer_id', '=', developerId)
      .orderBy('created', 'desc')
      .execute();
  }
  async boughtBy(developerId: string, productId: string): Promise<boolean> {
    return !!(await this.db
      .selectFrom('mp_purchases')
      .select('id')
      .where('developer_id', '=', developerId)
      .where('product_id', '=', productId)
      .executeTakeFirst());
  }
  salesOf(developerId: string): Promise<Array<PurchaseRow & { name: string }>> {
    return this.db
      .selectFrom('mp_purchases')
      .innerJoin('mp_products', 'mp_products.id', 'mp_purchases.product_id')
      .selectAll('mp_purchases')
      .select('mp_products.name as name')
      .where('mp_products.developer_id', '=', developerId)
      .orderBy('mp_purchases.created', 'desc')
      .execute();
  }

  // Installs

  installs(appId: string): Promise<InstallRow[]> {
    return this.db.selectFrom('mp_installs').selectAll().where('app_id', '=', appId).orderBy('created').execute();
  }
  install(appId: string, productId: string): Promise<InstallRow | undefined> {
    return this.db
      .selectFrom('mp_installs')
      .selectAll()
      .where('app_id', '=', appId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
  }
  async saveInstall(row: InstallRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('mp_installs')
        .where('app_id', '=', row.app_id)
        .where('product_id', '=', row.product_id)
        .execute();
      await trx.insertInto('mp_installs').values(row).execute();
    });
  }
  async deleteInstall(appId: string, productId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mp_installs').where('app_id', '=', appId).where('product_id', '=', productId).execute();
      await trx
        .deleteFrom('mp_ui_components')
        .where('app_id', '=', appId)
        .where('product_id', '=', productId)
        .execute();
    });
  }

  // UI components

  async saveUiComponent(row: UiComponentRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('mp_ui_components')
        .where('app_id', '=', row.app_id)
        .where('product_id', '=', row.product_id)
        .execute();
      await trx.insertInto('mp_ui_components').values(row).execute();
    });
  }
  uiComponents(appId: string, container: string): Promise<UiComponentRow[]> {
    return this.db
      .selectFrom('mp_ui_components')
      .selectAll()
      .where('app_id', '=', appId)
      .where('container', '=', container)
      .execute();
  }
}
