/**
 * The arithmetic of inline updates (`BackendlessExpression`, decision 0029): numbers, columns of
 * the record's own table, `+ - * /`, unary minus and parentheses, as Backendless documents it
 * ("the basic four arithmetic operations"). Names and numbers are read as in the where language
 * (`` `quoted names` ``, `1.5e3`); anything else (text, functions, comments, `;`) stops here with
 * an error naming the character and its position. The server checks names and types.
 */
import { WhereLimitError, WhereLimits, formatCount } from './limits.js';
import { WhereSyntaxError, showToken } from './tokenizer.js';

export type ArithmeticOp = '+' | '-' | '*' | '/';

export type Arithmetic =
  | { kind: 'number'; value: number; pos: number }
  | { kind: 'column'; name: string; pos: number }
  | { kind: 'negate'; expr: Arithmetic; pos: number }
  | { kind: 'binary'; op: ArithmeticOp; left: Arithmetic; right: Arithmetic; pos: number };

/** Longest expression text, and most numbers and columns one may hold. */
export const ExpressionLimits = { textLength: 10_000, operands: 1_000 } as const;

type Tok = { t: 'num' | 'name' | 'op' | '(' | ')' | 'eof'; v: string; pos: number };

function lex(input: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9.]/.test(ch)) {
      const m = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(input.slice(i, i + 400));
      if (!m) throw new WhereSyntaxError(`Invalid number at position ${start}`, start, ch);
      i += m[0].length;
      if (i < input.length && /[A-Za-z0-9_$.]/.test(input[i]))
        throw new WhereSyntaxError(
          `Invalid number ${showToken(input.slice(start, i + 1))} at position ${start}`,
          start,
          input.slice(start, i + 1),
        );
      out.push({ t: 'num', v: m[0], pos: start });
    } else if (/[A-Za-z_$]/.test(ch)) {
      while (i < input.length && /[A-Za-z0-9_$]/.test(input[i])) i++;
      out.push({ t: 'name', v: input.slice(start, i), pos: start });
    } else if (ch === '`') {
      const close = input.indexOf('`', i + 1);
      if (close < 0)
        throw new WhereSyntaxError(
          `Unclosed quoted name starting at position ${start}`,
          start,
          input.slice(start, start + 40),
        );
      const name = input.slice(i + 1, close);
      if (!name) throw new WhereSyntaxError(`Empty quoted name at position ${start}`, start, '``');
      out.push({ t: 'name', v: name, pos: start });
      i = close + 1;
    } else if ('+-*/'.includes(ch)) {
      if ((ch === '-' && input[i + 1] === '-') || (ch === '/' && input[i + 1] === '*'))
        throw new WhereSyntaxError(
          `Comments are not allowed: '${ch}${input[i + 1]}' at position ${start}`,
          start,
          ch + input[i + 1],
        );
      out.push({ t: 'op', v: ch, pos: start });
      i++;
    } else if (ch === '(' || ch === ')') {
      out.push({ t: ch, v: ch, pos: start });
      i++;
    } else {
      throw new WhereSyntaxError(
        `Unexpected character ${showToken(ch)} at position ${start}: an expression holds numbers, columns, + - * / and parentheses`,
        start,
        ch,
      );
    }
  }
  out.push({ t: 'eof', v: '', pos: input.length });
  return out;
}

/** Parses one expression; throws `WhereSyntaxError` (or `WhereLimitError`) naming the problem. */
export function parseExpression(input: string): Arithmetic {
  if (typeof input !== 'string' || !input.trim()) throw new WhereSyntaxError('The expression is empty', 0, '');
  if (input.length > ExpressionLimits.textLength) {
    throw new WhereLimitError(
      'textLength',
      `The expression is ${formatCount(input.length)} characters long; the limit is ${formatCount(ExpressionLimits.textLength)}`,
      ExpressionLimits.textLength,
      '',
    );
  }
  const toks = lex(input);
  let at = 0;
  let operands = 0;
  const peek = () => toks[at];
  const fail = (tok: Tok, what: string): never => {
    throw new WhereSyntaxError(
      tok.t === 'eof'
        ? `The expression ends where ${what} was expected`
        : `Unexpected ${showToken(tok.v)} at position ${tok.pos}: ${what} was expected`,
      tok.pos,
      tok.v,
    );
  };
  const sum = (depth: number): Arithmetic => {
    let left = product(depth);
    while (peek().t === 'op' && (peek().v === '+' || peek().v === '-')) {
      const op = toks[at++];
      left = { kind: 'binary', op: op.v as ArithmeticOp, left, right: product(depth), pos: op.pos };
    }
    return left;
  };
  const product = (depth: number): Arithmetic => {
    let left = unary(depth);
    while (peek().t === 'op' && (peek().v === '*' || peek().v === '/')) {
      const op = toks[at++];
      left = { kind: 'binary', op: op.v as ArithmeticOp, left, right: unary(depth), pos: op.pos };
    }
    return left;
  };
  const unary = (depth: number): Arithmetic => {
    if (depth > WhereLimits.depth)
      throw new WhereLimitError(
        'depth',
        `The expression nests deeper than ${WhereLimits.depth} levels`,
        peek().pos,
        peek().v,
      );
    const tok = peek();
    if (tok.t === 'op' && (tok.v === '-' || tok.v === '+')) {
      at++;
      const expr = unary(depth + 1);
      return tok.v === '-' ? { kind: 'negate', expr, pos: tok.pos } : expr;
    }
    if (tok.t === '(') {
      at++;
      const inner = sum(depth + 1);
      if (peek().t !== ')') fail(peek(), "')'");
      at++;
      return inner;
    }
    if (++operands > ExpressionLimits.operands)
      throw new WhereLimitError(
        'values',
        `The expression holds more than ${formatCount(ExpressionLimits.operands)} numbers and columns`,
        tok.pos,
        tok.v,
      );
    if (tok.t === 'num') {
      at++;
      const value = Number(tok.v);
      if (!Number.isFinite(value))
        throw new WhereSyntaxError(`Number ${showToken(tok.v)} at position ${tok.pos} is out of range`, tok.pos, tok.v);
      return { kind: 'number', value, pos: tok.pos };
    }
    if (tok.t === 'name') {
      at++;
      return { kind: 'column', name: tok.v, pos: tok.pos };
    }
    return fail(tok, 'a number, a column or (');
  };
  const expr = sum(0);
  if (peek().t !== 'eof') fail(peek(), 'an operator or the end');
  return expr;
}
