import type { Kysely, Migration } from 'kysely';

/*
 * Pending password resets of app users. Only the SHA-256 of a reset token is kept (the token itself
 * is only in the mail); one row per user, so a new request replaces the old link.
 */
export const passwordResetMigrations: Record<string, Migration> = {
  '0210-app-user-password-resets': {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('app_user_password_resets')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('app_user_password_resets_user', ['app_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('app_user_password_resets').ifExists().execute();
    },
  },
  // Pending email confirmations of app users, kept the same way: the token's hash, one per user.
  '0212-app-user-email-confirmations': {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('app_user_email_confirmations')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(64)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('user_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('app_user_email_confirmations_user', ['app_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('app_user_email_confirmations').ifExists().execute();
    },
  },
};

export interface PasswordResetTables {
  app_user_password_resets: { token_hash: string; app_id: string; user_id: string; created: number; expires: number };
  app_user_email_confirmations: {
    token_hash: string;
    app_id: string;
    user_id: string;
    created: number;
    expires: number;
  };
}
