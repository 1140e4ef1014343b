import type { Kysely, Migration } from 'kysely';

export const usersConfigSystemMigrations: Record<string, Migration> = {
  '0270-users-config': {
    async up(db: Kysely<any>) {
      // One JSON document per app and key (registration, login, properties, social, auth0).
      await db.schema.createTable('users_config')
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('key', 'varchar(64)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('users_config_pk', ['app_id', 'key'])
        .execute();

      await db.schema.createTable('oauth_providers')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('code', 'varchar(64)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oauth_providers_code').on('oauth_providers').columns(['app_id', 'version', 'code']).unique().execute();

      await db.schema.createTable('auth0_scope_bindings')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('scope', 'varchar(200)', (c) => c.notNull())
        .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auth0_scope_bindings_pair').on('auth0_scope_bindings').columns(['app_id', 'scope', 'role_name']).unique().execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['auth0_scope_bindings', 'oauth_providers', 'users_config']) await db.schema.dropTable(t).ifExists().execute();
    },
  },
};

export interface UsersConfigTable { app_id: string; key: string; value: string; updated: number }
export interface OAuthProvidersTable { id: string; app_id: string; version: number; code: string; data: string; created: number; updated: number }
export interface Auth0ScopeBindingsTable { id: string; app_id: string; scope: string; role_name: string; created: number }

export interface UsersConfigTables {
  users_config: UsersConfigTable;
  oauth_providers: OAuthProvidersTable;
  auth0_scope_bindings: Auth0ScopeBindingsTable;
}
