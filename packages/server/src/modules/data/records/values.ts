import { TextDataTypes, isSpatialType, type ScalarDataType } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import type { ColumnMeta, TableMeta } from '../schema/app-schema.js';
import { geometryFromStored, geometryToStored } from './geometry-values.js';
import { jsonFromStored, jsonToStored } from './json-values.js';

/** Longest text each text type accepts, in characters. */
export const TEXT_LIMITS: Partial<Record<ScalarDataType, number>> = {
  STRING: 500,
  STRING_ID: 100,
  EXTENDED_STRING: 65_535,
  TEXT: 1_000_000,
  FILE_REF: 2_048,
};

const TEXT_TYPES = new Set<ScalarDataType>([...TextDataTypes, 'FILE_REF']);
export const isTextType = (t: ScalarDataType) => TEXT_TYPES.has(t);

function show(value: unknown): string {
  const text = typeof value === 'string' ? `'${value}'` : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function bad(column: string, dataType: ScalarDataType, value: unknown, why?: string): ApiError {
  return ApiError.field('BAD_REQUEST', column, `Value ${show(value)} is not valid for column '${column}' (${dataType})${why ? `: ${why}` : ''}`, { dataType });
}

/**
 * Checks one incoming value against its column type and answers what is stored: text, a number,
 * 0/1 for BOOLEAN (bindable on both databases) or epoch ms for DATETIME. `null` stays null.
 */
export function toStored(column: string, dataType: ScalarDataType, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (isSpatialType(dataType)) return geometryToStored(column, dataType, value);
  if (dataType === 'JSON') return jsonToStored(column, value);
  switch (dataType) {
    case 'INT': {
      const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw bad(column, dataType, value, 'expected a whole number');
      return n;
    }
    case 'DOUBLE': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw bad(column, dataType, value, 'expected a number');
      return n;
    }
    case 'BOOLEAN': {
      if (value === true || value === 1 || (typeof value === 'string' && value.toLowerCase() === 'true')) return 1;
      if (value === false || value === 0 || (typeof value === 'string' && value.toLowerCase() === 'false')) return 0;
      throw bad(column, dataType, value, 'expected true or false');
    }
    case 'DATETIME': {
      if (typeof value === 'number') {
        if (!Number.isSafeInteger(value)) throw bad(column, dataType, value, 'expected epoch milliseconds');
        return value;
      }
      if (typeof value === 'string') {
        if (/^\s*-?\d+\s*$/.test(value)) return Number(value);
        const ms = Date.parse(value);
        if (Number.isFinite(ms)) return ms;
      }
      throw bad(column, dataType, value, 'expected epoch milliseconds or a date text');
    }
    default: {
      const text = typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
      if (text === undefined) throw bad(column, dataType, value, 'expected text');
      const limit = TEXT_LIMITS[dataType] ?? 500;
      if (text.length > limit) throw bad(column, dataType, value, `longer than ${limit} characters`);
      // PostgreSQL text cannot hold NUL; SQLite could, but then the same record would be stored
      // on one database and refused on the other.
      if (text.includes('\u0000')) throw bad(column, dataType, value, 'text cannot hold the NUL character (U+0000)');
      return text;
    }
  }
}

/** Turns a stored value back into its wire form (BOOLEAN true/false, numbers as numbers). */
export function fromStored(dataType: ScalarDataType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (dataType) {
    case 'BOOLEAN':
      return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
    case 'INT':
    case 'DATETIME':
    case 'DOUBLE':
      return typeof value === 'number' ? value : Number(value);
    case 'POINT':
    case 'LINESTRING':
    case 'POLYGON':
    case 'GEOMETRY':
      return geometryFromStored(value);
    case 'JSON':
      return jsonFromStored(value);
    default:
      return value;
  }
}

/** Columns never answered to the console (Users passwords are write-only). */
export function isHidden(table: TableMeta, column: ColumnMeta): boolean {
  return table.system && table.name === 'Users' && column.name === 'password';
}

/** A stored row as the console sees it, with `___class`; `only` limits it to some columns. */
export function rowToRecord(table: TableMeta, row: Record<string, unknown>, only?: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of table.columns) {
    if (only && !only.has(c.name)) continue;
    if (!(c.sqlName in row) || isHidden(table, c)) continue;
    out[c.name] = fromStored(c.dataType, row[c.sqlName]);
  }
  out.___class = table.name;
  return out;
}
