import { ApiError } from '../../http/api-error.js';

/**
 * Field readers for the caller objects of the users configuration. Each one answers the stored
 * (or default) value when the field is absent and a 400 naming the field when it is malformed, so
 * a partial update changes only what it sends.
 */
export type Input = Record<string, unknown>;

const bad = (field: string, what: string) => ApiError.field('BAD_REQUEST', field, `${field} ${what}`);

export function asObject(value: unknown, field = 'body'): Input {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw bad(field, 'must be an object');
  return value as Input;
}

export function bool(input: Input, field: string, fallback: boolean, prefix = ''): boolean {
  const v = input[field];
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw bad(prefix + field, 'must be true or false');
  return v;
}

export function int(input: Input, field: string, fallback: number, min: number, max: number, prefix = ''): number {
  const v = input[field];
  if (v === undefined) return fallback;
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw bad(prefix + field, `must be a whole number from ${min} to ${max}`);
  return n;
}

export function str(
  input: Input,
  field: string,
  fallback: string,
  opts: { max: number; min?: number; pattern?: RegExp; hint?: string },
  prefix = '',
): string {
  const v = input[field];
  if (v === undefined) return fallback;
  if (typeof v !== 'string') throw bad(prefix + field, 'must be text');
  const text = v.trim();
  if (text.length < (opts.min ?? 0) || text.length > opts.max)
    throw bad(prefix + field, `must be ${opts.min ?? 0} to ${opts.max} characters long`);
  if (opts.pattern && text !== '' && !opts.pattern.test(text)) throw bad(prefix + field, opts.hint ?? 'is not valid');
  return text;
}

export function nullableStr(
  input: Input,
  field: string,
  fallback: string | null,
  opts: { max: number; pattern?: RegExp; hint?: string },
): string | null {
  if (input[field] === null) return null;
  const v = str(input, field, fallback ?? '', opts);
  return v === '' ? null : v;
}

/** An http(s) URL, or empty. */
export function url(input: Input, field: string, fallback: string): string {
  const v = str(input, field, fallback, { max: 2000 });
  if (v === '') return v;
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw bad(field, 'must be an http or https URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw bad(field, 'must be an http or https URL');
  return v;
}

/** A list of scopes, as an array or a space/comma separated text. */
export function scopes(input: Input, field: string, fallback: string[]): string[] {
  const v = input[field];
  if (v === undefined) return fallback;
  const list = typeof v === 'string' ? v.split(/[\s,]+/) : v;
  if (!Array.isArray(list) || list.length > 100 || list.some((s) => typeof s !== 'string' || s.length > 200))
    throw bad(field, 'must be a list of scope names');
  return (list as string[]).map((s) => s.trim()).filter(Boolean);
}

/** Provider field → Users column; the column must be a valid column name. */
export function mapping(input: Input, field: string, fallback: Record<string, string>): Record<string, string> {
  const v = input[field];
  if (v === undefined) return fallback;
  const obj = asObject(v, field);
  const out: Record<string, string> = {};
  for (const [k, col] of Object.entries(obj)) {
    if (k.length > 200 || typeof col !== 'string' || !COLUMN.test(col))
      throw bad(`${field}.${k}`, 'must name a Users column');
    out[k] = col;
  }
  return out;
}

/** Column names of the Users table (as the data area accepts them). */
export const COLUMN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const ROLE = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,99}$/;
export const CODE = /^[a-z][a-z0-9_-]{0,49}$/;
