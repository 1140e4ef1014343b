import type { Kysely, Migration } from 'kysely';

export const recoveryCodeMigrations: Record<string, Migration> = {
  '0004-developer-recovery-codes': {
    async up(db: Kysely<any>) {
      // Only a hash of each code is kept, like session keys: a copy of the database does not give
      // anyone a way past the second factor.
      await db.schema
        .createTable('dev_recovery_codes')
        .addColumn('developer_id', 'varchar(64)', (c) => c.notNull().references('developers.id').onDelete('cascade'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('used', 'bigint')
        .addPrimaryKeyConstraint('dev_recovery_codes_pk', ['developer_id', 'code_hash'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('dev_recovery_codes').ifExists().execute();
    },
  },
};

export interface DevRecoveryCodesTable {
  developer_id: string;
  /** sha256 of the normalised code (lower case, no dash). */
  code_hash: string;
  created: number;
  /** When the code opened a session; null while it is still good. */
  used: number | null;
}

export interface RecoveryCodeTables {
  dev_recovery_codes: DevRecoveryCodesTable;
}
