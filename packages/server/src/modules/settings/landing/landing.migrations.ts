import type { Kysely, Migration } from 'kysely';

/**
 * The app's landing page (Settings › Landing page): its content as JSON, when it was saved and
 * when it was last published into the app's files. Goes with the app. Settings range (0700–).
 */
const m0798: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('landing_pages')
      .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addColumn('published', 'bigint')
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('landing_pages').execute();
  },
};

export const landingMigrations: Record<string, Migration> = { '0798_landing_pages': m0798 };
