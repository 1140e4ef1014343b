import type { Kysely, Migration } from 'kysely';

/**
 * Per-minute rollups of the app API's use, in the system database (one batch write per flush for
 * every app). Every count is added by an upsert, so several server processes flushing the same
 * minute add up; `analytics_peaks` keeps the largest value instead.
 */
export const analyticsSystemMigrations: Record<string, Migration> = {
  '0800-analytics': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('analytics_calls')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('minute', 'bigint', (c) => c.notNull())
        .addColumn('key_name', 'text', (c) => c.notNull())
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('ok', 'bigint', (c) => c.notNull())
        .addColumn('errors', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('analytics_calls_pk', ['app_id', 'minute', 'key_name', 'service', 'method'])
        .execute();
      await db.schema
        .createTable('analytics_latency')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('minute', 'bigint', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('analytics_latency_pk', ['app_id', 'minute', 'bucket'])
        .execute();
      await db.schema
        .createTable('analytics_peaks')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('minute', 'bigint', (c) => c.notNull())
        .addColumn('in_flight', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('analytics_peaks_pk', ['app_id', 'minute'])
        .execute();
      await db.schema
        .createTable('analytics_users')
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('day', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('analytics_users_pk', ['app_id', 'day', 'kind', 'user_id'])
        .execute();
      await db.schema
        .createTable('console_activity')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('developer_id', 'text')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('console_activity_app')
        .on('console_activity')
        .columns(['app_id', 'created'])
        .execute();
    },
  },
};
