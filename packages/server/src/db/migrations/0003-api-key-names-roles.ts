import type { Kysely } from 'kysely';

/**
 * Custom API keys: a name, the role their calls get, and when the key last changed. System keys
 * (one per device type) keep these empty; their name and role follow from the device type.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  await db.schema.alterTable('api_keys').addColumn('name', 'varchar(100)').execute();
  await db.schema.alterTable('api_keys').addColumn('role_id', 'varchar(64)').execute();
  await db.schema.alterTable('api_keys').addColumn('updated', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('updated').execute();
  await db.schema.alterTable('api_keys').dropColumn('role_id').execute();
  await db.schema.alterTable('api_keys').dropColumn('name').execute();
}
