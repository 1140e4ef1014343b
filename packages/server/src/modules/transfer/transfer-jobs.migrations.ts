import type { Kysely, Migration } from 'kysely';

/**
 * Transfer jobs (Airtable imports, decision 0061) keep their progress in the app's data store, next
 * to the tables they fill; the leading underscore keeps the table apart from developers' tables.
 */
export const transferJobsAppMigrations: Record<string, Migration> = {
  '0812-transfer-jobs': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('_transfer_jobs')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        // queued, running, done, failed
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        // The job's own input (token sealed), read by the run.
        .addColumn('input', 'text', (c) => c.notNull())
        .addColumn('tables_total', 'integer', (c) => c.notNull())
        .addColumn('tables_done', 'integer', (c) => c.notNull())
        .addColumn('rows_written', 'integer', (c) => c.notNull())
        .addColumn('current_table', 'varchar(255)')
        .addColumn('created_tables', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};
