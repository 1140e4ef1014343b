import type { Kysely, Migration } from 'kysely';

/**
 * SLA of flows (decision 0075): business calendars per app and goals per version, in the system
 * database beside the instances they measure. Targets are kept as sent and in ms.
 */
const m0620: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('flow_sla_calendars')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
      .addColumn('week', 'text')
      .addColumn('holidays', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('flow_sla_calendars_app').on('flow_sla_calendars').columns(['app_id']).execute();
    await db.schema
      .createTable('flow_sla_goals')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('version_id', 'varchar(64)', (c) => c.notNull().references('flow_versions.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('target', 'double precision', (c) => c.notNull())
      .addColumn('unit', 'varchar(8)', (c) => c.notNull())
      .addColumn('target_ms', 'bigint', (c) => c.notNull())
      .addColumn('metric', 'varchar(32)', (c) => c.notNull())
      .addColumn('element_id', 'varchar(200)')
      .addColumn('calendar_id', 'varchar(64)')
      .addColumn('actions', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('flow_sla_goals_version').on('flow_sla_goals').columns(['version_id']).execute();
  },
};

export const slaMigrations: Record<string, Migration> = { '0620-flows-sla': m0620 };
