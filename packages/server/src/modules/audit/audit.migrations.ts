import type { Kysely, Migration } from 'kysely';

export const auditSystemMigrations: Record<string, Migration> = {
  '0260-audit': {
    async up(db: Kysely<any>) {
      // developer_id is not a foreign key: the history of a developer outlives their account; `actor`
      // keeps the email (or the app user) as it was at the time.
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('developer_id', 'varchar(64)')
        .addColumn('actor', 'varchar(300)', (c) => c.notNull())
        .addColumn('action', 'varchar(200)', (c) => c.notNull())
        .addColumn('target', 'varchar(1000)', (c) => c.notNull())
        .addColumn('summary', 'varchar(2000)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_app_created').on('audit_log').columns(['app_id', 'created']).execute();

      await db.schema
        .createTable('app_compliance')
        .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
        .addColumn('hipaa', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('changed', 'bigint', (c) => c.notNull())
        .addColumn('changed_by', 'varchar(64)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('app_compliance').ifExists().execute();
      await db.schema.dropTable('audit_log').ifExists().execute();
    },
  },
  '0261-audit-log-without-app-key': {
    // The entry recording an app's deletion is written after the app row is gone, so the log keeps
    // no foreign key to apps (decision 0021): the app's other entries are removed with the app by
    // `AuditService.purgeApp`, the deletion entry stays. SQLite cannot drop a constraint, so the table is
    // rebuilt the same way on both databases.
    async up(db: Kysely<any>) {
      await createLogTable(db, 'audit_log_next');
      await db
        .insertInto('audit_log_next')
        .columns(LOG_COLUMNS)
        .expression(db.selectFrom('audit_log').select(LOG_COLUMNS))
        .execute();
      await db.schema.dropTable('audit_log').execute();
      await db.schema.alterTable('audit_log_next').renameTo('audit_log').execute();
      await db.schema.createIndex('audit_log_app_created').on('audit_log').columns(['app_id', 'created']).execute();
    },
    async down(db: Kysely<any>) {
      // Entries of deleted apps cannot satisfy the key again: they go.
      await db.deleteFrom('audit_log').where('app_id', 'not in', db.selectFrom('apps').select('id')).execute();
      await db.schema
        .createTable('audit_log_prev')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('developer_id', 'varchar(64)')
        .addColumn('actor', 'varchar(300)', (c) => c.notNull())
        .addColumn('action', 'varchar(200)', (c) => c.notNull())
        .addColumn('target', 'varchar(1000)', (c) => c.notNull())
        .addColumn('summary', 'varchar(2000)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db
        .insertInto('audit_log_prev')
        .columns(LOG_COLUMNS)
        .expression(db.selectFrom('audit_log').select(LOG_COLUMNS))
        .execute();
      await db.schema.dropTable('audit_log').execute();
      await db.schema.alterTable('audit_log_prev').renameTo('audit_log').execute();
      await db.schema.createIndex('audit_log_app_created').on('audit_log').columns(['app_id', 'created']).execute();
    },
  },
};

const LOG_COLUMNS = ['id', 'app_id', 'developer_id', 'actor', 'action', 'target', 'summary', 'created'] as const;

/** The audit log as it is from 0261 on: `app_id` names the app without a foreign key. */
async function createLogTable(db: Kysely<any>, name: string): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('developer_id', 'varchar(64)')
    .addColumn('actor', 'varchar(300)', (c) => c.notNull())
    .addColumn('action', 'varchar(200)', (c) => c.notNull())
    .addColumn('target', 'varchar(1000)', (c) => c.notNull())
    .addColumn('summary', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
}

export interface AuditLogTable {
  id: string;
  app_id: string;
  developer_id: string | null;
  actor: string;
  action: string;
  target: string;
  summary: string;
  created: number;
}

export interface AppComplianceTable {
  app_id: string;
  hipaa: number;
  changed: number;
  changed_by: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
  app_compliance: AppComplianceTable;
}
