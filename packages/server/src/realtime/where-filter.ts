/**
 * A small where language for real-time filters (data-change `whereClause`, message `selector`) and
 * the push recipients query over devices: comparisons `field op literal`, `IS [NOT] NULL`,
 * `[NOT] IN (...)`, `[NOT] LIKE '...'`, combined with AND, OR, NOT and parentheses. It is parsed
 * into an AST; filters evaluate the AST in memory and the devices query compiles it with bound
 * parameters, so the text never reaches SQL.
 */

export type Literal = string | number | boolean | null;
export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

export type WhereNode =
  | { kind: 'and' | 'or'; left: WhereNode; right: WhereNode }
  | { kind: 'not'; expr: WhereNode }
  | { kind: 'cmp'; field: string; op: CompareOp; value: Literal }
  | { kind: 'null'; field: string; negated: boolean }
  | { kind: 'in'; field: string; values: Literal[]; negated: boolean }
  | { kind: 'like'; field: string; pattern: string; negated: boolean };

/** A where text that does not parse; the message points at the position of the problem. */
export class WhereSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhereSyntaxError';
  }
}

export const MAX_WHERE_LENGTH = 2000;
const MAX_DEPTH = 32;

type Token =
  | { t: 'id'; v: string; pos: number }
  | { t: 'kw'; v: string; pos: number }
  | { t: 'str'; v: string; pos: number }
  | { t: 'num'; v: number; pos: number }
  | { t: 'op'; v: string; pos: number }
  | { t: 'end'; pos: number };

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'IS', 'NULL', 'IN', 'LIKE', 'TRUE', 'FALSE']);

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (/\s/.test(ch)) { i++; continue; }
    const start = i;
    if (ch === "'" || ch === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new WhereSyntaxError(`Unterminated string starting at position ${start + 1}`);
        if (text[i] === ch) {
          // A doubled quote is a quote inside the string (SQL style).
          if (text[i + 1] === ch) { value += ch; i += 2; continue; }
          i++;
          break;
        }
        value += text[i++];
      }
      out.push({ t: 'str', v: value, pos: start });
      continue;
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) throw new WhereSyntaxError(`Unterminated quoted name starting at position ${start + 1}`);
      out.push({ t: 'id', v: text.slice(i + 1, end), pos: start });
      i = end + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (num && (ch !== '-' || /\d/.test(text[i + 1] ?? ''))) {
      out.push({ t: 'num', v: Number(num[0]), pos: start });
      i += num[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(text.slice(i));
    if (word) {
      const upper = word[0].toUpperCase();
      out.push(KEYWORDS.has(upper) ? { t: 'kw', v: upper, pos: start } : { t: 'id', v: word[0], pos: start });
      i += word[0].length;
      continue;
    }
    const op = /^(<=|>=|<>|!=|=|<|>|\(|\)|,)/.exec(text.slice(i));
    if (op) {
      out.push({ t: 'op', v: op[0] === '<>' ? '!=' : op[0], pos: start });
      i += op[0].length;
      continue;
    }
    throw new WhereSyntaxError(`Unexpected character '${ch}' at position ${start + 1}`);
  }
  out.push({ t: 'end', pos: text.length });
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token { return this.tokens[this.i]; }
  private next(): Token { return this.tokens[this.i++]; }
  private isKw(v: string): boolean { const t = this.peek(); return t.t === 'kw' && t.v === v; }
  private isOp(v: string): boolean { const t = this.peek(); return t.t === 'op' && t.v === v; }

  private fail(expected: string): never {
    const t = this.peek();
    const found = t.t === 'end' ? 'the end of the text' : `'${String(t.v)}'`;
    throw new WhereSyntaxError(`Expected ${expected} at position ${t.pos + 1}, found ${found}`);
  }

  parseAll(): WhereNode {
    const node = this.or(0);
    if (this.peek().t !== 'end') this.fail('AND, OR or the end of the condition');
    return node;
  }

  private or(depth: number): WhereNode {
    let left = this.and(depth);
    while (this.isKw('OR')) { this.next(); left = { kind: 'or', left, right: this.and(depth) }; }
    return left;
  }

  private and(depth: number): WhereNode {
    let left = this.unary(depth);
    while (this.isKw('AND')) { this.next(); left = { kind: 'and', left, right: this.unary(depth) }; }
    return left;
  }

  private unary(depth: number): WhereNode {
    if (depth > MAX_DEPTH) throw new WhereSyntaxError('The condition is nested too deeply');
    if (this.isKw('NOT')) { this.next(); return { kind: 'not', expr: this.unary(depth + 1) }; }
    if (this.isOp('(')) {
      this.next();
      const inner = this.or(depth + 1);
      if (!this.isOp(')')) this.fail("')'");
      this.next();
      return inner;
    }
    return this.comparison();
  }

  private literal(): Literal {
    const t = this.next();
    if (t.t === 'str' || t.t === 'num') return t.v;
    if (t.t === 'kw' && (t.v === 'TRUE' || t.v === 'FALSE')) return t.v === 'TRUE';
    if (t.t === 'kw' && t.v === 'NULL') return null;
    this.i--;
    return this.fail('a value (a quoted string, a number, true, false or null)');
  }

  private comparison(): WhereNode {
    const f = this.next();
    if (f.t !== 'id') { this.i--; this.fail('a field name'); }
    const field = (f as { v: string }).v;
    if (this.isKw('IS')) {
      this.next();
      const negated = this.isKw('NOT');
      if (negated) this.next();
      if (!this.isKw('NULL')) this.fail('NULL');
      this.next();
      return { kind: 'null', field, negated };
    }
    const negated = this.isKw('NOT');
    if (negated) this.next();
    if (this.isKw('IN')) {
      this.next();
      if (!this.isOp('(')) this.fail("'('");
      this.next();
      const values: Literal[] = [this.literal()];
      while (this.isOp(',')) { this.next(); values.push(this.literal()); }
      if (!this.isOp(')')) this.fail("')'");
      this.next();
      return { kind: 'in', field, values, negated };
    }
    if (this.isKw('LIKE')) {
      this.next();
      const t = this.next();
      if (t.t !== 'str') { this.i--; this.fail('a quoted pattern'); }
      return { kind: 'like', field, pattern: (t as { v: string }).v, negated };
    }
    if (negated) this.fail('IN or LIKE');
    const op = this.next();
    if (op.t !== 'op' || !['=', '!=', '<', '<=', '>', '>='].includes(op.v)) { this.i--; this.fail('a comparison operator'); }
    const value = this.literal();
    // `x = null` is always unknown in SQL; read it as the IS NULL the writer meant.
    if (value === null && (op as { v: string }).v === '=') return { kind: 'null', field, negated: false };
    if (value === null && (op as { v: string }).v === '!=') return { kind: 'null', field, negated: true };
    return { kind: 'cmp', field, op: (op as { v: CompareOp }).v, value };
  }
}

/** Parses a where text; throws WhereSyntaxError with a message that points at the problem. */
export function parseWhere(text: string): WhereNode {
  if (text.length > MAX_WHERE_LENGTH) throw new WhereSyntaxError(`The condition is longer than ${MAX_WHERE_LENGTH} characters`);
  if (!text.trim()) throw new WhereSyntaxError('The condition is empty');
  return new Parser(tokenize(text)).parseAll();
}

/** Every field a condition names (the devices query checks them against its column list). */
export function whereFields(node: WhereNode, out: Set<string> = new Set()): Set<string> {
  switch (node.kind) {
    case 'and':
    case 'or': whereFields(node.left, out); whereFields(node.right, out); break;
    case 'not': whereFields(node.expr, out); break;
    default: out.add(node.field);
  }
  return out;
}

function fieldValue(obj: Record<string, unknown>, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Compares like SQL: numbers numerically (numeric strings too), booleans as 1/0, text as text. */
function compare(actual: unknown, expected: Literal): number | undefined {
  if (actual === null || actual === undefined || expected === null) return undefined;
  const a = typeof actual === 'boolean' ? Number(actual) : actual;
  const e = typeof expected === 'boolean' ? Number(expected) : expected;
  if (typeof e === 'number') {
    const n = typeof a === 'number' ? a : typeof a === 'string' && a.trim() !== '' ? Number(a) : NaN;
    return Number.isNaN(n) ? undefined : n - e;
  }
  const s = typeof a === 'string' ? a : typeof a === 'number' ? String(a) : undefined;
  if (s === undefined) return undefined;
  return s < e ? -1 : s > e ? 1 : 0;
}

function likeToRegExp(pattern: string): RegExp {
  let src = '';
  for (const ch of pattern) src += ch === '%' ? '.*' : ch === '_' ? '.' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${src}$`, 'is');
}

/** Evaluates a condition against one object (a record, or a message's headers). */
export function matchesWhere(node: WhereNode, obj: Record<string, unknown>): boolean {
  switch (node.kind) {
    case 'and': return matchesWhere(node.left, obj) && matchesWhere(node.right, obj);
    case 'or': return matchesWhere(node.left, obj) || matchesWhere(node.right, obj);
    case 'not': return !matchesWhere(node.expr, obj);
    case 'null': {
      const v = fieldValue(obj, node.field);
      return (v === null || v === undefined) !== node.negated;
    }
    case 'in': {
      const v = fieldValue(obj, node.field);
      if (v === null || v === undefined) return false;
      return node.values.some((x) => compare(v, x) === 0) !== node.negated;
    }
    case 'like': {
      const v = fieldValue(obj, node.field);
      if (v === null || v === undefined || typeof v === 'object') return false;
      return likeToRegExp(node.pattern).test(String(v)) !== node.negated;
    }
    case 'cmp': {
      const c = compare(fieldValue(obj, node.field), node.value);
      if (c === undefined) return false;
      switch (node.op) {
        case '=': return c === 0;
        case '!=': return c !== 0;
        case '<': return c < 0;
        case '<=': return c <= 0;
        case '>': return c > 0;
        case '>=': return c >= 0;
      }
    }
  }
}
