import type { ScalarDataType } from '@basalt/shared';
import { cellValue } from './csv-values.js';

/** Types a new column of a multi-step import may get (decision 0069). */
export const IMPORT_COLUMN_TYPES = [
  'STRING',
  'EXTENDED_STRING',
  'TEXT',
  'INT',
  'DOUBLE',
  'BOOLEAN',
  'DATETIME',
  'JSON',
] as const satisfies readonly ScalarDataType[];
export type ImportColumnType = (typeof IMPORT_COLUMN_TYPES)[number];

/** Tried in this order: the narrowest type every sampled value fits wins. */
const CANDIDATES: ImportColumnType[] = ['INT', 'DOUBLE', 'DATETIME', 'BOOLEAN'];
const WORDS = new Set(['true', 'false', 'yes', 'no']);

function fits(type: ImportColumnType, value: string): boolean {
  // 0 and 1 read as BOOLEAN too, but a column of them is more likely a number.
  if (type === 'BOOLEAN' && !WORDS.has(value.trim().toLowerCase())) return false;
  try {
    cellValue('x', type, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type a CSV column's sampled cells suggest: a number, a date, a boolean when every non-empty
 * cell reads as one, else text sized by the longest cell. An empty column is STRING.
 */
export function detectType(values: Array<string | null | undefined>): ImportColumnType {
  const cells = values.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (!cells.length) return 'STRING';
  for (const type of CANDIDATES) if (cells.every((v) => fits(type, v))) return type;
  const longest = cells.reduce((m, v) => Math.max(m, v.length), 0);
  return longest > 65_535 ? 'TEXT' : longest > 500 ? 'EXTENDED_STRING' : 'STRING';
}
