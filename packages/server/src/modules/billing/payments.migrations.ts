import type { Kysely, Migration } from 'kysely';

/**
 * Payment profiles, the profile paying for each app's line, invoices, and the Stripe events
 * applied (range 1300–1319, decision 0089). Times epoch ms; amounts in the currency's smallest unit.
 */
const m1300: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('billing_payment_profiles')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('developer_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('email', 'varchar(200)', (c) => c.notNull())
      .addColumn('company', 'varchar(200)', (c) => c.notNull())
      .addColumn('address', 'varchar(500)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('external_id', 'varchar(200)')
      .addColumn('setup_url', 'text')
      .addColumn('card_brand', 'varchar(32)')
      .addColumn('card_last4', 'varchar(4)')
      .addColumn('card_exp_month', 'integer')
      .addColumn('card_exp_year', 'integer')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('billing_payment_profiles_dev')
      .on('billing_payment_profiles')
      .column('developer_id')
      .execute();
    await db.schema
      .createIndex('billing_payment_profiles_ext')
      .on('billing_payment_profiles')
      .column('external_id')
      .execute();
    await db.schema
      .createTable('billing_app_profiles')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('line', 'varchar(16)', (c) => c.notNull())
      .addColumn('profile_id', 'varchar(64)', (c) =>
        c.notNull().references('billing_payment_profiles.id').onDelete('cascade'),
      )
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('billing_app_profiles_pk', ['app_id', 'line'])
      .execute();
    await db.schema
      .createTable('billing_invoices')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('number', 'varchar(40)', (c) => c.notNull())
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('line', 'varchar(16)', (c) => c.notNull())
      .addColumn('plan_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('period', 'varchar(16)', (c) => c.notNull())
      .addColumn('period_start', 'bigint', (c) => c.notNull())
      .addColumn('period_end', 'bigint', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(8)', (c) => c.notNull())
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('profile_id', 'varchar(64)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('settled', 'bigint')
      .addColumn('settled_by', 'varchar(200)')
      // One invoice per app, line and period: the job and the operator's "issue now" never double one.
      .addUniqueConstraint('billing_invoices_period', ['app_id', 'line', 'period_start'])
      .execute();
    await db.schema
      .createIndex('billing_invoices_status')
      .on('billing_invoices')
      .columns(['status', 'created'])
      .execute();
    // Each Stripe event is applied once (its id), and per object only events newer than the last applied.
    await db.schema
      .createTable('billing_stripe_events')
      .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('type', 'varchar(100)', (c) => c.notNull())
      .addColumn('object_id', 'varchar(255)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('applied', 'integer', (c) => c.notNull())
      .addColumn('received', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('billing_stripe_objects')
      .addColumn('object_id', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('last_created', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const t of [
      'billing_stripe_objects',
      'billing_stripe_events',
      'billing_invoices',
      'billing_app_profiles',
      'billing_payment_profiles',
    ])
      await db.schema.dropTable(t).execute();
  },
};

export const paymentsMigrations: Record<string, Migration> = { '1300-billing-payments': m1300 };
