import type { Kysely, Migration } from 'kysely';

/** Tables of the developer team (members themselves live in `app_members` of the foundation). */
export const teamSystemMigrations: Record<string, Migration> = {
  '0250-team': {
    async up(db: Kysely<any>) {
      // A pending invitation of someone without an account; the code is mailed, only its hash kept.
      await db.schema
        .createTable('team_invites')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('invited_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('team_invites_app_email')
        .on('team_invites')
        .columns(['app_id', 'email'])
        .unique()
        .execute();

      // At most one pending ownership transfer per app (the primary key says so).
      await db.schema
        .createTable('ownership_proposals')
        .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
        .addColumn('id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('from_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
        .addColumn('to_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ownership_proposals_to').on('ownership_proposals').column('to_id').execute();

      // Small per-app settings of the team area (limit notifications ...), one JSON value per key.
      await db.schema
        .createTable('team_settings')
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('key', 'varchar(64)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_settings_pk', ['app_id', 'key'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['team_settings', 'ownership_proposals', 'team_invites'])
        await db.schema.dropTable(t).ifExists().execute();
    },
  },
};

export interface TeamInvitesTable {
  id: string;
  code_hash: string;
  app_id: string;
  email: string;
  invited_by: string;
  created: number;
  expires: number;
}

export interface OwnershipProposalsTable {
  app_id: string;
  id: string;
  from_id: string;
  to_id: string;
  code_hash: string;
  created: number;
  expires: number;
}

export interface TeamSettingsTable {
  app_id: string;
  key: string;
  value: string;
  updated: number;
}

export interface TeamTables {
  team_invites: TeamInvitesTable;
  ownership_proposals: OwnershipProposalsTable;
  team_settings: TeamSettingsTable;
}
