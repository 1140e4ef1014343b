import { RE2JS, RE2JSException } from 're2js';
import { CUSTOM_REGEX_MAX_LENGTH, TextDataTypes, type DataValidator, type ScalarDataType } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';

/**
 * Column validators (decision 0069). A text column may carry `customRegex`; every value written to
 * it must match the expression whole. Expressions come from developers, so they run on RE2JS, a
 * linear-time engine without backtracking: `(a+)+$` over a long value takes time in proportion to
 * the value, never exponential time. RE2 syntax has no lookaround and no backreferences; such an
 * expression is refused when the column is saved.
 */

/** Types that may carry a validator. */
const VALIDATED_TYPES = new Set<ScalarDataType>(TextDataTypes);
export const takesValidator = (t: ScalarDataType) => VALIDATED_TYPES.has(t);

/**
 * Longest value a validated column checks. Matching is linear, but a TEXT value may hold a million
 * characters; past this a value is refused rather than matched, so one write costs a bounded time.
 */
export const VALIDATED_VALUE_MAX_LENGTH = 65_535;

/** The predefined validators the console offers (`settings.getDataValidators`). */
export const PREDEFINED_VALIDATORS: readonly DataValidator[] = [
  { name: 'email', title: 'Email address', regex: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+', example: 'ada@example.com' },
  { name: 'url', title: 'URL (http or https)', regex: '(?i)https?://[^\\s/$.?#][^\\s]*', example: 'https://example.com/a' },
  { name: 'phone', title: 'Phone number (E.164)', regex: '\\+[1-9][0-9]{1,14}', example: '+14155550123' },
  { name: 'uuid', title: 'UUID', regex: '(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', example: '123e4567-e89b-12d3-a456-426614174000' },
  { name: 'zipUS', title: 'Zip code (US)', regex: '[0-9]{5}(-[0-9]{4})?', example: '94103-1234' },
  { name: 'ipv4', title: 'IPv4 address', regex: '((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])', example: '192.168.0.1' },
  { name: 'hexColor', title: 'Hex colour', regex: '#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})', example: '#1e90ff' },
  { name: 'date', title: 'Date (YYYY-MM-DD)', regex: '[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])', example: '2026-11-27' },
  { name: 'alphanumeric', title: 'Letters and digits', regex: '[A-Za-z0-9]+', example: 'abc123' },
  { name: 'slug', title: 'Slug (lowercase, dashes)', regex: '[a-z0-9]+(-[a-z0-9]+)*', example: 'my-first-post' },
];

/** Compiled expressions by source; a bounded cache, since the same few run on every write. */
const compiled = new Map<string, RE2JS>();
const MAX_COMPILED = 500;

function compile(source: string): RE2JS {
  let re = compiled.get(source);
  if (re) return re;
  re = RE2JS.compile(source);
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(source, re);
  return re;
}

/**
 * Checks a validator as a column is saved and answers what is stored: the expression, or null for
 * none (an empty text means none). A bad expression is a 400 naming the column.
 */
export function parseCustomRegex(column: string, dataType: ScalarDataType, raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') throw ApiError.field('BAD_REQUEST', 'customRegex', `The validator of column '${column}' must be a regular expression text or null`);
  if (!takesValidator(dataType)) {
    throw ApiError.field('BAD_REQUEST', 'customRegex', `Column '${column}' is ${dataType}: only text columns (${TextDataTypes.join(', ')}) take a validator`);
  }
  if (raw.length > CUSTOM_REGEX_MAX_LENGTH) {
    throw ApiError.field('BAD_REQUEST', 'customRegex', `The validator of column '${column}' is longer than ${CUSTOM_REGEX_MAX_LENGTH} characters`);
  }
  try {
    compile(raw);
  } catch (err) {
    if (!(err instanceof RE2JSException)) throw err;
    throw ApiError.field('BAD_REQUEST', 'customRegex', `The validator of column '${column}' is not a valid regular expression (RE2 syntax): ${err.message}`);
  }
  return raw;
}

function show(value: string): string {
  return value.length > 60 ? `'${value.slice(0, 57)}...'` : `'${value}'`;
}

/** Refuses a value of a validated column that does not match its expression whole. */
export function assertMatchesValidator(column: string, regex: string, value: string): void {
  if (value.length > VALIDATED_VALUE_MAX_LENGTH) {
    throw ApiError.field('BAD_REQUEST', column, `Value of column '${column}' is longer than ${VALIDATED_VALUE_MAX_LENGTH} characters, the most a column with a validator checks`, { customRegex: regex });
  }
  if (!compile(regex).matches(value)) {
    throw ApiError.field('BAD_REQUEST', column, `Value ${show(value)} does not match the validator of column '${column}'`, { customRegex: regex });
  }
}
