import type { Kysely, Migration } from 'kysely';
import type { Access } from '@basalt/shared';

/*
 * Security lives in the system database, keyed by app id, beside the apps it belongs to: every row
 * cascades away with its application. App users themselves stay in the app's data store (Users);
 * only ids of them are kept here. Schema builder only, so one migration serves both databases.
 */
const m0200: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('sec_roles')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('system', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('sec_roles_app_name', ['app_id', 'name'])
      .execute();

    await db.schema
      .createTable('sec_user_roles')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('role_id', 'varchar(64)', (c) => c.notNull().references('sec_roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('sec_user_roles_pk', ['app_id', 'user_id', 'role_id'])
      .execute();

    // One table for every GRANT/DENY: `object_id` is '' unless it is a record's ACL, `column_name`
    // is '' unless it is a column permission, `item` is '*' for a role's service-wide permission.
    await db.schema
      .createTable('sec_permissions')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('service', 'varchar(20)', (c) => c.notNull())
      .addColumn('item', 'varchar(1024)', (c) => c.notNull())
      .addColumn('object_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('column_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('principal_type', 'varchar(10)', (c) => c.notNull())
      .addColumn('principal', 'varchar(100)', (c) => c.notNull())
      .addColumn('operation', 'varchar(40)', (c) => c.notNull())
      .addColumn('access', 'varchar(5)', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('sec_permissions_pk', [
        'app_id',
        'service',
        'item',
        'object_id',
        'column_name',
        'principal_type',
        'principal',
        'operation',
      ])
      .execute();

    // Only the sha256 of a user token is kept; the token itself exists only on the client.
    await db.schema
      .createTable('sec_user_sessions')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('device_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('last_used', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sec_user_sessions_user')
      .on('sec_user_sessions')
      .columns(['app_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('sec_app_state')
      .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      .addColumn('panic', 'integer', (c) => c.notNull())
      .addColumn('panic_message', 'varchar(500)')
      .addColumn('panic_since', 'bigint')
      .execute();
  },
};

export const securityMigrations: Record<string, Migration> = { '0200-security': m0200 };

export interface SecurityTables {
  sec_roles: { id: string; app_id: string; name: string; system: number; created: number };
  sec_user_roles: { app_id: string; user_id: string; role_id: string };
  sec_permissions: {
    app_id: string;
    service: string;
    item: string;
    object_id: string;
    column_name: string;
    principal_type: PrincipalType;
    principal: string;
    operation: string;
    access: Access;
    updated: number;
  };
  sec_user_sessions: {
    token_hash: string;
    session_id: string;
    app_id: string;
    user_id: string;
    device_type: string;
    created: number;
    last_used: number;
  };
  sec_app_state: { app_id: string; panic: number; panic_message: string | null; panic_since: number | null };
}

export type PrincipalType = 'role' | 'user' | 'owner';
export type SecurityKysely = Kysely<SecurityTables>;
