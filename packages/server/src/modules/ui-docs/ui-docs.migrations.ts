import type { Kysely, Migration } from 'kysely';

/**
 * Forms, PDF templates, charts, visualizations and dashboards in the system database (range
 * 1260–1279, decision 0087). Every table keys by `app_id`, so an app's deletion cascades and the
 * lifecycle census places each one. Times are epoch ms; documents are JSON text.
 */
const m1260: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('ui_forms')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('table_name', 'varchar(100)', (c) => c.notNull())
      /** The form source (fields, labels) as JSON. */
      .addColumn('source', 'text', (c) => c.notNull())
      /** `{open, role}` as JSON. */
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ui_forms_name', ['app_id', 'name'])
      .execute();
  },
};

const m1261: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('ui_pdf_templates')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      /** The template's HTML with `{{field}}` placeholders. */
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ui_pdf_templates_name', ['app_id', 'name'])
      .execute();
  },
};

export const uiDocsMigrations: Record<string, Migration> = {
  '1260-ui-forms': m1260,
  '1261-ui-pdf-templates': m1261,
};
