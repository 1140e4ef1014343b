import type { Kysely, Migration } from 'kysely';

/**
 * The app's logging configuration (`settings.getAppLogging/setAppLoggingConfig`): one level per
 * logger, `Global logger` included. In the system database beside the app's other settings; it
 * goes with the app. Settings range (0700–).
 */
const m0760: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('log_levels')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('logger', 'varchar(200)', (c) => c.notNull())
      .addColumn('level', 'varchar(8)', (c) => c.notNull())
      .addPrimaryKeyConstraint('log_levels_pk', ['app_id', 'logger'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('log_levels').execute();
  },
};

/** The app's log integration (`setAppLoggingIntegration`): one row per app, the settings as JSON. */
const m0761: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('log_integrations')
      .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('log_integrations').execute();
  },
};

export const logLevelsMigrations: Record<string, Migration> = {
  '0760_log_levels': m0760,
  '0761_log_integrations': m0761,
};
