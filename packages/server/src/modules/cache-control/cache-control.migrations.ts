import type { Kysely, Migration } from 'kysely';

/**
 * Caching policies of each app's GET answers, in the system database (security range 0200–0299:
 * the area lives under Security). One row per (app, service, target); times epoch ms.
 */
const m0280: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('cache_policies')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('service', 'varchar(16)', (c) => c.notNull())
      .addColumn('target', 'varchar(512)', (c) => c.notNull())
      .addColumn('cache_control', 'varchar(16)', (c) => c.notNull())
      .addColumn('max_age', 'integer', (c) => c.notNull())
      .addColumn('etag', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cache_policies_pk', ['app_id', 'service', 'target'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('cache_policies').execute();
  },
};

export const cacheControlMigrations: Record<string, Migration> = { '0280-cache-control': m0280 };
