import type { DataType, RelationshipType, ScalarDataType } from '@basalt/shared';

/**
 * The data area's picture of one app's schema, shared by the table/record code and the where
 * compiler (`query/`). Physical names (`sqlName`) are chosen by the tables code; the compiler only
 * ever puts them into SQL through `sql.id`/`sql.ref`, never user text.
 *
 * Storage rules both sides rely on:
 * - every table has columns objectId (text pk), created and updated (DATETIME), ownerId (text);
 * - DATETIME is stored as epoch milliseconds (bigint / integer) on both databases;
 * - BOOLEAN is boolean on PostgreSQL and 0/1 on SQLite;
 * - a relation column (DATA_REF or GEO_REF) lives in its own link table with columns
 *   parent_id, child_id, position; one-to-one and one-to-many share that shape.
 */
export interface ColumnInfo {
  name: string;
  sqlName: string;
  dataType: ScalarDataType;
  required: boolean;
  unique: boolean;
  indexed: boolean;
  defaultValue: unknown;
  /** objectId, created, updated, ownerId and the Users system columns */
  system: boolean;
  /** The validator of a text column (decision 0069): values written must match it whole. */
  customRegex?: string | null;
}

export interface RelationInfo {
  name: string;
  dataType: Extract<DataType, 'DATA_REF' | 'GEO_REF'>;
  toTableName: string;
  relationshipType: RelationshipType;
  /** physical link table (parent_id, child_id, position) */
  linkTable: string;
}

export interface TableInfo {
  tableId: string;
  name: string;
  sqlName: string;
  system: boolean;
  columns: ColumnInfo[];
  relations: RelationInfo[];
}

/** Looks tables up by name within one app (case-sensitive, as names are shown). */
export interface SchemaResolver {
  table(name: string): TableInfo | undefined;
}
