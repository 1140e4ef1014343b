import { MAX_JSON_DEPTH } from '../http/json-body.js';
import { parseFilter, WhereSyntaxError, MAX_WHERE_LENGTH, type Condition } from './where-filter.js';

/** Error sent in `SUB_RES`/`MET_RES`; the SDK reads `code` and `message`. */
export interface WireError {
  code: string;
  message: string;
}

/** Refusal raised while handling a frame; becomes the frame's error answer. */
export class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Whether a frame (as socket.io decoded it) nests arrays and objects deeper than a JSON request
 * body may (MAX_JSON_DEPTH, the frame itself counting as the first level, as a body does). Walked
 * with a stack of its own, so a frame nested thousands deep cannot overflow the call stack here;
 * the walk is bounded by the frame size limit of the real-time server.
 */
export function nestsTooDeep(frame: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ value: object; depth: number }> = [];
  if (frame !== null && typeof frame === 'object') stack.push({ value: frame, depth: 1 });
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.depth > max) return true;
    for (const child of Array.isArray(next.value) ? next.value : Object.values(next.value)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child as object, depth: next.depth + 1 });
    }
  }
  return false;
}

/** The refusal of a frame nested deeper than MAX_JSON_DEPTH, worded as the HTTP body's. */
export const TOO_DEEP: WireError = {
  code: 'BAD_REQUEST',
  message: `The frame nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep (the JSON depth limit)`,
};

/** Longest name (channel, table, column, shared object, event) a frame may carry. */
export const MAX_NAME = 200;

/** A required name from a frame's options. */
export function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NAME)
    throw new Refusal('BAD_REQUEST', `${what} must be a non-empty string of at most ${MAX_NAME} characters`);
  return value;
}

/**
 * A channel name from a frame: only that it is text here. Its length and characters are checked
 * by the session against the channel name rule, so that a refusal names that rule.
 */
export function channelText(value: unknown): string {
  if (typeof value !== 'string') throw new Refusal('BAD_REQUEST', 'channel must be a string');
  return value;
}

/** An optional where clause or selector, parsed for matching on this server. */
export function filterOf(where: unknown, what: string): Condition | undefined {
  if (where === undefined || where === null || where === '') return undefined;
  if (typeof where !== 'string') throw new Refusal('BAD_REQUEST', `${what} must be a string`);
  try {
    return parseFilter(where);
  } catch (err) {
    if (err instanceof WhereSyntaxError) throw new Refusal('BAD_REQUEST', `Invalid ${what}: ${err.message}`);
    throw err;
  }
}

/** An optional where clause kept as text (compared, never evaluated). */
export function whereText(where: unknown, what: string): string | undefined {
  if (where === undefined || where === null || where === '') return undefined;
  if (typeof where !== 'string' || where.length > MAX_WHERE_LENGTH)
    throw new Refusal('BAD_REQUEST', `${what} must be a string of at most ${MAX_WHERE_LENGTH} characters`);
  return where;
}

/** An optional list of ids (relation parents, invocation targets), bounded in count and length. */
export function idList(value: unknown, what: string, max = 1000): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length > max)
    throw new Refusal('BAD_REQUEST', `${what} must be an array of at most ${max} ids`);
  return value.map((v) => {
    const id = v && typeof v === 'object' ? (v as { objectId?: unknown }).objectId : v;
    return text(id, `Each of ${what}`);
  });
}
