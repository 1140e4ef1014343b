import type { Kysely, Migration } from 'kysely';

/**
 * SQL service (decision 0078), in the system database (range 0930–0939 of the integrations): the
 * app's connections to external databases (the password sealed with the server key) and their
 * saved named queries. Rows belong to an app and go with it. Times epoch ms.
 */
const m0930: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('sql_connections')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('host', 'varchar(255)', (c) => c.notNull())
      .addColumn('port', 'integer', (c) => c.notNull())
      .addColumn('database', 'varchar(1024)', (c) => c.notNull())
      .addColumn('username', 'varchar(128)', (c) => c.notNull())
      .addColumn('password', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('sql_connections_name', ['app_id', 'name'])
      .execute();
    await db.schema
      .createTable('sql_queries')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('connection_id', 'varchar(64)', (c) =>
        c.notNull().references('sql_connections.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('sql_queries_name', ['connection_id', 'name'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('sql_queries').execute();
    await db.schema.dropTable('sql_connections').execute();
  },
};

export const sqlServiceMigrations: Record<string, Migration> = { '0930-sql-service': m0930 };
