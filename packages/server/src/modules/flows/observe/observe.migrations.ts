import type { Kysely, Migration } from 'kysely';

/**
 * Watching and debugging flows (decision 0075), in the system database beside the engine's rows:
 * a debug run is an ordinary instance with its session set (`flow_instances.debug_session`), so
 * it runs on the same engine and is left out of lists and metrics by one indexed predicate; the
 * log level of each flow; debug sessions with their context and the elements run by hand;
 * learning-mode samples; and who may run a flow from the app API. Times are epoch ms.
 */
const m0610: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('flow_instances').addColumn('debug_session', 'varchar(64)').execute();
    // Metrics and lists read a version's instances by start time.
    await db.schema
      .createIndex('flow_instances_started')
      .on('flow_instances')
      .columns(['version_id', 'started_at'])
      .execute();
    await db.schema.createIndex('flow_instances_debug').on('flow_instances').columns(['debug_session']).execute();
    await db.schema.createIndex('flow_steps_element').on('flow_steps').columns(['element_id']).execute();
    await db.schema.createIndex('flow_logs_version').on('flow_logs').columns(['version_id', 'ts']).execute();
    await db.schema
      .createTable('flow_log_levels')
      .addColumn('flow_id', 'varchar(64)', (c) => c.primaryKey().references('flow_flows.id').onDelete('cascade'))
      .addColumn('level', 'varchar(10)', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('flow_debug_sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('version_id', 'varchar(64)', (c) => c.notNull().references('flow_versions.id').onDelete('cascade'))
      .addColumn('developer_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('context', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('stopped_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('flow_debug_sessions_version')
      .on('flow_debug_sessions')
      .columns(['version_id', 'status'])
      .execute();
    await db.schema
      .createTable('flow_debug_events')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('session_id', 'varchar(64)', (c) =>
        c.notNull().references('flow_debug_sessions.id').onDelete('cascade'),
      )
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('element_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('input', 'text')
      .addColumn('output', 'text')
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('flow_debug_events_session')
      .on('flow_debug_events')
      .columns(['session_id', 'at'])
      .execute();
    await db.schema
      .createTable('flow_learning')
      .addColumn('version_id', 'varchar(64)', (c) => c.notNull().references('flow_versions.id').onDelete('cascade'))
      .addColumn('element_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('sample', 'text')
      .addColumn('schema', 'text')
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('flow_learning_pk', ['version_id', 'element_id'])
      .execute();
    await db.schema
      .createTable('flow_permissions')
      .addColumn('flow_id', 'varchar(64)', (c) => c.notNull().references('flow_flows.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('subject', 'varchar(100)', (c) => c.notNull())
      .addColumn('access', 'varchar(8)', (c) => c.notNull())
      .addPrimaryKeyConstraint('flow_permissions_pk', ['flow_id', 'kind', 'subject'])
      .execute();
  },
};

export const observeMigrations: Record<string, Migration> = { '0610-flows-observe': m0610 };
