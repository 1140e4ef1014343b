import type { Kysely, Migration } from 'kysely';

/**
 * Webhooks, their deliveries and every attempt of a delivery, in the system database (cloud code
 * range 0500–0599: webhooks live under Cloud Code). `secret` and `headers` are sealed with the
 * server key; `events` is a JSON array. Times are epoch ms.
 */
const m0580: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('webhooks')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('headers', 'text', (c) => c.notNull())
      .addColumn('filter', 'text')
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhooks_app').on('webhooks').columns(['app_id', 'name']).unique().execute();
    // One row per event a webhook must hear. `seq` orders the deliveries of one lane (`order_key`:
    // the record, user, file or channel the event is about); a delivery waits for the earlier ones.
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('webhook_id', 'varchar(36)', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('event', 'varchar(300)', (c) => c.notNull())
      .addColumn('order_key', 'varchar(400)', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_at', 'bigint')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_lane')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'order_key', 'state', 'seq'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_log')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'created'])
      .execute();
    await db.schema
      .createTable('webhook_attempts')
      .addColumn('delivery_id', 'varchar(36)', (c) =>
        c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
      )
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addPrimaryKeyConstraint('webhook_attempts_pk', ['delivery_id', 'attempt'])
      .execute();
    // Stored third-party configurations (Integrations page): one row per (app, name), `config` sealed JSON.
    await db.schema
      .createTable('app_integrations')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('type', 'varchar(40)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('app_integrations_pk', ['app_id', 'name'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('app_integrations').execute();
    await db.schema.dropTable('webhook_attempts').execute();
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhooks').execute();
  },
};

/**
 * One dispatch loop per webhook (decision 0085): the circuit breaker's state on the webhook
 * (failed attempts in a row, and until when its deliveries wait untried), and an index for the
 * loop's question "which deliveries of this webhook are due".
 */
const m1220: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('webhooks')
      .addColumn('breaker_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('webhooks').addColumn('breaker_until', 'bigint').execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'state', 'next_at'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex('webhook_deliveries_due').execute();
    await db.schema.alterTable('webhooks').dropColumn('breaker_until').execute();
    await db.schema.alterTable('webhooks').dropColumn('breaker_failures').execute();
  },
};

export const webhooksMigrations: Record<string, Migration> = {
  '0580-webhooks': m0580,
  '1220-webhook-dispatch': m1220,
};
