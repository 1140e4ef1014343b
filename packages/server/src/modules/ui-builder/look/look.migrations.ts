import type { Kysely, Migration } from 'kysely';

/**
 * Look and text of UI Builder containers (decision 0086, range 1240–1259): the app's themes,
 * container style sheets, i18n dictionaries, and one row of settings per container. Images are
 * base64 text (at most 256 KB), so both databases store them alike.
 */
const m1240: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('ui_themes')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('variables', 'text', (c) => c.notNull())
      .addColumn('style', 'text', (c) => c.notNull())
      /** The released `{variables, style}` (JSON), null before the first publish. */
      .addColumn('released', 'text')
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('published_at', 'bigint')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ui_themes_name', ['app_id', 'name'])
      .execute();
    await db.schema
      .createTable('ui_styles')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('container_id', 'varchar(64)', (c) => c.notNull().references('ui_containers.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('type', 'varchar(8)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ui_styles_pk', ['container_id', 'name'])
      .execute();
    await db.schema
      .createTable('ui_i18n')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('container_id', 'varchar(64)', (c) => c.notNull().references('ui_containers.id').onDelete('cascade'))
      .addColumn('lang', 'varchar(20)', (c) => c.notNull())
      /** `{key: text}` as JSON. */
      .addColumn('entries', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ui_i18n_pk', ['container_id', 'lang'])
      .execute();
    await db.schema
      .createTable('ui_container_look')
      .addColumn('container_id', 'varchar(64)', (c) =>
        c.primaryKey().references('ui_containers.id').onDelete('cascade'),
      )
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('theme_id', 'varchar(64)')
      .addColumn('default_i18n', 'varchar(20)', (c) => c.notNull())
      /** viewport, metaTags, customHeadContent, externalLibraries, customConfigs, pwa (JSON). */
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('favicon', 'text')
      .addColumn('favicon_type', 'varchar(40)')
      .addColumn('pwa_icon', 'text')
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const t of ['ui_container_look', 'ui_i18n', 'ui_styles', 'ui_themes']) await db.schema.dropTable(t).execute();
  },
};

export const uiLookMigrations: Record<string, Migration> = { '1240-ui-look': m1240 };
