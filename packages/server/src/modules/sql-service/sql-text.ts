import { ApiError } from '../../http/api-error.js';

/** The SQL dialects the service speaks; they differ in quoting, comments and placeholders. */
export type SqlDialect = 'postgres' | 'mysql' | 'sqlite';

export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'placeholder' | 'symbol' | 'space' | 'comment';

export interface Token {
  kind: TokenKind;
  text: string;
  /** Offset of the token in the source. */
  at: number;
}

function refuse(message: string): never {
  throw new ApiError('SQL_NOT_READ_ONLY', message);
}

/**
 * Splits SQL text into tokens the way the database would read it: strings ('…', E'…', $tag$…$tag$
 * on PostgreSQL, "…" and `…` as names or MySQL strings), comments (-- …, /* … *\/ nested on
 * PostgreSQL, # … on MySQL), `:name` placeholders (but not PostgreSQL's `::` casts), words and
 * symbols. The read-only guard judges these tokens, never the raw text: a `;` or a keyword inside
 * a string or a comment is not a statement. Unterminated strings or comments are refused.
 */
export function tokenize(text: string, dialect: SqlDialect): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = text.length;
  const push = (kind: TokenKind, end: number) => {
    out.push({ kind, text: text.slice(i, end), at: i });
    i = end;
  };
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (/\s/.test(c)) {
      let j = i + 1;
      while (j < n && /\s/.test(text[j])) j++;
      push('space', j);
    } else if ((c === '-' && next === '-') || (c === '#' && dialect === 'mysql')) {
      let j = text.indexOf('\n', i);
      if (j < 0) j = n;
      push('comment', j);
    } else if (c === '/' && next === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (text[j] === '*' && text[j + 1] === '/') {
          depth--;
          j += 2;
        } else if (dialect === 'postgres' && text[j] === '/' && text[j + 1] === '*') {
          depth++;
          j += 2;
        } else j++;
      }
      if (depth > 0) refuse('The query has a comment that is never closed');
      // MySQL runs the text of /*! … */ comments: such a comment is not a comment there.
      if (dialect === 'mysql' && text[i + 2] === '!') refuse('MySQL executable comments (/*! … */) are not allowed');
      push('comment', j);
    } else if (c === "'" || ((c === 'E' || c === 'e') && next === "'" && dialect === 'postgres')) {
      const start = c === "'" ? i : i + 1;
      const backslashes = dialect === 'mysql' || start !== i;
      push('string', closeQuote(text, start, "'", backslashes));
    } else if (c === '"' || c === '`') {
      // Double quotes are names in PostgreSQL and SQLite; in MySQL (default mode) a string.
      if (c === '`' && dialect === 'postgres') refuse('Backquotes are not SQL in PostgreSQL');
      push(c === '"' && dialect === 'mysql' ? 'string' : 'quoted', closeQuote(text, i, c, dialect === 'mysql'));
    } else if (c === '$' && dialect === 'postgres' && /[A-Za-z_$]/.test(next ?? '')) {
      const tag = /^\$[A-Za-z_][A-Za-z0-9_]*\$|^\$\$/.exec(text.slice(i))?.[0];
      if (!tag) push('symbol', i + 1);
      else {
        const end = text.indexOf(tag, i + tag.length);
        if (end < 0) refuse('The query has a dollar-quoted string that is never closed');
        push('string', end + tag.length);
      }
    } else if (c === ':' && next === ':') {
      push('symbol', i + 2);
    } else if (c === ':' && /[A-Za-z_]/.test(next ?? '')) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_]/.test(text[j])) j++;
      push('placeholder', j);
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next ?? ''))) {
      let j = i + 1;
      while (j < n && /[0-9A-Za-z_.]/.test(text[j])) j++;
      push('number', j);
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(text[j])) j++;
      push('word', j);
    } else push('symbol', i + 1);
  }
  return out;
}

/** The end (exclusive) of a quoted run opened at `start`; a doubled quote stays inside. */
function closeQuote(text: string, start: number, quote: string, backslashes: boolean): number {
  let j = start + 1;
  while (j < text.length) {
    const ch = text[j];
    if (backslashes && ch === '\\') j += 2;
    else if (ch === quote) {
      if (text[j + 1] === quote) j += 2;
      else return j + 1;
    } else j++;
  }
  refuse(`The query has a ${quote === "'" ? 'string' : 'quoted name'} that is never closed`);
}

/**
 * Words that make a statement do more than read, wherever they stand: a data-modifying `WITH`
 * (PostgreSQL), `SELECT … INTO` (creates a table or writes variables/files), locking reads.
 */
const WRITING_WORDS = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'into',
  'outfile',
  'dumpfile',
  'load_file',
  'set_config',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'lo_import',
  'lo_export',
  'dblink',
  'dblink_exec',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_advisory_lock',
  'pg_advisory_xact_lock',
  'nextval',
  'setval',
  'load_extension',
]);

/** A checked read: the statement's text (without a trailing `;`) and its `:name` placeholders in order. */
export interface ReadStatement {
  text: string;
  tokens: Token[];
  /** Placeholder names in order of appearance (a name may repeat). */
  placeholders: string[];
}

/**
 * Accepts exactly one SELECT (or `WITH … SELECT`, or `VALUES`) and refuses anything else before it
 * reaches the database: a second statement after `;`, DML/DDL, `SELECT … INTO`, locking reads,
 * functions that write, change settings or read server files. The database then runs it in a
 * read-only transaction as well: this check is the first of two walls, not the only one.
 */
export function checkReadOnly(text: string, dialect: SqlDialect, maxLength = 100_000): ReadStatement {
  if (typeof text !== 'string' || text.trim() === '') throw ApiError.field('VALIDATION', 'query', "'query' is empty");
  if (text.length > maxLength)
    throw ApiError.field('VALIDATION', 'query', `'query' is longer than ${maxLength} characters`);
  const tokens = tokenize(text, dialect);
  const code = tokens.filter((t) => t.kind !== 'space' && t.kind !== 'comment');
  // One trailing `;` is fine; any other `;` starts a second statement.
  let last = code.length;
  while (last > 0 && code[last - 1].text === ';') last--;
  if (code.length - last > 1) refuse('Only one statement may run: the query has more than one `;` at its end');
  const body = code.slice(0, last);
  if (body.length === 0) refuse('The query has no statement');
  const semicolon = body.find((t) => t.kind === 'symbol' && t.text === ';');
  if (semicolon) refuse('Only one statement may run: the query has a second statement after `;`');
  const first = body[0].text.toLowerCase();
  if (!['select', 'with', 'values', '('].includes(first))
    refuse(`Only a SELECT may run here, not ${body[0].text.toUpperCase().slice(0, 40)}`);
  for (let k = 0; k < body.length; k++) {
    const t = body[k];
    if (t.kind !== 'word') continue;
    const w = t.text.toLowerCase();
    // `for update` / `for share` (and MySQL's `lock in share mode`) take locks.
    const after = body[k + 1]?.text.toLowerCase();
    if (w === 'for' && ['update', 'share', 'no', 'key'].includes(after ?? '')) refuse('Locking reads are not allowed');
    if (w === 'lock' && after === 'in') refuse('Locking reads are not allowed');
    if (WRITING_WORDS.has(w)) {
      // `into` in MySQL's `insert into` is caught by `insert`; alone it is SELECT … INTO.
      if (w === 'into') refuse('SELECT … INTO is not allowed: it writes');
      refuse(`${t.text.toUpperCase()} is not allowed in a read-only query`);
    }
    if (dialect === 'sqlite' && w === 'pragma') refuse('PRAGMA is not allowed in a read-only query');
  }
  if (dialect === 'postgres' && body.some((t) => t.kind === 'symbol' && t.text === '$'))
    refuse('Positional parameters ($1) are not allowed: use :name placeholders');
  if (dialect !== 'postgres' && body.some((t) => t.kind === 'symbol' && t.text === '?'))
    refuse('Positional parameters (?) are not allowed: use :name placeholders');
  const end = body[body.length - 1];
  return {
    text: text.slice(0, end.at + end.text.length),
    tokens: tokens.filter((t) => t.at < end.at + end.text.length),
    placeholders: body.filter((t) => t.kind === 'placeholder').map((t) => t.text.slice(1)),
  };
}

/**
 * Rewrites `:name` placeholders into the driver's own (`$1` on PostgreSQL, `?` elsewhere) and lists
 * the values in that order. Values are always bound, never written into the text.
 */
export function bindPlaceholders(
  stmt: ReadStatement,
  dialect: SqlDialect,
  values: Record<string, unknown>,
): { text: string; values: unknown[] } {
  const order: string[] = [];
  let text = '';
  for (const t of stmt.tokens) {
    if (t.kind !== 'placeholder') {
      text += t.text;
      continue;
    }
    const name = t.text.slice(1);
    if (!Object.prototype.hasOwnProperty.call(values, name))
      throw ApiError.field('VALIDATION', `params.${name}`, `The query needs a value for the parameter '${name}'`);
    if (dialect === 'postgres') {
      let index = order.indexOf(name);
      if (index < 0) index = order.push(name) - 1;
      text += `$${index + 1}`;
    } else {
      order.push(name);
      text += '?';
    }
  }
  return { text, values: order.map((name) => values[name]) };
}
