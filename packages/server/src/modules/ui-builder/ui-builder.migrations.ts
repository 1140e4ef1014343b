import type { Kysely, Migration } from 'kysely';

/**
 * The UI Builder's rows in the system database (range 1100–1199, decision 0080). Every table keys
 * by `app_id` too, so an app's deletion cascades and the lifecycle census places each one. Times
 * are epoch ms; documents and logic are JSON text.
 */
const m1100: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('ui_containers')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('main_page', 'varchar(64)', (c) => c.notNull())
      .addColumn('forked_from', 'varchar(64)')
      .addColumn('removed_at', 'bigint')
      /** The publication served now (null: nothing public). */
      .addColumn('publication_id', 'varchar(64)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ui_containers_name', ['app_id', 'name'])
      .execute();
    await db.schema
      .createTable('ui_documents')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('container_id', 'varchar(64)', (c) => c.notNull().references('ui_containers.id').onDelete('cascade'))
      /** `page` or `layout`. */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('layout_id', 'varchar(64)')
      .addColumn('document', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ui_documents_pk', ['container_id', 'kind', 'name'])
      .execute();
    await db.schema
      .createTable('ui_logic')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('container_id', 'varchar(64)', (c) => c.notNull().references('ui_containers.id').onDelete('cascade'))
      .addColumn('owner_kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('owner_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('component_uid', 'varchar(64)', (c) => c.notNull())
      .addColumn('handler_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('source', 'text')
      .addColumn('code', 'text')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ui_logic_pk', [
        'container_id',
        'owner_kind',
        'owner_name',
        'component_uid',
        'handler_name',
      ])
      .execute();
    await db.schema
      .createTable('ui_publications')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('container_id', 'varchar(64)', (c) => c.notNull().references('ui_containers.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('description', 'varchar(500)', (c) => c.notNull())
      .addColumn('author', 'varchar(320)')
      /** The immutable snapshot: main page, pages and layouts with their documents (JSON). */
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ui_publications_number', ['container_id', 'number'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const t of ['ui_publications', 'ui_logic', 'ui_documents', 'ui_containers'])
      await db.schema.dropTable(t).execute();
  },
};

export const uiBuilderMigrations: Record<string, Migration> = { '1100-ui-builder': m1100 };
