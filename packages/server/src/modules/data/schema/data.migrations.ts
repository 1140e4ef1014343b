import type { Kysely, Migration } from 'kysely';
import { createRecordOutbox } from '../records/record-outbox.js';
import { createPhysicalTable } from './ddl.js';
import { USERS_COLUMNS, USERS_TABLE_ID, USERS_TABLE_SQL, systemColumnRows } from './system-tables.js';

/**
 * Metadata of an app's data schema, kept in the app's own data store so that a store carries its
 * schema with it (export, clone, delete go together). Booleans are integers 0/1 here so both
 * databases read them the same way; defaults are JSON text.
 */
async function createMeta(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('meta_tables')
    .addColumn('table_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('sql_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.createTable('meta_columns')
    .addColumn('column_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('table_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('sql_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uniq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('indexed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_value', 'text')
    .addColumn('system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('meta_columns_name', ['table_id', 'name_key'])
    .execute();

  // Relation columns share the column namespace of their table (checked by the service).
  await db.schema.createTable('meta_relations')
    .addColumn('column_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('table_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('to_table_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('relationship_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('link_table', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('meta_relations_name', ['table_id', 'name_key'])
    .execute();

  await db.schema.createTable('meta_config')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createTable('meta_views')
    .addColumn('view_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('table_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .execute();
}

/** Every app starts with the Users system table. */
async function createUsers(db: Kysely<any>): Promise<void> {
  const now = Date.now();
  await db.insertInto('meta_tables').values({ table_id: USERS_TABLE_ID, name: 'Users', name_key: 'users', sql_name: USERS_TABLE_SQL, system: 1, options: '{}', created: now }).execute();
  const rows = systemColumnRows(USERS_TABLE_ID, USERS_COLUMNS);
  await db.insertInto('meta_columns').values(rows).execute();
  await createPhysicalTable(db, USERS_TABLE_SQL, USERS_COLUMNS.filter((c) => !c.base));
  await db.schema.createIndex(`ux_${USERS_TABLE_SQL}_email`).unique().on(USERS_TABLE_SQL).column('email').execute();
}

/** Column validators (decision 0069): the expression a text column's values must match, or null. */
async function addColumnValidators(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('meta_columns').addColumn('custom_regex', 'text').execute();
}

export const dataAppMigrations: Record<string, Migration> = {
  '0100-data-meta': { up: createMeta },
  '0101-data-users': { up: createUsers },
  '0102-data-column-validators': { up: addColumnValidators },
  '0190-record-outbox': { up: createRecordOutbox },
};
