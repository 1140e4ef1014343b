import type { Kysely, Migration } from 'kysely';

/**
 * Missions (decision 0083), range 0960–0969. Per developer: progress per task, the append-only
 * ledger of awards (unique per developer, source and source id, so a replayed event never awards
 * twice), notices the console has not shown, trivia answers (one per task) and the account's
 * switches. Per app only the tracking switch (a developer preference, not app content: listed in
 * the lifecycle census as not copied).
 */
const m0960: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const dev = (c: any) => c.notNull().references('developers.id').onDelete('cascade');
    await db.schema
      .createTable('gam_progress')
      .addColumn('developer_id', 'varchar(64)', dev)
      .addColumn('task_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('completed_at', 'bigint')
      .addPrimaryKeyConstraint('gam_progress_pk', ['developer_id', 'task_id'])
      .execute();
    await db.schema
      .createTable('gam_ledger')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('developer_id', 'varchar(64)', dev)
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('source_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('xp', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('gam_ledger_award', ['developer_id', 'source', 'source_id'])
      .execute();
    await db.schema
      .createTable('gam_notices')
      .addColumn('developer_id', 'varchar(64)', dev)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('ref_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('xp', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('played', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('gam_notices_pk', ['developer_id', 'kind', 'ref_id'])
      .execute();
    await db.schema
      .createTable('gam_trivia_answers')
      .addColumn('developer_id', 'varchar(64)', dev)
      .addColumn('task_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('trivia_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('answer_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('correct', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('gam_trivia_answers_pk', ['developer_id', 'task_id'])
      .execute();
    await db.schema
      .createTable('gam_accounts')
      .addColumn('developer_id', 'varchar(64)', (c) => c.primaryKey().references('developers.id').onDelete('cascade'))
      .addColumn('tracking', 'integer', (c) => c.notNull())
      .addColumn('pack_id', 'varchar(100)')
      .addColumn('notifications', 'integer', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('gam_app_tracking')
      .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const t of [
      'gam_app_tracking',
      'gam_accounts',
      'gam_trivia_answers',
      'gam_notices',
      'gam_ledger',
      'gam_progress',
    ])
      await db.schema.dropTable(t).execute();
  },
};

export const gamificationMigrations: Record<string, Migration> = { '0960-gamification': m0960 };
