import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isSpatialType, type ScalarDataType } from '@basalt/shared';
import type { Databases } from '../../../db/dialect.js';

/**
 * Physical DDL of data tables, written with the schema builder so that one code path serves both
 * databases. The declared types are chosen so SQLite's type affinity gives the same storage as
 * PostgreSQL's native types (`bigint` → INTEGER, `double precision` → REAL, `boolean` → NUMERIC
 * holding 0/1). Column defaults are not part of the DDL: the service applies them on insert, so no
 * developer-typed value ever becomes SQL text (DDL cannot take bind parameters).
 */

export type SqlType = 'text' | 'bigint' | 'double precision' | 'boolean';

export function sqlType(t: ScalarDataType): SqlType {
  switch (t) {
    case 'INT':
    case 'DATETIME':
      return 'bigint';
    case 'DOUBLE':
      return 'double precision';
    case 'BOOLEAN':
      return 'boolean';
    default:
      return 'text';
  }
}

export interface PhysicalColumn {
  /** physical name (`sqlName`, or `name` for system columns) */
  sqlName?: string;
  name: string;
  dataType: ScalarDataType;
  required: boolean;
  /**
   * The database's own type when it differs between the two (spatial columns:
   * `Databases.spatialColumnType`); one of the dialect's fixed type texts, never developer text.
   */
  sqlType?: string;
}

/** A column as the DDL of this database takes it: spatial columns carry the database's own geometry type. */
export function withStoreType<C extends { dataType: ScalarDataType }>(
  dbs: Pick<Databases, 'kind' | 'spatialColumnType'>,
  c: C,
): C & { sqlType?: string } {
  // JSON is jsonb on PostgreSQL (parsed, indexable) and JSON text on SQLite (decision 0029).
  if (c.dataType === 'JSON' && dbs.kind === 'postgres') return { ...c, sqlType: 'jsonb' };
  return isSpatialType(c.dataType) ? { ...c, sqlType: dbs.spatialColumnType(c.dataType) } : c;
}

const physical = (c: PhysicalColumn) => c.sqlName ?? c.name;
const typeOf = (c: PhysicalColumn) => (c.sqlType ? sql.raw(c.sqlType) : sqlType(c.dataType));

/** Creates a data table: the four base columns plus `columns`, all in one statement. */
export async function createPhysicalTable(db: Kysely<any>, tableSql: string, columns: PhysicalColumn[]): Promise<void> {
  let builder = db.schema.createTable(tableSql)
    .addColumn('objectId', 'text', (c) => c.primaryKey())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .addColumn('ownerId', 'text');
  for (const col of columns) {
    builder = builder.addColumn(physical(col), typeOf(col), (c) => (col.required ? c.notNull() : c));
  }
  await builder.execute();
  await db.schema.createIndex(`ix_${tableSql}_created`).on(tableSql).column('created').execute();
}

export async function dropPhysicalTable(db: Kysely<any>, tableSql: string): Promise<void> {
  await db.schema.dropTable(tableSql).ifExists().execute();
}

/** Adds a nullable column; NOT NULL is applied afterwards (when rows got their default) by a rebuild. */
export async function addPhysicalColumn(db: Kysely<any>, tableSql: string, col: PhysicalColumn): Promise<void> {
  await db.schema.alterTable(tableSql).addColumn(physical(col), typeOf(col)).execute();
}

export async function dropPhysicalColumn(db: Kysely<any>, tableSql: string, colSql: string): Promise<void> {
  // SQLite refuses to drop an indexed column, so the indexes go first.
  await setColumnIndexes(db, tableSql, colSql, { unique: false, indexed: false });
  await db.schema.alterTable(tableSql).dropColumn(colSql).execute();
}

/**
 * Makes the unique and plain indexes of one column match the options. A plain index also holds
 * `created, objectId`, the order records come in when no sort is given: a find on `column = x`
 * then walks the index in answer order and stops after a page, where a single-column index made
 * the database fetch every match and sort them first (about 2.5× slower for 200 matches). A
 * unique index stays on the column alone, which is what uniqueness means.
 */
export async function setColumnIndexes(db: Kysely<any>, tableSql: string, colSql: string, opts: { unique: boolean; indexed: boolean }): Promise<void> {
  const ux = `ux_${tableSql}_${colSql}`;
  const ix = `ix_${tableSql}_${colSql}`;
  await db.schema.dropIndex(ux).ifExists().execute();
  await db.schema.dropIndex(ix).ifExists().execute();
  if (opts.unique) await db.schema.createIndex(ux).unique().on(tableSql).column(colSql).execute();
  else if (opts.indexed) await db.schema.createIndex(ix).on(tableSql).columns([colSql, 'created', 'objectId']).execute();
}

export interface RebuildColumn extends PhysicalColumn {
  unique: boolean;
  indexed: boolean;
  /** set when the stored type changes: old values are cast to the new type while copying */
  castFrom?: ScalarDataType;
}

/**
 * Recreates a table with new column definitions and copies every row, inside the caller's
 * transaction (both databases have transactional DDL). This is how NOT NULL and type changes are
 * applied: SQLite's ALTER TABLE cannot change them, and one code path keeps both databases alike.
 * Relations live in link tables keyed by objectId, so they survive the rebuild untouched.
 */
export async function rebuildTable(trx: Kysely<any>, tableSql: string, columns: RebuildColumn[]): Promise<void> {
  // A fresh name each time: PostgreSQL keeps the primary-key index name of the renamed table.
  const tmp = `${tableSql}_r${crypto.randomBytes(4).toString('hex')}`;
  let builder = trx.schema.createTable(tmp)
    .addColumn('objectId', 'text', (c) => c.primaryKey())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .addColumn('ownerId', 'text');
  for (const col of columns) builder = builder.addColumn(physical(col), typeOf(col), (c) => (col.required ? c.notNull() : c));
  await builder.execute();

  const names = ['objectId', 'created', 'updated', 'ownerId', ...columns.map(physical)];
  const select = trx.selectFrom(tableSql).select([
    ...['objectId', 'created', 'updated', 'ownerId'].map((n) => sql.ref(n).as(n)),
    // The cast target is one of our four constant type names, never developer text.
    ...columns.map((c) => (c.castFrom && sqlType(c.castFrom) !== sqlType(c.dataType)
      ? sql`cast(${sql.ref(physical(c))} as ${sql.raw(sqlType(c.dataType))})`.as(physical(c))
      : sql.ref(physical(c)).as(physical(c)))),
  ]);
  await trx.insertInto(tmp).columns(names).expression(select).execute();
  await trx.schema.dropTable(tableSql).execute();
  await trx.schema.alterTable(tmp).renameTo(tableSql).execute();
  await trx.schema.createIndex(`ix_${tableSql}_created`).ifNotExists().on(tableSql).column('created').execute();
  for (const col of columns) {
    if (col.unique || col.indexed) await setColumnIndexes(trx, tableSql, physical(col), col);
  }
}

/** A relation's link table: one row per (parent, child), ordered by position. */
export async function createLinkTable(db: Kysely<any>, linkSql: string): Promise<void> {
  await db.schema.createTable(linkSql)
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('child_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`pk_${linkSql}`, ['parent_id', 'child_id'])
    .execute();
  await db.schema.createIndex(`ix_${linkSql}_child`).on(linkSql).column('child_id').execute();
}
