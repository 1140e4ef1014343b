import type { Kysely } from 'kysely';
import type { ScalarDataType } from '@basalt/shared';
import type { Databases } from '../../../db/dialect.js';
import { createLinkTable, createPhysicalTable, dropPhysicalTable, setColumnIndexes, withStoreType } from './ddl.js';

/**
 * An app's whole data schema as the rows of its metadata tables, the form an app archive carries
 * (decision 0059): ids, physical names and options travel unchanged, so permissions that name a
 * table or column id still point at it in the copy.
 */
export interface SchemaRows {
  tables: Array<Record<string, unknown>>;
  columns: Array<Record<string, unknown>>;
  relations: Array<Record<string, unknown>>;
  views: Array<Record<string, unknown>>;
  config: Array<Record<string, unknown>>;
}

const META: Record<keyof SchemaRows, string> = {
  tables: 'meta_tables',
  columns: 'meta_columns',
  relations: 'meta_relations',
  views: 'meta_views',
  config: 'meta_config',
};

const BASE = new Set(['objectId', 'created', 'updated', 'ownerId']);
const flag = (v: unknown) => v === 1 || v === true || v === '1';

/** Reads the metadata rows of an app store. */
export async function readSchemaRows(db: Kysely<any>): Promise<SchemaRows> {
  const out = {} as SchemaRows;
  for (const [key, table] of Object.entries(META) as Array<[keyof SchemaRows, string]>) {
    out[key] = await db.selectFrom(table).selectAll().execute();
  }
  return out;
}

/**
 * Replaces an app store's schema with `rows`, in one transaction: every data table and link table
 * of the store goes (with its records), the metadata rows are written, and each table is created
 * again with its columns, indexes and relation link tables. Records are not touched here.
 */
export async function replaceSchema(db: Kysely<any>, dbs: Databases, rows: SchemaRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const old = await readSchemaRows(trx);
    for (const r of old.relations) await dropPhysicalTable(trx, String(r.link_table));
    for (const t of old.tables) await dropPhysicalTable(trx, String(t.sql_name));
    for (const table of Object.values(META)) await trx.deleteFrom(table).execute();
    for (const [key, table] of Object.entries(META) as Array<[keyof SchemaRows, string]>) {
      for (const row of rows[key]) await trx.insertInto(table).values(row).execute();
    }
    for (const t of rows.tables) {
      const columns = rows.columns
        .filter((c) => c.table_id === t.table_id && !BASE.has(String(c.name)))
        .sort((a, b) => Number(a.position) - Number(b.position))
        .map((c) =>
          withStoreType(dbs, {
            name: String(c.name),
            sqlName: String(c.sql_name),
            dataType: String(c.data_type) as ScalarDataType,
            required: flag(c.required),
            unique: flag(c.uniq),
            indexed: flag(c.indexed),
          }),
        );
      const tableSql = String(t.sql_name);
      await createPhysicalTable(trx, tableSql, columns);
      for (const c of columns) if (c.unique || c.indexed) await setColumnIndexes(trx, tableSql, c.sqlName, c);
    }
    for (const r of rows.relations) await createLinkTable(trx, String(r.link_table));
  });
}
