import { ApiError } from '../http/api-error.js';

/**
 * THE translation of database driver errors (better-sqlite3's `SqliteError`, pg's
 * `DatabaseError`) into what they mean and into answers. Nothing else tests driver codes: services
 * call `translateError(err, { unique })` in their catch, or `dbFailureOf(err)` when a failure is
 * an expected branch (an insert that lost a race returns false), and the error handler translates
 * whatever escapes. Messages say which rule or limit was met without quoting SQL.
 */

/** What a driver error means, on either database. */
export type DbFailure =
  /** A unique index refused the row; `index` names it when the driver says. */
  | { kind: 'unique'; index?: string }
  | { kind: 'not-null' }
  /** A number out of the column's range (PostgreSQL 22003); SQLite stores any number. */
  | { kind: 'out-of-range' }
  /** PostgreSQL gave up one of two writes that waited on each other (40P01) or could not serialise them (40001). */
  | { kind: 'write-conflict' }
  /** A row lock was not taken in time (55P03: `lock_timeout` or `NOWAIT`). */
  | { kind: 'lock-unavailable' }
  /** The statement was cancelled (PostgreSQL 57014): the query time limit or a client that left. */
  | { kind: 'cancelled' }
  /** Input our own limits let through met one of the database's (`message` says which). */
  | { kind: 'input-limit'; message: string };

/** SQLite refusals of input (better-sqlite3: code and message), by what they say. */
const SQLITE_LIMITS: Array<[RegExp, string]> = [
  [/too many SQL variables/i, 'The query holds more values than the database takes in one statement'],
  [/Expression tree is too large|parser stack overflow/i, 'The query is nested too deeply for the database'],
  [/LIKE or GLOB pattern too complex/i, 'A LIKE pattern is too long for the database'],
  [/at most \d+ tables in a join/i, 'The query joins more tables than the database takes in one statement'],
  [/too many columns/i, 'The query asks for more columns than the database takes'],
  [/string or blob too big/i, 'A value is larger than the database stores'],
];

/** PostgreSQL SQLSTATE codes of refused input. */
const POSTGRES_LIMITS: Record<string, string> = {
  '54001': 'The query is nested too deeply for the database',
  '54000': 'The query or a value is larger than the database takes',
  '54011': 'The query asks for more columns than the database takes',
  '54023': 'The query passes more arguments than the database takes',
  '08P01': 'The query holds more values than the database takes in one statement',
  '22021': 'Text with the NUL character (U+0000) or an invalid byte cannot be stored or compared',
  '22P05': 'Text with the NUL character (U+0000) cannot be stored',
  '22P02': 'A value does not have the type of the column it is compared with',
  '22003': 'A number is out of the range the database stores',
  '22008': 'A date or time is out of the range the database stores',
  '22001': 'A text is longer than its column takes',
  '42883': 'Values of different types cannot be compared',
  '42804': 'Values of different types cannot be compared',
};

/** What `err` means when it is a driver error of either database; undefined for anything else. */
export function dbFailureOf(err: unknown): DbFailure | undefined {
  // A translation keeps the driver's failure as its cause only where a caller still needs to know it
  // (a write conflict, which a unit of work runs again instead of answering).
  if (err instanceof ApiError) return err.cause === undefined ? undefined : dbFailureOf(err.cause);
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; severity?: unknown; message?: unknown; constraint?: unknown };
  const code = e.code;
  const message = typeof e.message === 'string' ? e.message : '';
  if (typeof code !== 'string') return undefined;
  if (code.startsWith('SQLITE_')) {
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      const m = /UNIQUE constraint failed: [^.]+\.(\S+)/.exec(message);
      return { kind: 'unique', ...(m ? { index: m[1] } : {}) };
    }
    if (code === 'SQLITE_CONSTRAINT_NOTNULL') return { kind: 'not-null' };
    if (code !== 'SQLITE_ERROR' && code !== 'SQLITE_TOOBIG') return undefined;
    const limit = SQLITE_LIMITS.find(([pattern]) => pattern.test(message))?.[1];
    return limit ? { kind: 'input-limit', message: limit } : undefined;
  }
  // A PostgreSQL error (pg's DatabaseError) carries `severity` beside its SQLSTATE; other errors
  // with a text code (Node's ENOENT, ours) are not the database's.
  if (e.severity === undefined) return undefined;
  switch (code) {
    case '23505':
      return { kind: 'unique', ...(typeof e.constraint === 'string' ? { index: e.constraint } : {}) };
    case '23502':
      return { kind: 'not-null' };
    case '22003':
      return { kind: 'out-of-range' };
    case '40P01':
    case '40001':
      return { kind: 'write-conflict' };
    case '55P03':
      return { kind: 'lock-unavailable' };
    case '57014':
      return { kind: 'cancelled' };
  }
  // The parser's own stack: a syntax error class, but about the size of the text.
  if (code === '42601' && /^memory exhausted/.test(message))
    return { kind: 'input-limit', message: POSTGRES_LIMITS['54001']! };
  const limit = POSTGRES_LIMITS[code];
  return limit ? { kind: 'input-limit', message: limit } : undefined;
}

/** True when `err` is a driver error of that kind (for failures that are an expected branch). */
export function isDbFailure(err: unknown, kind: DbFailure['kind']): boolean {
  return dbFailureOf(err)?.kind === kind;
}

/** Answers a caller wants for failures of its own statement, in place of the general ones. */
export interface Translations {
  /** A unique violation: the conflict in the caller's words, e.g. the field error of `email`. */
  unique?: ApiError | ((index: string | undefined) => ApiError);
  notNull?: ApiError;
  outOfRange?: ApiError;
}

export const WRITE_CONFLICT_MESSAGE =
  'Another write changed the same records at the same moment; nothing was written, send the request again';

/**
 * The answer for a driver error: the caller's own (`on`) or the general one, as an `ApiError`;
 * anything that is not a driver error this knows is returned unchanged, so `throw
 * translateError(err, …)` in a catch rethrows the rest.
 */
export function translateError(err: unknown, on: Translations = {}): unknown {
  const failure = dbFailureOf(err);
  switch (failure?.kind) {
    case undefined:
      return err;
    case 'unique':
      if (typeof on.unique === 'function') return on.unique(failure.index);
      return on.unique ?? ApiError.conflict('A record with this value already exists');
    case 'not-null':
      return on.notNull ?? ApiError.badRequest('A required value is missing');
    case 'out-of-range':
      return (
        on.outOfRange ?? ApiError.badRequest(`${POSTGRES_LIMITS['22003']} (a database limit)`, { limit: 'database' })
      );
    case 'write-conflict': {
      // Nothing of the refused request was written; sending it again works: the caller's 409.
      const conflict = ApiError.conflict(WRITE_CONFLICT_MESSAGE);
      Object.defineProperty(conflict, 'cause', { value: err });
      return conflict;
    }
    case 'input-limit':
      return ApiError.badRequest(`${failure.message} (a database limit)`, { limit: 'database' });
    case 'lock-unavailable':
    case 'cancelled':
      // Answered where the statement ran (the transaction's retry, the query time limit).
      return err;
  }
}
