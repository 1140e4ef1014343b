/** Column data types of the data service. DATA_REF and GEO_REF are relation columns. */
export const DataTypes = [
  'STRING',
  'STRING_ID',
  'EXTENDED_STRING',
  'TEXT',
  'INT',
  'DOUBLE',
  'BOOLEAN',
  'DATETIME',
  'FILE_REF',
  'DATA_REF',
  'GEO_REF',
  'POINT',
  'LINESTRING',
  'POLYGON',
  'GEOMETRY',
  'JSON',
] as const;
export type DataType = (typeof DataTypes)[number];

/** Types stored in a column of the record's own table (relations live in link tables). */
export const ScalarDataTypes = [
  'STRING',
  'STRING_ID',
  'EXTENDED_STRING',
  'TEXT',
  'INT',
  'DOUBLE',
  'BOOLEAN',
  'DATETIME',
  'FILE_REF',
  'POINT',
  'LINESTRING',
  'POLYGON',
  'GEOMETRY',
  'JSON',
] as const;
export type ScalarDataType = (typeof ScalarDataTypes)[number];

/** Types whose values are plain text (FILE_REF cells hold a file path, which some checks count as text too). */
export const TextDataTypes = [
  'STRING',
  'STRING_ID',
  'EXTENDED_STRING',
  'TEXT',
] as const satisfies readonly ScalarDataType[];

export type RelationshipType = 'ONE_TO_ONE' | 'ONE_TO_MANY';
