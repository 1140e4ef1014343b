import type { ScalarDataType } from '@basalt/shared';

/** A column defined by the product, not by the developer. Its physical name is its name. */
export interface SystemColumnDef {
  name: string;
  dataType: ScalarDataType;
  required: boolean;
  unique: boolean;
  indexed: boolean;
  defaultValue: unknown;
  /** One of the four columns every table has (created with the table itself). */
  base?: boolean;
}

const col = (name: string, dataType: ScalarDataType, opts: Partial<SystemColumnDef> = {}): SystemColumnDef => ({
  name, dataType, required: false, unique: false, indexed: false, defaultValue: null, ...opts,
});

/** objectId, created, updated, ownerId: present in every table, in this order. */
export const BASE_COLUMNS: SystemColumnDef[] = [
  col('objectId', 'STRING_ID', { required: true, unique: true, indexed: true, base: true }),
  col('created', 'DATETIME', { required: true, base: true }),
  col('updated', 'DATETIME', { required: true, base: true }),
  col('ownerId', 'STRING', { base: true }),
];

export const USERS_TABLE_ID = 'USERS';
export const USERS_TABLE_SQL = 't_users';

export const USERS_COLUMNS: SystemColumnDef[] = [
  ...BASE_COLUMNS,
  col('email', 'STRING', { unique: true, indexed: true }),
  col('password', 'STRING'),
  col('name', 'STRING'),
  col('userStatus', 'STRING', { defaultValue: 'ENABLED' }),
  col('lastLogin', 'DATETIME'),
  col('socialAccount', 'STRING', { defaultValue: 'BACKENDLESS' }),
  col('isEmailConfirmed', 'BOOLEAN', { defaultValue: false }),
];

/** The per-app geo points table, created the first time a GEO_REF column needs it. */
export const GEO_TABLE_NAME = 'GeoPoint';
export const GEO_TABLE_SQL = 't_geopoint';
export const GEO_COLUMNS: SystemColumnDef[] = [
  ...BASE_COLUMNS,
  col('latitude', 'DOUBLE', { required: true, defaultValue: 0 }),
  col('longitude', 'DOUBLE', { required: true, defaultValue: 0 }),
  col('metadata', 'TEXT'),
];

/** Rows of `meta_columns` for a system table's columns. */
export function systemColumnRows(tableId: string, columns: SystemColumnDef[]) {
  return columns.map((c, i) => ({
    column_id: `${tableId}-${c.name}`,
    table_id: tableId,
    name: c.name,
    name_key: c.name.toLowerCase(),
    sql_name: c.name,
    data_type: c.dataType,
    required: c.required ? 1 : 0,
    uniq: c.unique ? 1 : 0,
    indexed: c.indexed ? 1 : 0,
    default_value: c.defaultValue === null ? null : JSON.stringify(c.defaultValue),
    system: 1,
    position: i,
  }));
}
