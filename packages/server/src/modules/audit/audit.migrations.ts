import type { Kysely, Migration } from 'kysely';

export const auditSystemMigrations: Record<string, Migration> = {
  '0260-audit': {
    async up(db: Kysely<any>) {
      // developer_id is not a foreign key: the history of a developer outlives their account; `actor`
      // keeps the email (or the app user) as it was at the time.
      await db.schema.createTable('audit_log')
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

      await db.schema.createTable('app_compliance')
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
};

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
