import type { Kysely, Migration } from 'kysely';

/**
 * The server processes of the deployment, each writing its row when it starts and again every few
 * seconds (a heartbeat), so any process can tell which nodes are up. Foundation range.
 */
const m0095: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('cluster_nodes')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('host', 'varchar(255)', (c) => c.notNull())
      .addColumn('pid', 'integer', (c) => c.notNull())
      .addColumn('version', 'varchar(40)', (c) => c.notNull())
      .addColumn('started', 'bigint', (c) => c.notNull())
      .addColumn('last_seen', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('cluster_nodes').execute();
  },
};

export const licenseMigrations: Record<string, Migration> = { '0095-cluster-nodes': m0095 };
