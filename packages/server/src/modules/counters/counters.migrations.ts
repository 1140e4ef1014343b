import type { Kysely, Migration } from 'kysely';

/**
 * Counters live in each application's data store. The leading underscore keeps the table apart
 * from developers' tables, whose names must start with a letter.
 */
export const countersAppMigrations: Record<string, Migration> = {
  '0150-counters': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('_counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};
