import type { DataColumn } from '@basalt/shared';

/** Longest JSON text the console sends for one value (the server's limit too). */
export const MAX_JSON_TEXT = 1_000_000;

export const isJsonColumn = (column: Pick<DataColumn, 'dataType'>) => column.dataType === 'JSON';

/** A JSON column's value as the record panel edits it: indented JSON text. */
export function jsonDraft(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
}

/** A JSON column's value as one grid line: compact JSON text (text values keep their quotes). */
export function jsonCellText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

/**
 * Typed JSON text to the value saved, or a message naming where it breaks. Any JSON value is
 * accepted (object, array, text in quotes, number, true, false, null).
 */
export function parseJsonText(text: string): { value: unknown } | { error: string } {
  if (text.length > MAX_JSON_TEXT) return { error: `JSON longer than ${MAX_JSON_TEXT.toLocaleString('en-US')} characters` };
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    return { error: `Not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}
