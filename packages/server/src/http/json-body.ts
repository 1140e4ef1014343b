import secureJson from 'secure-json-parse';
import { ErrorCodes } from '@basalt/shared';
import { ApiError } from './api-error.js';

/**
 * Deepest nesting of arrays and objects a JSON body may have. Records, cache items and hive
 * values are walked by recursive code (JSON.stringify among them) and stored by databases with
 * their own depth limits; a body nested thousands deep would overflow the stack there instead of
 * being refused here. Real documents stay far below it.
 */
export const MAX_JSON_DEPTH = 128;

/**
 * Whether valid JSON text nests arrays and objects deeper than `max`. Brackets inside strings are
 * skipped (a string ends at a quote with an even run of backslashes before it).
 */
function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Jump to the closing quote: one with an even number of backslashes in front of it.
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return false;
        let slashes = 0;
        while (text.charCodeAt(i - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * The one reading of a JSON request body, for Fastify's `application/json` parser (app.ts) and
 * the app API's fast lane (fast-lane.ts). Clients often send `Content-Type: application/json` with
 * no body on DELETE and POST; that is "no body" (undefined), not a malformed one. Anything else is
 * parsed with `__proto__` and `constructor.prototype` keys refused, as Fastify's own parser does,
 * and refused when it nests deeper than MAX_JSON_DEPTH.
 */
export function parseJsonBody(text: string): unknown {
  // Only a body that starts with white space can be blank (no copy of every body by trim()).
  if (text === '' || (text.charCodeAt(0) <= 32 && text.trim() === '')) return undefined;
  let body: unknown;
  try {
    body = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new ApiError(ErrorCodes.BAD_REQUEST, 400, 'The request body is not valid JSON');
  }
  // Nesting deeper than the limit needs more than twice as many characters as the limit.
  if (text.length > 2 * MAX_JSON_DEPTH && nestsDeeper(text, MAX_JSON_DEPTH)) {
    throw new ApiError(ErrorCodes.BAD_REQUEST, 400, `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep (the JSON depth limit)`, { limit: 'jsonDepth', max: MAX_JSON_DEPTH });
  }
  return body;
}
