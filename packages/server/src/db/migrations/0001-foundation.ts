import type { Kysely } from 'kysely';

// Written with the schema builder only, so one migration serves SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('developers')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_secret', 'varchar(64)')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_pending_secret', 'varchar(64)')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('dev_sessions')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('developer_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('last_used', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dev_sessions_developer').on('dev_sessions').column('developer_id').execute();

  await db.schema
    .createTable('otp_sessions')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('developer_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('dev_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('developer_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('apps')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(64)', (c) => c.notNull().references('developers.id'))
    .addColumn('zone', 'varchar(16)', (c) => c.notNull().defaultTo('LOCAL'))
    .addColumn('info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo', 'text')
    .addColumn('dev_options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('apps_owner').on('apps').column('owner_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('device_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('api_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_app').on('api_keys').column('app_id').execute();

  await db.schema
    .createTable('app_members')
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('developer_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_members_pk', ['app_id', 'developer_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['app_members', 'api_keys', 'apps', 'dev_tokens', 'otp_sessions', 'dev_sessions', 'developers']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
