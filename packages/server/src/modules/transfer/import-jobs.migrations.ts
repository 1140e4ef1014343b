import type { Kysely, Migration } from 'kysely';

/**
 * CSV import jobs live in each application's data store, next to the rows they write, so a batch
 * of rows, the record of which rows it wrote and the job's progress commit in one transaction on
 * either database (decision 0041). Leading underscores keep these tables apart from developers'
 * tables, whose names must start with a letter.
 */
export const importJobsAppMigrations: Record<string, Migration> = {
  '0180-import-jobs': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('_import_jobs')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('bytes', 'bigint', (c) => c.notNull())
        // uploaded, queued, running, interrupted, rolling-back, committed, rolled-back, failed
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        // Names the run allowed to write batches; a run that lost it (rolled back, taken over) writes nothing.
        .addColumn('runner', 'varchar(250)')
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('rows_total', 'integer')
        // Data records of the file consumed by committed batches (written or rejected): Resume skips them.
        .addColumn('rows_done', 'integer', (c) => c.notNull())
        .addColumn('rows_written', 'integer', (c) => c.notNull())
        .addColumn('rejected_total', 'integer', (c) => c.notNull())
        .addColumn('rejected', 'text', (c) => c.notNull())
        .addColumn('created_columns', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('developer_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      // The rows an unfinished job wrote; emptied when it commits, deleted with its rows on roll back.
      await db.schema
        .createTable('_import_job_rows')
        .addColumn('job_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint('_import_job_rows_pk', ['job_id', 'object_id'])
        .execute();
      // The uploaded file in pieces of text, read back piece by piece; removed when the job ends.
      await db.schema
        .createTable('_import_job_files')
        .addColumn('job_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('_import_job_files_pk', ['job_id', 'seq'])
        .execute();
    },
  },
};
