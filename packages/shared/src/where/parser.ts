/**
 * Recursive-descent parser of the where language. Grammar (keywords are case-insensitive):
 *
 *   where      := or EOF
 *   or         := and (OR and)*
 *   and        := not (AND not)*
 *   not        := NOT not | '(' or ')' | operand tail
 *   tail       := cmpOp operand | [NOT] LIKE operand | [NOT] IN '(' operand (',' operand)* ')'
 *               | IS [NOT] NULL | [NOT] BETWEEN operand AND operand
 *   operand    := string | ['-'] number | TRUE | FALSE | NULL | call | column
 *   call       := aggFn '(' [DISTINCT] (column | '*') ')' | DISTANCE '(' operand ×4 ')' | unit '(' number ')'
 *   column     := name ('.' name)*        name := plain identifier | `back-quoted`
 *   props      := propItem (',' propItem)*   propItem := '*' | (call | column) [AS alias]
 *   sortBy     := (call | column) [ASC | DESC] (',' ...)*
 */
import { AggregateFunctions, DistanceUnits, type Aggregate, type AggregateFunction, type ColumnRef, type CompareOp, type Condition, type DistanceUnit, type Operand, type PropItem, type SortItem } from './ast.js';
import { WhereSyntaxError, showToken, tokenize, type Token } from './tokenizer.js';

/** Words that cannot be a plain (unquoted) column name; back-quote them to use them as names. */
const RESERVED = new Set(['AND', 'OR', 'NOT', 'LIKE', 'IN', 'IS', 'NULL', 'BETWEEN', 'TRUE', 'FALSE']);
/** Guards the recursion against hostile input such as thousands of opening parentheses. */
const MAX_DEPTH = 64;

class Parser {
  private i = 0;
  private depth = 0;
  private readonly tokens: Token[];

  constructor(private readonly input: string) {
    this.tokens = tokenize(input);
  }

  private get tok(): Token {
    return this.tokens[this.i];
  }

  private peek(n = 1): Token {
    return this.tokens[Math.min(this.i + n, this.tokens.length - 1)];
  }

  private next(): Token {
    const t = this.tokens[this.i];
    if (t.type !== 'eof') this.i++;
    return t;
  }

  private isWord(word: string, t: Token = this.tok): boolean {
    return t.type === 'ident' && t.value.toUpperCase() === word;
  }

  private isPunct(p: string, t: Token = this.tok): boolean {
    return t.type === 'punct' && t.value === p;
  }

  fail(expected: string, t: Token = this.tok): never {
    if (t.type === 'eof') throw new WhereSyntaxError(`Unexpected end of input: expected ${expected}`, t.pos, '');
    throw new WhereSyntaxError(`Unexpected ${showToken(t.raw)} at position ${t.pos}: expected ${expected}`, t.pos, t.raw);
  }

  private expectWord(word: string): Token {
    if (!this.isWord(word)) this.fail(word);
    return this.next();
  }

  private expectPunct(p: string): Token {
    if (!this.isPunct(p)) this.fail(`'${p}'`);
    return this.next();
  }

  expectEnd(what: string): void {
    if (this.tok.type !== 'eof') this.fail(what);
  }

  atEnd(): boolean {
    return this.tok.type === 'eof';
  }

  private enter(t: Token): void {
    if (++this.depth > MAX_DEPTH) throw new WhereSyntaxError(`Expression nested too deeply at position ${t.pos}`, t.pos, t.raw);
  }

  or(): Condition {
    let left = this.and();
    while (this.isWord('OR')) {
      const op = this.next();
      left = { kind: 'or', left, right: this.and(), pos: op.pos };
    }
    return left;
  }

  private and(): Condition {
    let left = this.not();
    while (this.isWord('AND')) {
      const op = this.next();
      left = { kind: 'and', left, right: this.not(), pos: op.pos };
    }
    return left;
  }

  private not(): Condition {
    const t = this.tok;
    this.enter(t);
    try {
      if (this.isWord('NOT')) {
        this.next();
        return { kind: 'not', expr: this.not(), pos: t.pos };
      }
      if (this.isPunct('(')) {
        this.next();
        const inner = this.or();
        this.expectPunct(')');
        return inner;
      }
      return this.predicate(this.operand());
    } finally {
      this.depth--;
    }
  }

  private predicate(target: Operand): Condition {
    const t = this.tok;
    if (t.type === 'op') {
      this.next();
      return { kind: 'compare', op: t.value as CompareOp, left: target, right: this.operand(), pos: t.pos };
    }
    if (this.isWord('IS')) {
      this.next();
      const negated = this.isWord('NOT');
      if (negated) this.next();
      this.expectWord('NULL');
      return { kind: 'isNull', negated, target, pos: t.pos };
    }
    let negated = false;
    if (this.isWord('NOT')) {
      negated = true;
      this.next();
      if (!this.isWord('LIKE') && !this.isWord('IN') && !this.isWord('BETWEEN')) this.fail('LIKE, IN or BETWEEN after NOT');
    }
    if (this.isWord('LIKE')) {
      this.next();
      return { kind: 'like', negated, target, pattern: this.operand(), pos: t.pos };
    }
    if (this.isWord('IN')) {
      this.next();
      this.expectPunct('(');
      const values = [this.operand()];
      while (this.isPunct(',')) {
        this.next();
        values.push(this.operand());
      }
      this.expectPunct(')');
      return { kind: 'in', negated, target, values, pos: t.pos };
    }
    if (this.isWord('BETWEEN')) {
      this.next();
      const low = this.operand();
      this.expectWord('AND');
      return { kind: 'between', negated, target, low, high: this.operand(), pos: t.pos };
    }
    return this.fail('a comparison (=, !=, <, <=, >, >=, LIKE, IN, IS, BETWEEN)');
  }

  operand(): Operand {
    const t = this.tok;
    if (t.type === 'string') {
      this.next();
      return { kind: 'literal', value: t.value, pos: t.pos };
    }
    if (t.type === 'number') return this.number();
    if (this.isPunct('-')) {
      this.next();
      if (this.tok.type !== 'number') this.fail('a number after -');
      const n = this.number();
      return { ...n, value: -(n.value as number), pos: t.pos };
    }
    if (this.isWord('TRUE') || this.isWord('FALSE') || this.isWord('NULL')) {
      this.next();
      const w = t.value.toUpperCase();
      return { kind: 'literal', value: w === 'NULL' ? null : w === 'TRUE', pos: t.pos };
    }
    if (t.type === 'ident' && this.isPunct('(', this.peek())) return this.call();
    if (t.type === 'ident' || t.type === 'quotedIdent') return this.column();
    return this.fail('a value or a column name');
  }

  private number(): Operand & { kind: 'literal' } {
    const t = this.next();
    const value = Number(t.value);
    if (!Number.isFinite(value)) throw new WhereSyntaxError(`Number out of range ${showToken(t.raw)} at position ${t.pos}`, t.pos, t.raw);
    return { kind: 'literal', value, pos: t.pos };
  }

  call(): Operand {
    const name = this.next();
    const upper = name.value.toUpperCase();
    this.expectPunct('(');
    if ((AggregateFunctions as readonly string[]).includes(upper)) return this.aggregateRest(upper as AggregateFunction, name);
    if (upper === 'DISTANCE') {
      const args: Operand[] = [this.operand()];
      for (let k = 0; k < 3; k++) {
        this.expectPunct(',');
        args.push(this.operand());
      }
      this.expectPunct(')');
      return { kind: 'distance', args: args as [Operand, Operand, Operand, Operand], pos: name.pos };
    }
    if (upper in DistanceUnits) {
      const t = this.tok;
      if (t.type !== 'number') this.fail(`a number inside ${name.value}()`);
      const value = Number(this.next().value);
      this.expectPunct(')');
      const unit = upper as DistanceUnit;
      return { kind: 'unit', unit, value, km: value * DistanceUnits[unit], pos: name.pos };
    }
    throw new WhereSyntaxError(`Unknown function ${showToken(name.raw)} at position ${name.pos}`, name.pos, name.raw);
  }

  private aggregateRest(fn: AggregateFunction, name: Token): Aggregate {
    const distinct = this.isWord('DISTINCT');
    if (distinct) this.next();
    let arg: ColumnRef | null = null;
    if (this.isPunct('*')) {
      const star = this.next();
      if (fn !== 'COUNT' || distinct) throw new WhereSyntaxError(`'*' is only allowed in Count(*) at position ${star.pos}`, star.pos, '*');
    } else {
      arg = this.column();
    }
    this.expectPunct(')');
    return { kind: 'aggregate', fn, arg, distinct, pos: name.pos };
  }

  column(): ColumnRef {
    const first = this.tok;
    const path = [this.segment()];
    while (this.isPunct('.')) {
      this.next();
      path.push(this.segment());
    }
    return { kind: 'column', path, pos: first.pos };
  }

  private segment(): string {
    const t = this.tok;
    if (t.type === 'quotedIdent') return this.next().value;
    if (t.type === 'ident' && !RESERVED.has(t.value.toUpperCase())) return this.next().value;
    return this.fail('a column name');
  }

  /** A column or an aggregate call, as props, sortBy and groupBy items start. */
  columnOrCall(): ColumnRef | Aggregate {
    if (this.tok.type === 'ident' && this.isPunct('(', this.peek())) {
      const op = this.call();
      if (op.kind !== 'aggregate') throw new WhereSyntaxError(`Only Count, Sum, Avg, Min and Max are allowed here, at position ${op.pos}`, op.pos, this.input.slice(op.pos, this.tok.pos).trim());
      return op;
    }
    return this.column();
  }

  alias(): string | null {
    if (!this.isWord('AS')) return null;
    this.next();
    const t = this.tok;
    // Aliases become output names, so only plain identifier characters are accepted.
    if (t.type !== 'ident' || RESERVED.has(t.value.toUpperCase())) this.fail('an alias name (letters, digits, _)');
    return this.next().value;
  }

  /** Comma-separated items until the end of input. */
  list<T>(item: () => T): T[] {
    const items = [item()];
    while (this.isPunct(',')) {
      this.next();
      items.push(item());
    }
    this.expectEnd("',' or the end of the list");
    return items;
  }

  propItem(): PropItem {
    const t = this.tok;
    if (this.isPunct('*')) {
      this.next();
      return { kind: 'all', pos: t.pos };
    }
    const target = this.columnOrCall();
    const alias = this.alias();
    return target.kind === 'aggregate' ? { kind: 'aggregate', aggregate: target, alias, pos: t.pos } : { kind: 'column', column: target, alias, pos: t.pos };
  }

  sortItem(): SortItem {
    const t = this.tok;
    const target = this.columnOrCall();
    let descending = false;
    if (this.isWord('DESC')) {
      this.next();
      descending = true;
    } else if (this.isWord('ASC')) {
      this.next();
    }
    return { target, descending, pos: t.pos };
  }
}

function blank(input: string | string[] | null | undefined): boolean {
  if (input == null) return true;
  return Array.isArray(input) ? input.every((s) => s.trim() === '') : input.trim() === '';
}

/** Parses each non-blank element of a list input (arrays may also hold comma-separated text). */
function parseList<T>(input: string | string[] | null | undefined, item: (p: Parser) => T): T[] {
  if (blank(input)) return [];
  const parts = Array.isArray(input) ? input.filter((s) => s.trim() !== '') : [input as string];
  return parts.flatMap((text) => {
    const p = new Parser(text);
    return p.list(() => item(p));
  });
}

/** Parses a `where` or `having` text; blank text means no condition (null). */
export function parseWhere(input: string | null | undefined): Condition | null {
  if (input == null || input.trim() === '') return null;
  const p = new Parser(input);
  const cond = p.or();
  p.expectEnd('AND, OR or the end of the condition');
  return cond;
}

/** Parses `props`: `*`, columns and aggregates with optional `as alias`. */
export function parseProps(input: string | string[] | null | undefined): PropItem[] {
  return parseList(input, (p) => p.propItem());
}

/** Parses `sortBy`: `name`, `name desc`, `created DESC`, `` `a`.`b` asc ``, `Count(objectId) desc`. */
export function parseSortBy(input: string | string[] | null | undefined): SortItem[] {
  return parseList(input, (p) => p.sortItem());
}

/** Parses `groupBy`: a list of columns. */
export function parseGroupBy(input: string | string[] | null | undefined): ColumnRef[] {
  return parseList(input, (p) => p.column());
}
