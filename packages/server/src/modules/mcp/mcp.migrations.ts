import type { Kysely, Migration } from 'kysely';

/**
 * MCP (decision 0079), in the system database beside the flows (range 0600–0699): the servers
 * hosted for an app (bearer token kept as its SHA-256 only, tools as generated at the last deploy)
 * and the external servers the app calls as a client (headers sealed with the server key). Every
 * row belongs to an app and goes with it. Times epoch ms.
 */
const m0670: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('mcp_servers')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('role', 'varchar(100)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('token_hint', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('tools', 'text', (c) => c.notNull())
      .addColumn('deployed', 'bigint', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('mcp_servers_name', ['app_id', 'name'])
      .execute();
    await db.schema
      .createTable('mcp_clients')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('url', 'varchar(2048)', (c) => c.notNull())
      .addColumn('headers', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('mcp_clients_name', ['app_id', 'name'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const t of ['mcp_clients', 'mcp_servers']) await db.schema.dropTable(t).execute();
  },
};

export const mcpMigrations: Record<string, Migration> = { '0670-mcp': m0670 };
