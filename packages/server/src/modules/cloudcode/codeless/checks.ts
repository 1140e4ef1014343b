import { ApiError } from '../../../http/api-error.js';

/**
 * Words a generated class, method or parameter name must not be: JavaScript's reserved words (a
 * class body is strict code, so `eval` and `arguments` too) and the names the generated code uses.
 */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await async eval arguments undefined ' +
    'NaN Infinity constructor prototype __proto__ basalt Backendless globalThis Object Array Function Promise Error'
  ).split(' '),
);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** A name that becomes an identifier of the generated code; 400 naming `field` otherwise. */
export function checkIdentifier(field: string, value: unknown, what: string): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value))
    throw ApiError.field(
      'VALIDATION',
      field,
      `A ${what} name starts with a letter or _: letters, digits and _ (at most 100)`,
    );
  if (RESERVED.has(value) || value.startsWith('_'))
    throw ApiError.field('VALIDATION', field, `'${value}' cannot be a ${what} name`);
  return value;
}

const VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const PATH = /^(\/([A-Za-z0-9_.-]+|\{[A-Za-z_][A-Za-z0-9_]*\}))+$/;

/** A method's REST route: a verb and a path of plain parts and `{param}` parts. */
export function checkRoute(verb: unknown, path: unknown): { verb: string; path: string } {
  const v = String(verb).toUpperCase();
  if (!VERBS.includes(v))
    throw ApiError.field(
      'VALIDATION',
      'type',
      `Unknown HTTP verb '${String(verb).slice(0, 10)}' (${VERBS.join(', ')})`,
    );
  if (typeof path !== 'string' || !PATH.test(path))
    throw ApiError.field('VALIDATION', 'path', 'A path is /part/part or /part/{param}: letters, digits, _ . -');
  return { verb: v, path };
}

/** JSON text of a stored value, at most `max` characters (413 beyond). */
export function sizedJson(field: string, value: unknown, max = 2_000_000): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw ApiError.field('VALIDATION', field, `'${field}' must be JSON`);
  if (text.length > max) throw ApiError.tooLarge(`'${field}' is larger than ${max} characters`);
  return text;
}
