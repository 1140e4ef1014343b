import type { Kysely, Migration } from 'kysely';

/**
 * Hives in the app data store (the SQL backend). Keys reference their hive and items reference
 * their key with ON DELETE/UPDATE CASCADE, so deleting or renaming a hive, or deleting a key, is a
 * single statement. Tables start with `_`, apart from developers' tables.
 */
export const hivesAppMigrations: Record<string, Migration> = {
  '0170-hives': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('_hives')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('_hive_keys')
        .addColumn('hive', 'text', (c) => c.notNull().references('_hives.name').onDelete('cascade').onUpdate('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        // JSON text of a key-value key; null for collections (their items are rows below).
        .addColumn('value', 'text')
        .addColumn('expire_at', 'bigint')
        .addColumn('touched_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('_hive_keys_pk', ['hive', 'type', 'key'])
        .execute();
      await db.schema.createIndex('_hive_keys_expire_at').on('_hive_keys').column('expire_at').execute();
      await db.schema
        .createTable('_hive_list_items')
        .addColumn('hive', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        // Order of the list; gaps are fine, appends take max + 1.
        .addColumn('pos', 'bigint', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('_hive_list_items_pk', ['hive', 'type', 'key', 'pos'])
        .addForeignKeyConstraint(
          '_hive_list_items_key',
          ['hive', 'type', 'key'],
          '_hive_keys',
          ['hive', 'type', 'key'],
          (c) => c.onDelete('cascade').onUpdate('cascade'),
        )
        .execute();
      await db.schema
        .createTable('_hive_members')
        .addColumn('hive', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        // Set and sorted-set member, or map field.
        .addColumn('member', 'text', (c) => c.notNull())
        .addColumn('score', 'double precision')
        .addColumn('value', 'text')
        .addPrimaryKeyConstraint('_hive_members_pk', ['hive', 'type', 'key', 'member'])
        .addForeignKeyConstraint(
          '_hive_members_key',
          ['hive', 'type', 'key'],
          '_hive_keys',
          ['hive', 'type', 'key'],
          (c) => c.onDelete('cascade').onUpdate('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('_hive_members_rank')
        .on('_hive_members')
        .columns(['hive', 'type', 'key', 'score', 'member'])
        .execute();
    },
  },
};
