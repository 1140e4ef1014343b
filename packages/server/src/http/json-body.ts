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
 * Most items one array of a JSON body may hold, and most keys one object may have. Turning text
 * into values is the costly part of reading a body, and it runs on the event loop: a 2 MB array of
 * a million numbers took about 20 ms on a quiet machine (a 10 MB one several times that), an
 * object of 20,000 keys about 15 ms, while every other request waited. The largest real lists are
 * far below: a bulk call takes at most 10,000 records, a table at most a few thousand columns,
 * and a write may add at most 100 new ones.
 */
export const MAX_JSON_ITEMS = 100_000;
export const MAX_JSON_KEYS = 10_000;

/** The JSON limit a text breaks, read from its characters before it is parsed; undefined when none. */
type Broken = { limit: 'jsonDepth' | 'jsonItems' | 'jsonKeys'; max: number };

/**
 * One pass over the characters of a JSON text that stops at the first limit it breaks: nesting
 * deeper than MAX_JSON_DEPTH, an array of more than MAX_JSON_ITEMS items, an object of more than
 * MAX_JSON_KEYS keys. Commas are counted per open array or object; text inside strings is skipped
 * (a string ends at a quote with an even run of backslashes before it). Malformed text is read the
 * same way: it is refused by the parser afterwards, or here first when it breaks a limit.
 */
function brokenLimit(text: string): Broken | undefined {
  // commas[d]: commas met so far in the array or object open at depth d
  const commas = new Uint32Array(MAX_JSON_DEPTH + 2);
  const isArray = new Uint8Array(MAX_JSON_DEPTH + 2);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Jump to the closing quote: one with an even number of backslashes in front of it.
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return undefined;
        let slashes = 0;
        while (text.charCodeAt(i - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x2c) {
      if (depth > 0 && ++commas[depth] >= (isArray[depth] ? MAX_JSON_ITEMS : MAX_JSON_KEYS)) {
        return isArray[depth] ? { limit: 'jsonItems', max: MAX_JSON_ITEMS } : { limit: 'jsonKeys', max: MAX_JSON_KEYS };
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return { limit: 'jsonDepth', max: MAX_JSON_DEPTH };
      commas[depth] = 0;
      isArray[depth] = c === 0x5b ? 1 : 0;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

const LIMIT_MESSAGES: Record<Broken['limit'], string> = {
  jsonDepth: `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep (the JSON depth limit)`,
  jsonItems: `The request body has an array of more than ${MAX_JSON_ITEMS.toLocaleString('en-US')} items (the JSON list limit)`,
  jsonKeys: `The request body has an object of more than ${MAX_JSON_KEYS.toLocaleString('en-US')} keys (the JSON keys limit)`,
};

/** Below this length no text can break a limit (each needs more than 2 × 128 characters). */
const SHORTEST_BREAKING = 2 * MAX_JSON_DEPTH;

/**
 * The one reading of a JSON request body, for Fastify's `application/json` parser (app.ts) and
 * the app API's fast lane (fast-lane.ts). Clients often send `Content-Type: application/json` with
 * no body on DELETE and POST; that is "no body" (undefined), not a malformed one. Anything else is
 * parsed with `__proto__` and `constructor.prototype` keys refused, as Fastify's own parser does.
 * A body that nests deeper than MAX_JSON_DEPTH or holds a list or object over MAX_JSON_ITEMS /
 * MAX_JSON_KEYS is refused before it is parsed, so it costs one pass over its characters.
 */
export function parseJsonBody(text: string): unknown {
  // Only a body that starts with white space can be blank (no copy of every body by trim()).
  if (text === '' || (text.charCodeAt(0) <= 32 && text.trim() === '')) return undefined;
  const broken = text.length > SHORTEST_BREAKING ? brokenLimit(text) : undefined;
  if (broken) throw new ApiError(ErrorCodes.BAD_REQUEST, LIMIT_MESSAGES[broken.limit], { ...broken });
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new ApiError(ErrorCodes.BAD_REQUEST, 'The request body is not valid JSON');
  }
}
