import type { Kysely, Migration } from 'kysely';

/**
 * Marketplace (decision 0088), range 1280–1299, in the system database: products, their versions
 * (the bundle as JSON), purchases (the sales ledger), installs per app (configuration sealed) and
 * the UI components an install put into a container.
 */
const m1280: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('mp_products')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('developer_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('category_id', 'varchar(60)', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('version', 'varchar(40)')
      .addColumn('private_devs', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('mp_versions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('product_id', 'varchar(64)', (c) => c.notNull().references('mp_products.id').onDelete('cascade'))
      .addColumn('version', 'varchar(40)', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('manifest', 'text', (c) => c.notNull())
      .addColumn('files', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('decided_by', 'varchar(64)')
      .addUniqueConstraint('mp_versions_one', ['product_id', 'version'])
      .execute();
    await db.schema
      .createTable('mp_purchases')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('product_id', 'varchar(64)', (c) => c.notNull().references('mp_products.id').onDelete('cascade'))
      .addColumn('developer_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
      .addColumn('app_id', 'varchar(64)')
      .addColumn('slot', 'varchar(80)', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('payment_ref', 'varchar(200)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('mp_purchases_one', ['product_id', 'slot'])
      .execute();
    await db.schema
      .createTable('mp_installs')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('product_id', 'varchar(64)', (c) => c.notNull().references('mp_products.id').onDelete('cascade'))
      .addColumn('version_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('version', 'varchar(40)', (c) => c.notNull())
      .addColumn('target', 'varchar(200)', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('installed_by', 'varchar(64)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('mp_installs_pk', ['app_id', 'product_id'])
      .execute();
    await db.schema
      .createTable('mp_ui_components')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('container', 'varchar(100)', (c) => c.notNull())
      .addColumn('product_id', 'varchar(64)', (c) => c.notNull().references('mp_products.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('version', 'varchar(40)', (c) => c.notNull())
      .addColumn('files', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('mp_ui_components_pk', ['app_id', 'container', 'product_id'])
      .execute();
  },
};

export const marketplaceMigrations: Record<string, Migration> = { '1280-marketplace': m1280 };
