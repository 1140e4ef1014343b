import type { Kysely, Migration } from 'kysely';

/**
 * Community (decision 0083), range 0970–0979. Everything belongs to developers, none to an app:
 * profiles (unique case-insensitive user names), comments and reviews (author set to null when a
 * profile is removed: they stay, signed by a deleted user), votes, the blacklist, invitations to
 * the instance with each developer's invite code, and questionnaire answers.
 */
const m0970: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const dev = (c: any) => c.notNull().references('developers.id').onDelete('cascade');
    await db.schema
      .createTable('cm_profiles')
      .addColumn('developer_id', 'varchar(64)', (c) => c.primaryKey().references('developers.id').onDelete('cascade'))
      .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('user_name_key', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('display_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('country', 'varchar(2)')
      .addColumn('bio', 'text', (c) => c.notNull())
      .addColumn('website', 'varchar(300)', (c) => c.notNull())
      .addColumn('photo', 'text')
      .addColumn('background', 'text')
      .addColumn('apps', 'text', (c) => c.notNull())
      .addColumn('last_active', 'bigint')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('cm_comments')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('context', 'varchar(50)', (c) => c.notNull())
      .addColumn('item_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('parent_id', 'varchar(64)')
      .addColumn('author_id', 'varchar(64)', (c) => c.references('developers.id').onDelete('set null'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('hidden', 'integer', (c) => c.notNull())
      .addColumn('deleted', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cm_comments_item').on('cm_comments').columns(['context', 'item_id']).execute();
    await db.schema
      .createTable('cm_reviews')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('context', 'varchar(50)', (c) => c.notNull())
      .addColumn('item_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('author_id', 'varchar(64)', (c) => c.references('developers.id').onDelete('set null'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('cm_reviews_one_per_author', ['context', 'item_id', 'author_id'])
      .execute();
    await db.schema
      .createTable('cm_votes')
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('item_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('developer_id', 'varchar(64)', dev)
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cm_votes_pk', ['type', 'item_id', 'developer_id'])
      .execute();
    await db.schema
      .createTable('cm_blacklist')
      .addColumn('developer_id', 'varchar(64)', (c) => c.primaryKey().references('developers.id').onDelete('cascade'))
      .addColumn('reason', 'varchar(500)', (c) => c.notNull())
      .addColumn('until', 'bigint')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('cm_invite_codes')
      .addColumn('developer_id', 'varchar(64)', (c) => c.primaryKey().references('developers.id').onDelete('cascade'))
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .execute();
    await db.schema
      .createTable('cm_invites')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('inviter_id', 'varchar(64)', dev)
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('registered_id', 'varchar(64)', (c) => c.references('developers.id').onDelete('set null'))
      .addColumn('registered_at', 'bigint')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('expires', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cm_invites_inviter').on('cm_invites').column('inviter_id').execute();
    await db.schema
      .createTable('cm_questionnaire')
      .addColumn('developer_id', 'varchar(64)', (c) => c.primaryKey().references('developers.id').onDelete('cascade'))
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const t of [
      'cm_questionnaire',
      'cm_invites',
      'cm_invite_codes',
      'cm_blacklist',
      'cm_votes',
      'cm_reviews',
      'cm_comments',
      'cm_profiles',
    ])
      await db.schema.dropTable(t).execute();
  },
};

export const communityMigrations: Record<string, Migration> = { '0970-community': m0970 };
