import type { Kysely, Migration } from 'kysely';

/**
 * The general job table, and the scheduled publishes of `msg_publish_jobs` moved into it as jobs
 * of kind `messaging.publish` (every row, whatever its state, so their status stays answerable).
 */
const m0402: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(100)', (c) => c.notNull())
      .addColumn('app_id', 'varchar(64)', (c) => c.references('apps.id').onDelete('cascade'))
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('run_at', 'bigint', (c) => c.notNull())
      .addColumn('repeat_every_ms', 'bigint')
      .addColumn('expires_at', 'bigint')
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('leased_by', 'varchar(200)')
      .addColumn('lease_until', 'bigint')
      .addColumn('last_run_by', 'varchar(200)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint')
      .execute();
    await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();
    await db.schema.createIndex('jobs_app_kind').on('jobs').columns(['app_id', 'kind', 'state']).execute();

    const old = await db.selectFrom('msg_publish_jobs').selectAll().execute();
    for (const r of old) {
      await db
        .insertInto('jobs')
        .values({
          id: r.id,
          kind: 'messaging.publish',
          app_id: r.app_id,
          payload: JSON.stringify({ channel: r.channel_name, input: JSON.parse(r.input) }),
          state: r.state,
          run_at: r.next_at,
          repeat_every_ms: r.repeat_every_ms,
          expires_at: r.expires_at,
          runs: r.fired,
          attempts: 0,
          last_error: r.last_error,
          leased_by: null,
          lease_until: null,
          last_run_by: null,
          created: r.created,
          updated: r.updated,
        })
        .execute();
    }
    await db.schema.dropTable('msg_publish_jobs').execute();
  },
};

export const jobsMigrations: Record<string, Migration> = { '0402-jobs': m0402 };
