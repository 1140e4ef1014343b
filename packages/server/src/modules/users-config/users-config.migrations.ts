import type { Kysely, Migration } from 'kysely';

export const usersConfigSystemMigrations: Record<string, Migration> = {
  '0270-users-config': {
    async up(db: Kysely<any>) {
      // One JSON document per app and key (registration, login, properties, social, auth0).
      await db.schema
        .createTable('users_config')
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('key', 'varchar(64)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('users_config_pk', ['app_id', 'key'])
        .execute();

      await db.schema
        .createTable('oauth_providers')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('code', 'varchar(64)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('oauth_providers_code')
        .on('oauth_providers')
        .columns(['app_id', 'version', 'code'])
        .unique()
        .execute();

      await db.schema
        .createTable('auth0_scope_bindings')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('scope', 'varchar(200)', (c) => c.notNull())
        .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('auth0_scope_bindings_pair')
        .on('auth0_scope_bindings')
        .columns(['app_id', 'scope', 'role_name'])
        .unique()
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['auth0_scope_bindings', 'oauth_providers', 'users_config'])
        await db.schema.dropTable(t).ifExists().execute();
    },
  },
  '0271-oauth-login': {
    async up(db: Kysely<any>) {
      // Pending browser sign-ins: only the SHA-256 of the state travels back; one row, used once.
      await db.schema
        .createTable('oauth_states')
        .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('oauth_states_expires').on('oauth_states').column('expires').execute();
      // Which app user a provider's account is: provider key (`oauth2:google`, `auth0`) and its subject id.
      await db.schema
        .createTable('oauth_identities')
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('provider', 'varchar(80)', (c) => c.notNull())
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('oauth_identities_pk', ['app_id', 'provider', 'subject'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['oauth_identities', 'oauth_states']) await db.schema.dropTable(t).ifExists().execute();
    },
  },
};

export interface OAuthStatesTable {
  state_hash: string;
  app_id: string;
  data: string;
  expires: number;
}
export interface OAuthIdentitiesTable {
  app_id: string;
  provider: string;
  subject: string;
  user_id: string;
  created: number;
}

export interface UsersConfigTable {
  app_id: string;
  key: string;
  value: string;
  updated: number;
}
export interface OAuthProvidersTable {
  id: string;
  app_id: string;
  version: number;
  code: string;
  data: string;
  created: number;
  updated: number;
}
export interface Auth0ScopeBindingsTable {
  id: string;
  app_id: string;
  scope: string;
  role_name: string;
  created: number;
}

export interface UsersConfigTables {
  users_config: UsersConfigTable;
  oauth_providers: OAuthProvidersTable;
  auth0_scope_bindings: Auth0ScopeBindingsTable;
  oauth_states: OAuthStatesTable;
  oauth_identities: OAuthIdentitiesTable;
}
