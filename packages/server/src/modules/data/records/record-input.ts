import { hash } from '@node-rs/argon2';
import { ApiError } from '../../../http/api-error.js';
import type { RelationMeta, TableMeta } from '../schema/app-schema.js';
import { toStored } from './values.js';
import { assertMatchesValidator } from '../schema/column-validators.js';
import { expressionValue, isExpression, isJsonOperation, jsonOperationValue, type DbKind } from './special-values.js';

/** Keys of the wire format that are never written as column values. */
const IGNORED = new Set(['___class', '__meta', 'created', 'updated', '___dates___', '___jsonclass', 'user-token']);

export interface PreparedRecord {
  objectId?: string;
  /** physical column name → stored value */
  values: Record<string, unknown>;
  /** relation → related objectIds given in the record */
  relations: Array<{ relation: RelationMeta; ids: string[] }>;
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;

export function assertObjectId(value: unknown, what = 'objectId'): string {
  if (typeof value !== 'string' || !ID.test(value)) throw ApiError.field('BAD_REQUEST', what, `${what} must be a record id`);
  return value;
}

/** Related ids given as `id`, `{objectId}` or a list of either. */
function relationIds(rel: RelationMeta, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((v) => assertObjectId(typeof v === 'object' && v !== null ? (v as { objectId?: unknown }).objectId : v, `${rel.name}.objectId`));
  if (rel.relationshipType === 'ONE_TO_ONE' && ids.length > 1) throw ApiError.field('BAD_REQUEST', rel.name, `Relation '${rel.name}' is one-to-one and takes one record`);
  return ids;
}

/** Names in a record that are not columns of the table (for dynamic schema). */
export function unknownKeys(table: TableMeta, input: Record<string, unknown>): string[] {
  let known = knownNames.get(table);
  if (!known) {
    known = new Set([...table.columns.map((c) => c.name), ...table.relations.map((r) => r.name), 'objectId', 'ownerId', ...IGNORED]);
    knownNames.set(table, known);
  }
  const names = known;
  return Object.keys(input).filter((k) => !names.has(k));
}

/** Names a table knows, kept per table object (a schema change replaces the object). */
const knownNames = new WeakMap<TableMeta, Set<string>>();

/**
 * Validates one incoming record against the table and converts its values for storage. On create,
 * missing columns take their default value and required columns must end up with a value.
 */
export async function prepareRecord(table: TableMeta, input: Record<string, unknown>, mode: 'create' | 'update', kind?: DbKind): Promise<PreparedRecord> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw ApiError.badRequest('A record must be a JSON object');
  const out: PreparedRecord = { values: {}, relations: [] };
  if (input.objectId !== undefined && input.objectId !== null) out.objectId = assertObjectId(input.objectId);
  if (input.ownerId !== undefined) out.values.ownerId = input.ownerId === null ? null : assertObjectId(input.ownerId, 'ownerId');
  for (const [key, value] of Object.entries(input)) {
    if (IGNORED.has(key) || key === 'objectId' || key === 'ownerId') continue;
    const column = table.columns.find((c) => c.name === key);
    if (column) {
      // Values the database computes from the stored record (decision 0029): updates only.
      if (isExpression(value)) {
        out.values[column.sqlName] = expressionValue(table, column, value, mode);
        continue;
      }
      if (isJsonOperation(value)) {
        if (!kind) throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}': a JSON operation cannot be used here`);
        out.values[column.sqlName] = jsonOperationValue(kind, column, value, mode);
        continue;
      }
      let stored = toStored(column.name, column.dataType, value);
      if (table.system && table.name === 'Users' && column.name === 'password' && typeof stored === 'string') {
        if (stored.length < 1) throw ApiError.field('BAD_REQUEST', 'password', "Column 'password' must not be empty");
        stored = await hash(stored);
      }
      // A validated text column (decision 0069): null stays allowed, `required` says otherwise.
      if (column.customRegex && typeof stored === 'string') assertMatchesValidator(column.name, column.customRegex, stored);
      out.values[column.sqlName] = stored;
      continue;
    }
    const relation = table.relations.find((r) => r.name === key);
    if (relation) {
      out.relations.push({ relation, ids: relationIds(relation, value) });
      continue;
    }
    throw ApiError.field('BAD_REQUEST', key.slice(0, 80), `Column '${key.slice(0, 80)}' does not exist in table '${table.name}'`);
  }
  for (const column of table.columns) {
    if (column.system && ['objectId', 'created', 'updated', 'ownerId'].includes(column.name)) continue;
    const given = column.sqlName in out.values;
    if (mode === 'create' && !given && column.defaultValue !== null) out.values[column.sqlName] = toStored(column.name, column.dataType, column.defaultValue);
    const value = out.values[column.sqlName];
    if (column.required && (mode === 'create' ? value === null || value === undefined : given && value === null)) {
      throw ApiError.field('BAD_REQUEST', column.name, `Column '${column.name}' is required`);
    }
  }
  return out;
}
