import type { Kysely, Migration } from 'kysely';

/** Cache items live in each application's data store, apart from developers' tables (leading `_`). */
export const cacheAppMigrations: Record<string, Migration> = {
  '0160-cache': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('_cache_items')
        .addColumn('key', 'text', (c) => c.primaryKey())
        // The JSON text of the value.
        .addColumn('value', 'text', (c) => c.notNull())
        // Epoch ms; null = never expires.
        .addColumn('expire_at', 'bigint')
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('_cache_items_expire_at').on('_cache_items').column('expire_at').execute();
    },
  },
};
