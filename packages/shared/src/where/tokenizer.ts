/**
 * Hand-written tokenizer of the where language. It knows only the few token shapes the grammar
 * uses, so anything else (a `;`, a comment, a double-quoted string) stops here with an error that
 * names the character and its position. Tokens are made one at a time as the parser asks for them
 * (`Lexer`), so a long hostile text stops at the first limit it breaks without first becoming a
 * token per character.
 */

/** A malformed where/props/sortBy text: `position` is the 0-based offset of `token` in the input. */
export class WhereSyntaxError extends Error {
  constructor(
    message: string,
    public readonly position: number,
    public readonly token: string,
  ) {
    super(message);
    this.name = 'WhereSyntaxError';
  }
}

export type TokenType = 'ident' | 'quotedIdent' | 'string' | 'number' | 'op' | 'punct' | 'eof';

export interface Token {
  type: TokenType;
  /** identifier or string content (unquoted), operator or punctuation text */
  value: string;
  /** the token exactly as written, for error messages */
  raw: string;
  pos: number;
}

const PUNCT = new Set(['(', ')', ',', '.', '*']);

/*
 * Character classes by code unit rather than by regular expression on one-character strings: the
 * tokenizer was the largest share of reading a long clause (decision 0044). Same classes as
 * before: `[A-Za-z_$]`, `[A-Za-z0-9_$]`, `[0-9]` and `\s` (Unicode white space beyond ASCII).
 */
const isDigitCode = (c: number) => c >= 48 && c <= 57;
const isIdentStartCode = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isIdentPartCode = (c: number) => isIdentStartCode(c) || isDigitCode(c);
const WIDE_SPACE = /\s/;
const isSpaceCode = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || (c > 127 && WIDE_SPACE.test(String.fromCharCode(c)));
/** `[0-9]` at `i` (false past the end). */
const digitAt = (input: string, i: number) => isDigitCode(input.charCodeAt(i));

/** Shows a token in a message: quoted and shortened, so a long value stays readable. */
export function showToken(raw: string): string {
  const s = raw.length > 40 ? `${raw.slice(0, 37)}...` : raw;
  return `'${s}'`;
}

function readQuoted(input: string, start: number, quote: string, what: string): { value: string; end: number } {
  let i = start + 1;
  let value = '';
  for (;;) {
    const close = input.indexOf(quote, i);
    if (close < 0) {
      throw new WhereSyntaxError(
        `Unclosed ${what} starting at position ${start}: ${showToken(input.slice(start))}`,
        start,
        input.slice(start),
      );
    }
    value += input.slice(i, close);
    // A doubled quote stands for one quote character inside the literal.
    if (input[close + 1] === quote) {
      value += quote;
      i = close + 2;
      continue;
    }
    // PostgreSQL text cannot hold NUL, so neither database is asked to compare with one.
    if (value.includes('\u0000')) {
      const at = input.indexOf('\u0000', start);
      throw new WhereSyntaxError(
        `The NUL character (U+0000) is not allowed in a ${what}, at position ${at}`,
        at,
        '\\u0000',
      );
    }
    return { value, end: close + 1 };
  }
}

function readNumber(input: string, start: number): number {
  let i = start;
  while (digitAt(input, i)) i++;
  if (input[i] === '.' && digitAt(input, i + 1)) {
    i++;
    while (digitAt(input, i)) i++;
  }
  if (
    (input[i] === 'e' || input[i] === 'E') &&
    (digitAt(input, i + 1) || input[i + 1] === '+' || input[i + 1] === '-')
  ) {
    let j = i + 1;
    if (input[j] === '+' || input[j] === '-') j++;
    if (digitAt(input, j)) {
      i = j;
      while (digitAt(input, i)) i++;
    }
  }
  return i;
}

/** Makes the tokens of one text on demand; after the last token every call answers `eof`. */
export class Lexer {
  private i = 0;

  constructor(private readonly input: string) {}

  next(): Token {
    const input = this.input;
    let i = this.i;
    while (i < input.length && isSpaceCode(input.charCodeAt(i))) i++;
    const start = i;
    if (i >= input.length) {
      this.i = i;
      return { type: 'eof', value: '', raw: '', pos: input.length };
    }
    const ch = input[i];
    let token: Token;
    if (ch === "'") {
      const { value, end } = readQuoted(input, i, "'", 'string');
      token = { type: 'string', value, raw: input.slice(start, end), pos: start };
      i = end;
    } else if (ch === '`') {
      const { value, end } = readQuoted(input, i, '`', 'quoted name');
      if (value.length === 0) throw new WhereSyntaxError(`Empty quoted name '\`\`' at position ${start}`, start, '``');
      token = { type: 'quotedIdent', value, raw: input.slice(start, end), pos: start };
      i = end;
    } else if (isIdentStartCode(input.charCodeAt(i))) {
      while (isIdentPartCode(input.charCodeAt(i))) i++;
      const text = input.slice(start, i);
      token = { type: 'ident', value: text, raw: text, pos: start };
    } else if (isDigitCode(input.charCodeAt(i))) {
      i = readNumber(input, i);
      if (isIdentPartCode(input.charCodeAt(i))) {
        let j = i;
        while (isIdentPartCode(input.charCodeAt(j))) j++;
        const bad = input.slice(start, j);
        throw new WhereSyntaxError(`Invalid number ${showToken(bad)} at position ${start}`, start, bad);
      }
      const text = input.slice(start, i);
      token = { type: 'number', value: text, raw: text, pos: start };
    } else if (ch === '-' && input[i + 1] === '-') {
      throw new WhereSyntaxError(`Comments are not allowed: '--' at position ${start}`, start, '--');
    } else if (ch === '/' && input[i + 1] === '*') {
      throw new WhereSyntaxError(`Comments are not allowed: '/*' at position ${start}`, start, '/*');
    } else if (ch === '-' && input[i + 1] === '>') {
      // `column->'$.path'` (and MySQL's `->>`, read the same): a value inside a JSON column.
      const op = input[i + 2] === '>' ? '->>' : '->';
      token = { type: 'op', value: '->', raw: op, pos: start };
      i += op.length;
    } else if (ch === '-') {
      // Only a sign in front of a number; the parser checks that a number follows.
      token = { type: 'punct', value: '-', raw: '-', pos: start };
      i++;
    } else if (ch === '<' || ch === '>' || ch === '=' || ch === '!') {
      const two = input.slice(i, i + 2);
      let op: string;
      if (two === '<=' || two === '>=' || two === '!=' || two === '<>') op = two;
      else if (ch === '!')
        throw new WhereSyntaxError(`Unexpected character '!' at position ${start} (did you mean '!='?)`, start, '!');
      else op = ch;
      i += op.length;
      if (op === '=' && input[i] === '=') {
        throw new WhereSyntaxError(`Unexpected '==' at position ${start} (use '=')`, start, '==');
      }
      token = { type: 'op', value: op === '<>' ? '!=' : op, raw: op, pos: start };
    } else if (PUNCT.has(ch)) {
      token = { type: 'punct', value: ch, raw: ch, pos: start };
      i++;
    } else if (ch === '"') {
      throw new WhereSyntaxError(
        `Unexpected character '"' at position ${start}: text values take single quotes, names take back-quotes`,
        start,
        '"',
      );
    } else {
      throw new WhereSyntaxError(`Unexpected character ${showToken(ch)} at position ${start}`, start, ch);
    }
    this.i = i;
    return token;
  }

  /** Reads the rest of the text for its first malformed token (thrown), keeping no tokens. */
  checkRest(): void {
    while (this.next().type !== 'eof');
  }
}

/** Every token of a text, ending with `eof`. */
export function tokenize(input: string): Token[] {
  const lexer = new Lexer(input);
  const tokens: Token[] = [];
  for (;;) {
    const t = lexer.next();
    tokens.push(t);
    if (t.type === 'eof') return tokens;
  }
}
