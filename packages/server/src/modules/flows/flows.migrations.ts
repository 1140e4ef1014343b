import type { Kysely, Migration } from 'kysely';

/**
 * Automation flows, in the system database (flows range 0600–), beside the one job table that
 * moves their instances on (decision 0067): flows and their versions (definition as JSON), the
 * definition snapshot each enabled version runs with, instances (their whole progress in one row,
 * changed only by a compare-and-set on `seq`), one row per step attempt, and flow log lines.
 * Times are epoch ms.
 */
const m0600: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const app = (c: any) => c.notNull().references('apps.id').onDelete('cascade');
    await db.schema
      .createTable('flow_flows')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', app)
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('flow_flows_name', ['app_id', 'name'])
      .execute();
    await db.schema
      .createTable('flow_versions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('flow_id', 'varchar(64)', (c) => c.notNull().references('flow_flows.id').onDelete('cascade'))
      .addColumn('app_id', 'varchar(64)', app)
      .addColumn('version_number', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('elements', 'text', (c) => c.notNull())
      .addColumn('transitions', 'text', (c) => c.notNull())
      .addColumn('schedule', 'text')
      .addColumn('errors', 'text', (c) => c.notNull())
      .addColumn('config_id', 'varchar(64)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint')
      .addUniqueConstraint('flow_versions_number', ['flow_id', 'version_number'])
      .execute();
    await db.schema.createIndex('flow_versions_app').on('flow_versions').columns(['app_id', 'status']).execute();
    await db.schema
      .createTable('flow_configs')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('version_id', 'varchar(64)', (c) => c.notNull().references('flow_versions.id').onDelete('cascade'))
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('flow_instances')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', app)
      .addColumn('flow_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('version_id', 'varchar(64)', (c) => c.notNull().references('flow_versions.id').onDelete('cascade'))
      .addColumn('config_id', 'varchar(64)', (c) => c.notNull().references('flow_configs.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      // What started it (`data:…`, `sched:…`): unique, so one cause never starts two instances.
      .addColumn('trigger_key', 'varchar(300)', (c) => c.unique())
      .addColumn('initial_data', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('result', 'text')
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('flow_instances_version')
      .on('flow_instances')
      .columns(['version_id', 'status', 'started_at'])
      .execute();
    await db.schema
      .createTable('flow_steps')
      .addColumn('instance_id', 'varchar(64)', (c) => c.notNull().references('flow_instances.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('element_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('input', 'text')
      .addColumn('output', 'text')
      .addColumn('error', 'text')
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('flow_steps_pk', ['instance_id', 'seq'])
      .execute();
    await db.schema
      .createTable('flow_logs')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('version_id', 'varchar(64)', (c) => c.notNull().references('flow_versions.id').onDelete('cascade'))
      .addColumn('instance_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('element_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('level', 'varchar(10)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .execute();
  },
};

/**
 * Shared memory of flows (the shared get/set elements): one value per flow and key, kept as JSON,
 * with an optional expiry; expired values read as missing and are cleared as others are set.
 */
const m0605: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('flow_shared')
      .addColumn('flow_id', 'varchar(64)', (c) => c.notNull().references('flow_flows.id').onDelete('cascade'))
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .addPrimaryKeyConstraint('flow_shared_pk', ['flow_id', 'key'])
      .execute();
  },
};

export const flowsMigrations: Record<string, Migration> = { '0600-flows': m0600, '0605-flow-shared': m0605 };
