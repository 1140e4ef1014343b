import type { Kysely, Migration } from 'kysely';

/**
 * Charts, dashboards (dashlets, dashlet components), visualizations and quick apps in the system
 * database (range 1262–1279, decision 0093). Every table keys by `app_id`, so an app's deletion
 * cascades and the lifecycle census places each one. Times are epoch ms; documents are JSON text.
 */
const perApp = (db: Kysely<any>, table: string) =>
  db.schema
    .createTable(table)
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'));

const m1262: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await perApp(db, 'ui_charts')
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('table_name', 'varchar(100)', (c) => c.notNull())
      /** The chart source (type, columns, aggregate, where, params) as JSON. */
      .addColumn('source', 'text', (c) => c.notNull())
      /** Where it shows (`{kind, container?, page?, dashboardId?}`) as JSON. */
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ui_charts_name', ['app_id', 'name'])
      .execute();
  },
};

const m1263: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await perApp(db, 'ui_dashboards')
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ui_dashboards_name', ['app_id', 'name'])
      .execute();
    await perApp(db, 'ui_dashlet_components')
      .addColumn('dashboard_id', 'varchar(64)', (c) => c.notNull().references('ui_dashboards.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      /** The `component.json`-shaped definition as JSON. */
      .addColumn('definition', 'text', (c) => c.notNull())
      /** `{name: {content, updated}}` as JSON: a component's few small text files. */
      .addColumn('files', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ui_dashlet_components_name', ['dashboard_id', 'name'])
      .execute();
    await perApp(db, 'ui_dashlets')
      .addColumn('dashboard_id', 'varchar(64)', (c) => c.notNull().references('ui_dashboards.id').onDelete('cascade'))
      /** `chart`, `text`, or the id of a dashlet component of the dashboard. */
      .addColumn('component', 'varchar(64)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('x', 'integer', (c) => c.notNull())
      .addColumn('y', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ui_dashlets_dashboard').on('ui_dashlets').column('dashboard_id').execute();
  },
};

const m1264: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await perApp(db, 'ui_visualizations')
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('source', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('resources_updated', 'bigint', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ui_visualizations_name', ['app_id', 'name'])
      .execute();
    /** A quick app is the UI container of the same name, generated from `table_name`. */
    await perApp(db, 'ui_quick_apps')
      .addColumn('container', 'varchar(100)', (c) => c.notNull())
      .addColumn('table_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('ui_quick_apps_container', ['app_id', 'container'])
      .execute();
  },
};

/** A chart aimed at a dashboard names it in a column of its own, so an app's copy can point it at the copy's dashboard. */
const m1265: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('ui_charts').addColumn('target_dashboard_id', 'varchar(64)').execute();
  },
};

export const uiVisualMigrations: Record<string, Migration> = {
  '1262-ui-charts': m1262,
  '1263-ui-dashboards': m1263,
  '1264-ui-visualizations-quick-apps': m1264,
  '1265-ui-chart-target-dashboard': m1265,
};
