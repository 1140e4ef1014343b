import type { Kysely, Migration } from 'kysely';

/**
 * Settings › CORS and Settings › Domains, in the system database (settings range 0700–): the
 * origins each app's API grants CORS to (a JSON array), and the custom domains of all apps, whose
 * host names are unique across the server (a host reaches one app only). Times are epoch ms.
 */
const m0771: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const appId = 'app_id';
    await db.schema
      .createTable('app_cors_origins')
      .addColumn(appId, 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      .addColumn('origins', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('app_custom_domains')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('domain_name', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('generated', 'integer', (c) => c.notNull())
      .addColumn('verified_at', 'bigint')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('app_custom_domains_app').on('app_custom_domains').column(appId).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('app_custom_domains').execute();
    await db.schema.dropTable('app_cors_origins').execute();
  },
};

export const domainsMigrations: Record<string, Migration> = { '0771_app_domains': m0771 };
