import type { Kysely, Migration } from 'kysely';

/*
 * Messaging lives in the system database, keyed by app id: an app's data store holds only the
 * developer's own tables, so a table named `channels` there can never collide with ours. Every row
 * cascades away with its application. Written with the schema builder only, so one migration
 * serves SQLite and PostgreSQL.
 */
const m0400: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('msg_channels')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint')
      .addUniqueConstraint('msg_channels_app_name', ['app_id', 'name'])
      .execute();

    await db.schema
      .createTable('msg_messages')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('channel_id', 'varchar(64)', (c) => c.notNull().references('msg_channels.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('published', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('msg_messages_channel')
      .on('msg_messages')
      .columns(['channel_id', 'published'])
      .execute();

    await db.schema
      .createTable('msg_devices')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('device_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('device_token', 'varchar(4096)', (c) => c.notNull())
      .addColumn('os', 'varchar(32)', (c) => c.notNull())
      .addColumn('os_version', 'varchar(64)')
      .addColumn('expiration', 'bigint')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint')
      .addUniqueConstraint('msg_devices_app_device', ['app_id', 'device_id'])
      .execute();

    // Which channels a device receives pushes for; channel names (not ids) because the app API
    // registers by name and a device may name a channel the developer creates later.
    await db.schema
      .createTable('msg_device_channels')
      .addColumn('device_row_id', 'varchar(64)', (c) => c.notNull().references('msg_devices.id').onDelete('cascade'))
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('channel_name', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('msg_device_channels_pk', ['device_row_id', 'channel_name'])
      .execute();
    await db.schema
      .createIndex('msg_device_channels_channel')
      .on('msg_device_channels')
      .columns(['app_id', 'channel_name'])
      .execute();

    // Push, button and channel templates share one shape: a named JSON document per kind/platform.
    await db.schema
      .createTable('msg_templates')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('platform', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint')
      .addPrimaryKeyConstraint('msg_templates_pk', ['app_id', 'kind', 'platform', 'name'])
      .execute();

    await db.schema
      .createTable('msg_push_providers')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('msg_push_providers_pk', ['app_id', 'provider'])
      .execute();

    await db.schema
      .createTable('msg_push_outbox')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('message_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('device_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('device_token', 'varchar(4096)', (c) => c.notNull())
      .addColumn('os', 'varchar(32)', (c) => c.notNull())
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint')
      .execute();
    await db.schema.createIndex('msg_push_outbox_app').on('msg_push_outbox').columns(['app_id', 'created']).execute();
  },
};

/*
 * Push credentials get an id (the console's mobile-settings routes address them by it), and
 * publishes can be scheduled: one row per scheduled or repeated publish, polled by every server
 * process. `next_at` is the next due time; a process fires a row only after moving `next_at` on
 * with an UPDATE that names the old value, so two processes never fire the same due time.
 */
const m0401: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('msg_push_providers').addColumn('id', 'varchar(64)').execute();
    await db.schema
      .createTable('msg_publish_jobs')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('channel_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('input', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('next_at', 'bigint', (c) => c.notNull())
      .addColumn('repeat_every_ms', 'bigint')
      .addColumn('expires_at', 'bigint')
      .addColumn('fired', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint')
      .execute();
    await db.schema.createIndex('msg_publish_jobs_due').on('msg_publish_jobs').columns(['state', 'next_at']).execute();
  },
};

export const messagingMigrations: Record<string, Migration> = {
  '0400-messaging': m0400,
  '0401-push-settings-scheduled-publish': m0401,
};
