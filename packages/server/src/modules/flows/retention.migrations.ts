import type { Kysely, Migration } from 'kysely';

/** An app's flow settings (decision 0072): how many days finished instances are kept. */
export const retentionMigrations: Record<string, Migration> = {
  '0650-flow-settings': {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('flow_settings')
        .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
        .addColumn('retention_days', 'integer', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      // The sweep finds finished instances by age.
      await db.schema
        .createIndex('flow_instances_finished')
        .on('flow_instances')
        .columns(['finished_at', 'app_id'])
        .execute();
    },
  },
};
