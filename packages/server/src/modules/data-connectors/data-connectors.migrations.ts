import type { Kysely, Migration } from 'kysely';

/**
 * Data connectors (decision 0084), in the system database (range 1200–1219): an app's connectors
 * to external databases, the password sealed with the server key. Rows belong to an app and go with
 * it. Times epoch ms.
 */
const m1200: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('data_connectors')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('host', 'varchar(255)', (c) => c.notNull())
      .addColumn('port', 'integer', (c) => c.notNull())
      .addColumn('database', 'varchar(1024)', (c) => c.notNull())
      .addColumn('db_schema', 'varchar(128)', (c) => c.notNull())
      .addColumn('username', 'varchar(128)', (c) => c.notNull())
      .addColumn('password', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('data_connectors_name', ['app_id', 'name'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('data_connectors').execute();
  },
};

export const dataConnectorsMigrations: Record<string, Migration> = { '1200-data-connectors': m1200 };
