import type { Kysely, Migration } from 'kysely';

/**
 * The Google Play service account of each app (sealed: see http/secret-box.ts), in the system
 * database beside the app's other credentials; it goes with the app. Settings range (0700–).
 */
const m0750: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('commerce_google_play')
      .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('commerce_google_play').execute();
  },
};

export const commerceMigrations: Record<string, Migration> = { '0750_commerce_google_play': m0750 };
