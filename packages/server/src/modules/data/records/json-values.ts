import { ApiError } from '../../../http/api-error.js';

/** Longest JSON document a JSON column holds, in characters of its JSON text. */
export const MAX_JSON_LENGTH = 1_000_000;

/** Whether JSON text holds the escape `\u<hex>` (an odd run of backslashes before the u). */
const escaped = (text: string, hex: string) => new RegExp(`(^|[^\\\\])(\\\\\\\\)*\\\\u${hex}`).test(text);

/** A value as the JSON text a JSON column stores (checked: JSON at all, size, no NUL). */
export function jsonText(column: string, value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw ApiError.field('BAD_REQUEST', column, `Column '${column}': the value is not JSON`);
  if (text.length > MAX_JSON_LENGTH) throw ApiError.field('BAD_REQUEST', column, `Column '${column}': JSON longer than ${MAX_JSON_LENGTH} characters`);
  // PostgreSQL's jsonb cannot hold NUL; refused on SQLite too, so both databases store the same.
  if (escaped(text, '0000')) throw ApiError.field('BAD_REQUEST', column, `Column '${column}': JSON text cannot hold the NUL character (U+0000)`);
  // JSON.stringify escapes only unpaired surrogates; jsonb refuses them, so both databases do.
  if (escaped(text, '[dD][89abAB][0-9a-fA-F]{2}')) throw ApiError.field('BAD_REQUEST', column, `Column '${column}': JSON text cannot hold an unpaired surrogate (U+D800…U+DFFF)`);
  return text;
}

/**
 * A whole value for a JSON column (decision 0029): stored as its JSON text, which SQLite keeps as
 * text and PostgreSQL's jsonb column parses. A JSON text sent as a string stays a string value.
 */
export function jsonToStored(column: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return jsonText(column, value);
}

/** A stored JSON value back to its wire form (SQLite answers text, PostgreSQL a parsed value). */
export function jsonFromStored(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
