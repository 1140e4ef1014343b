import type { Kysely, Migration } from 'kysely';

/** A backup as stored in the system database (times epoch ms). */
export interface BackupRow {
  id: string;
  app_id: string;
  kind: 'manual' | 'scheduled';
  status: 'IN_PROGRESS' | 'DONE' | 'FAILED';
  /** JSON array of the parts it holds. */
  parts: string;
  /** `default` or a name of BASALT_BACKUP_DIRS. */
  location: string;
  /** The archive's name inside the location's folder of the app. */
  file_name: string;
  size: number | null;
  records: number | null;
  note: string | null;
  error: string | null;
  process_id: string;
  created: number;
}

/** One app's backup policy (JSON of BackupPolicy). */
export interface BackupPolicyRow {
  app_id: string;
  config: string;
  /** When its next scheduled backup is due; null while disabled. */
  next_run: number | null;
  updated: number;
}

/**
 * Backups of each app (settings range 0700–): the policy that schedules them and the list of
 * backups taken. The archives themselves are files in the backup locations.
 */
const m0786: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const appId = 'app_id';
    await db.schema
      .createTable('backup_policies')
      .addColumn(appId, 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('next_run', 'bigint')
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('backup_policies_due').on('backup_policies').column('next_run').execute();
    await db.schema
      .createTable('backups')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('parts', 'text', (c) => c.notNull())
      .addColumn('location', 'varchar(100)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('size', 'bigint')
      .addColumn('records', 'bigint')
      .addColumn('note', 'varchar(200)')
      .addColumn('error', 'text')
      .addColumn('process_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('backups_app').on('backups').columns([appId, 'created']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('backups').execute();
    await db.schema.dropTable('backup_policies').execute();
  },
};

export const backupsMigrations: Record<string, Migration> = { '0786_backups': m0786 };
