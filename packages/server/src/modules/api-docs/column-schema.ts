import type { ColumnMeta, RelationMeta, TableMeta } from '../data/index.js';
import { ref, type JsonSchema } from './builder.js';

/** Component names shared by the data documents. */
export const GEOMETRY_SCHEMA = 'Geometry';
export const RELATED_SCHEMA = 'RelatedRecord';

/** A spatial value as the app API answers it (GeoJSON plus the SDK's class and SRS id). */
export const geometrySchema: JsonSchema = {
  type: 'object',
  description: 'GeoJSON geometry; answers also carry `___class` (com.backendless.persistence.Point …) and `srsId`',
  properties: {
    type: { type: 'string', enum: ['Point', 'LineString', 'Polygon'] },
    coordinates: { type: 'array', items: {} },
    srsId: { type: 'integer', description: '4326 = WGS 84, 0 = Cartesian' },
    ___class: { type: 'string' },
  },
  required: ['type', 'coordinates'],
};

/** A record of another table as a relation holds it: at least its id and class. */
export const relatedSchema: JsonSchema = {
  type: 'object',
  properties: { objectId: { type: 'string' }, ___class: { type: 'string' } },
  required: ['objectId'],
  additionalProperties: true,
};

const nullable = (schema: JsonSchema): JsonSchema =>
  typeof schema.type === 'string' ? { ...schema, type: [schema.type, 'null'] } : { anyOf: [schema, { type: 'null' }] };

/** The JSON schema of a stored column's values (why each type travels as it does is in its description). */
function scalarSchema(c: ColumnMeta): JsonSchema {
  switch (c.dataType) {
    case 'STRING':
    case 'STRING_ID':
    case 'EXTENDED_STRING':
    case 'TEXT':
      return { type: 'string' };
    case 'INT':
      return { type: 'integer' };
    case 'DOUBLE':
      return { type: 'number' };
    case 'BOOLEAN':
      return { type: 'boolean' };
    case 'DATETIME':
      return { type: 'integer', description: 'Milliseconds since the epoch (writes also accept ISO-8601 text)' };
    case 'FILE_REF':
      return { type: 'string', description: "A file's path or URL in the app's files" };
    case 'POINT':
    case 'LINESTRING':
    case 'POLYGON':
    case 'GEOMETRY':
      return {
        description: `${c.dataType}: GeoJSON in answers; writes take GeoJSON or WKT text`,
        anyOf: [ref(GEOMETRY_SCHEMA), { type: 'string', description: "WKT, e.g. 'POINT (30 10)'" }],
      };
    case 'JSON':
      return { description: 'Any JSON value' };
  }
}

function columnSchema(c: ColumnMeta): JsonSchema {
  const base = scalarSchema(c);
  const withDefault = c.defaultValue === null ? base : { ...base, default: c.defaultValue };
  return c.required ? withDefault : nullable(withDefault);
}

function relationSchema(r: RelationMeta): JsonSchema {
  const target = r.dataType === 'GEO_REF' ? ref(GEOMETRY_SCHEMA) : ref(RELATED_SCHEMA);
  const about = `Relation to ${r.toTableName || 'another table'} (${r.relationshipType === 'ONE_TO_ONE' ? '1:1' : '1:N'}); answered only when loaded (loadRelations)`;
  return r.relationshipType === 'ONE_TO_ONE'
    ? { description: about, anyOf: [target, { type: 'null' }] }
    : { description: about, type: 'array', items: target };
}

/**
 * The record schema of a table (every column and relation, as answers hold them) and its input
 * schema (what a create takes: the columns a caller may write; required = required without a default).
 */
export function tableSchemas(t: TableMeta): { record: JsonSchema; input: JsonSchema } {
  const props: Record<string, JsonSchema> = {};
  // The app API never answers a password (Users); it is only written.
  for (const c of t.columns) if (c.name !== 'password') props[c.name] = columnSchema(c);
  for (const r of t.relations) props[r.name] = relationSchema(r);
  const record = {
    type: 'object',
    description: `A record of ${t.name}`,
    properties: { ...props, ___class: { type: 'string', const: t.name } },
    required: t.columns.filter((c) => c.name in props && (c.required || c.name === 'objectId')).map((c) => c.name),
    additionalProperties: true,
  };
  const writable = t.columns.filter((c) => !c.system || c.name === 'objectId');
  const input = {
    type: 'object',
    description: `Values of a new or changed ${t.name} record (objectId: to choose the id or to update)`,
    properties: {
      ...Object.fromEntries(writable.map((c) => [c.name, columnSchema(c)])),
      ...Object.fromEntries(t.relations.map((r) => [r.name, relationSchema(r)])),
    },
    required: writable.filter((c) => c.required && c.defaultValue === null && c.name !== 'objectId').map((c) => c.name),
  };
  return { record, input };
}

/** Whether a table has a column of a spatial type. */
export const spatialColumns = (t: TableMeta) =>
  t.columns.filter((c) => ['POINT', 'LINESTRING', 'POLYGON', 'GEOMETRY'].includes(c.dataType));
