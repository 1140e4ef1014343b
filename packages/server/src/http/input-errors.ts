/**
 * Errors raised below our own checks that are still the request's fault, not the server's: a
 * database refusing a statement at one of its input limits, and a multipart body the upload
 * parser cannot read. `errorAnswer` answers them 400 instead of 500. The where language's limits
 * (shared `WhereLimits`), the JSON depth limit and the NUL refusal are meant to stop such input
 * first; this is the net under them, so a limit we missed is a 400 and a line in the log, not an
 * internal error. Messages say which limit was met without quoting SQL.
 */

/** SQLite refusals (better-sqlite3's `SqliteError`: code and message), by what they say. */
const SQLITE: Array<[RegExp, string]> = [
  [/too many SQL variables/i, 'The query holds more values than the database takes in one statement'],
  [/Expression tree is too large|parser stack overflow/i, 'The query is nested too deeply for the database'],
  [/LIKE or GLOB pattern too complex/i, 'A LIKE pattern is too long for the database'],
  [/at most \d+ tables in a join/i, 'The query joins more tables than the database takes in one statement'],
  [/too many columns/i, 'The query asks for more columns than the database takes'],
  [/string or blob too big/i, 'A value is larger than the database stores'],
];

/** PostgreSQL SQLSTATE codes of refused input. */
const POSTGRES: Record<string, string> = {
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

/** The 400 message for a database refusal of input, or undefined for any other error. */
export function databaseLimitMessage(err: Error): string | undefined {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  if (code.startsWith('SQLITE_')) {
    if (code !== 'SQLITE_ERROR' && code !== 'SQLITE_TOOBIG') return undefined;
    return SQLITE.find(([pattern]) => pattern.test(err.message))?.[1];
  }
  // A PostgreSQL error (pg's DatabaseError) carries `severity` beside its SQLSTATE.
  if ((err as { severity?: unknown }).severity === undefined) return undefined;
  // The parser's own stack: a syntax error class, but about the size of the text.
  if (code === '42601' && /^memory exhausted/.test(err.message)) return POSTGRES['54001'];
  return POSTGRES[code];
}

/**
 * Plain errors of the multipart reader (@fastify/busboy) for a body it cannot read: no boundary,
 * a part cut short, a body that ends before its closing boundary. Its limits (file size, parts)
 * already come with a 4xx status.
 */
const MULTIPART = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Malformed part header|Unexpected end of form)$/;

/** The 400 message for an unreadable multipart body, or undefined. */
export function multipartMessage(err: Error): string | undefined {
  if ((err as { statusCode?: unknown }).statusCode !== undefined || !MULTIPART.test(err.message)) return undefined;
  return `The multipart/form-data body cannot be read: ${err.message.replace(/^Multipart: /, '')}`;
}

/**
 * PostgreSQL gave up one of two writes that waited on each other (deadlock, 40P01) or could not
 * serialise them (40001). Nothing of the refused request was written; sending it again works, so
 * it is the caller's 409, not an internal error.
 */
export function writeConflictMessage(err: Error): string | undefined {
  const code = (err as { code?: unknown; severity?: unknown }).code;
  if ((err as { severity?: unknown }).severity === undefined) return undefined;
  return code === '40P01' || code === '40001' ? 'Another write changed the same records at the same moment; nothing was written, send the request again' : undefined;
}
