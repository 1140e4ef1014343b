import type { Kysely, Migration } from 'kysely';

/**
 * An app's plan on each product line (business range 0900–0999, decision 0082). An app without a
 * row is on its line's default plan. Times epoch ms; `period_start` is where the billing period
 * counts from (the switch).
 */
const m0900: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('billing_subscriptions')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('line', 'varchar(16)', (c) => c.notNull())
      .addColumn('plan_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('period', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('period_start', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)')
      .addPrimaryKeyConstraint('billing_subscriptions_pk', ['app_id', 'line'])
      .execute();
    // One notice per app, component, threshold and UTC day (80, 90, 100 %).
    await db.schema
      .createTable('billing_limit_notices')
      .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('component', 'varchar(64)', (c) => c.notNull())
      .addColumn('threshold', 'integer', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('plan_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('usage', 'bigint', (c) => c.notNull())
      .addColumn('limit_value', 'bigint', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('billing_limit_notices_pk', ['app_id', 'component', 'threshold', 'day'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('billing_limit_notices').execute();
    await db.schema.dropTable('billing_subscriptions').execute();
  },
};

export const billingMigrations: Record<string, Migration> = { '0900-billing-plans': m0900 };
