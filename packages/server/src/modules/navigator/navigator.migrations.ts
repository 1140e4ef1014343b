import type { Kysely, Migration } from 'kysely';

/**
 * The places each developer opened in the console (the navigator's recent list), in the system
 * database: one row per (developer, path), its last visit in epoch ms. Foundation range: it belongs
 * to the console itself, not to an app.
 */
const m0096: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('navigator_visits')
      .addColumn('developer_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
      .addColumn('path', 'varchar(500)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('app_id', 'varchar(64)')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('navigator_visits_pk', ['developer_id', 'path'])
      .execute();
    await db.schema.createIndex('navigator_visits_at').on('navigator_visits').columns(['developer_id', 'at']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('navigator_visits').execute();
  },
};

export const navigatorMigrations: Record<string, Migration> = { '0096-navigator-visits': m0096 };
