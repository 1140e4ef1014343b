import type { Kysely, Migration } from 'kysely';

/**
 * Email of each app, in the system database (settings range 0700–): its SMTP settings (sealed JSON,
 * see http/secret-box.ts), its own texts of the system event mails, its custom templates, and the
 * durable outbox its mails wait in until delivered (times epoch ms).
 */
const m0790: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const appId = 'app_id';
    await db.schema
      .createTable('email_settings')
      .addColumn(appId, 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('email_event_templates')
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('event_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_event_templates_pk', [appId, 'event_id'])
      .execute();
    await db.schema
      .createTable('email_templates')
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('attachments', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('email_templates_pk', [appId, 'name'])
      .execute();
    await db.schema
      .createTable('email_outbox')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn(appId, 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('recipient', 'varchar(400)', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('mail', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('next_attempt', 'bigint')
      .addColumn('claimed_until', 'bigint')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('sent', 'bigint')
      .execute();
    await db.schema.createIndex('email_outbox_app').on('email_outbox').columns([appId, 'created']).execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const t of ['email_outbox', 'email_templates', 'email_event_templates', 'email_settings'])
      await db.schema.dropTable(t).execute();
  },
};

export const emailMigrations: Record<string, Migration> = { '0790_email': m0790 };
