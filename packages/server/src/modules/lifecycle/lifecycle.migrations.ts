import type { Kysely, Migration } from 'kysely';

/**
 * Lifecycle processes (clone, export, import, reset, and backups later), one row each in the system
 * database, so their status survives a restart and the console's task tray finds them after a
 * reload (decision 0059). Times epoch ms; `parts` is a JSON array; `file_path` is where an export's
 * ZIP is kept on the server (never answered).
 */
const m0770: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('lifecycle_processes')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull())
      .addColumn('stage', 'varchar(200)')
      .addColumn('parts', 'text', (c) => c.notNull())
      .addColumn('new_app_id', 'varchar(64)')
      .addColumn('file_name', 'varchar(300)')
      .addColumn('file_path', 'varchar(1000)')
      .addColumn('size', 'bigint')
      .addColumn('error', 'text')
      .addColumn('developer_id', 'varchar(64)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lifecycle_processes_app')
      .on('lifecycle_processes')
      .columns(['app_id', 'created'])
      .execute();
  },
};

export const lifecycleMigrations: Record<string, Migration> = { '0770_lifecycle_processes': m0770 };

export interface ProcessRow {
  id: string;
  app_id: string;
  kind: string;
  status: string;
  progress: number;
  stage: string | null;
  parts: string;
  new_app_id: string | null;
  file_name: string | null;
  file_path: string | null;
  size: number | null;
  error: string | null;
  developer_id: string | null;
  created: number;
  updated: number;
}
