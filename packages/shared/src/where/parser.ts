/**
 * Recursive-descent parser of the where language. Grammar (keywords are case-insensitive):
 *
 *   where      := or EOF
 *   or         := and (OR and)*
 *   and        := not (AND not)*
 *   not        := NOT not | '(' or ')' | operand tail
 *   tail       := cmpOp operand | [NOT] LIKE operand | [NOT] IN '(' operand (',' operand)* ')'
 *               | IS [NOT] NULL | [NOT] BETWEEN operand AND operand
 *   operand    := string | ['-'] number | TRUE | FALSE | NULL | call | column ['->' string]
 *   call       := aggFn '(' [DISTINCT] (column | '*') ')' | DISTANCE '(' operand ×4 ')' | unit '(' number ')'
 *               | spatialFn '(' operand ',' operand ')'     (Within … Equals, distance, distanceOnSphere)
 *   column     := name ('.' name)*        name := plain identifier | `back-quoted`
 *   props      := propItem (',' propItem)*   propItem := '*' | (call | column ['->' string]) [AS alias]
 *   sortBy     := (call | column) [ASC | DESC] (',' ...)*
 *
 * A run of ANDs (or ORs) becomes a balanced tree rather than a left-leaning chain, so a tree of
 * n comparisons is about log2(n) deep: whatever walks it (the compiler, Kysely, the databases'
 * own expression depth limits, the real-time matcher) recurses that deep, not n. The clause
 * limits of limits.ts are counted as the text is read.
 */
import {
  AggregateFunctions,
  DistanceUnits,
  SpatialRelations,
  type SpatialRelation,
  type Aggregate,
  type AggregateFunction,
  type ColumnRef,
  type CompareOp,
  type Condition,
  type DistanceUnit,
  type Operand,
  type PropItem,
  type SortItem,
} from './ast.js';
import { WhereLimitError, WhereLimits, formatCount, type WhereLimit } from './limits.js';
import { Lexer, WhereSyntaxError, showToken, type Token } from './tokenizer.js';

/** Words that cannot be a plain (unquoted) column name; back-quote them to use them as names. */
const RESERVED = new Set(['AND', 'OR', 'NOT', 'LIKE', 'IN', 'IS', 'NULL', 'BETWEEN', 'TRUE', 'FALSE']);

/** What one clause has used of its limits, shared by the parts of a list clause. */
interface Budget {
  terms: number;
  values: number;
  hops: number;
  items: number;
}

const newBudget = (): Budget => ({ terms: 0, values: 0, hops: 0, items: 0 });

/** Joins the items of a run of ANDs or ORs into a balanced tree; `ops` holds each operator's position. */
function balanced(kind: 'and' | 'or', parts: Condition[], ops: number[], from = 0, to = parts.length): Condition {
  if (to - from === 1) return parts[from];
  // The left half takes the middle item, so two and three items keep the left-leaning shape.
  const mid = (from + to + 1) >> 1;
  return {
    kind,
    left: balanced(kind, parts, ops, from, mid),
    right: balanced(kind, parts, ops, mid, to),
    pos: ops[mid - 1],
  };
}

/** Relation hops a set of paths joins: every distinct prefix that is followed by a further name. */
function hopsOf(paths: string[][]): number {
  let longest = 0;
  for (const p of paths) longest = Math.max(longest, p.length);
  if (longest < 2) return 0;
  const prefixes = new Set<string>();
  for (const p of paths) for (let i = 1; i < p.length; i++) prefixes.add(p.slice(0, i).join('\u0000'));
  return prefixes.size;
}

/** Column paths an operand names (inside aggregates and distance() too). */
function pathsOf(op: Operand, out: string[][]): string[][] {
  if (op.kind === 'column') out.push(op.path);
  else if (op.kind === 'aggregate' && op.arg) out.push(op.arg.path);
  else if (op.kind === 'distance' || op.kind === 'spatial') for (const a of op.args) pathsOf(a, out);
  return out;
}

class Parser {
  private depth = 0;
  private readonly lexer: Lexer;
  /** the current token and any looked-ahead ones */
  private readonly ahead: Token[] = [];

  constructor(
    private readonly input: string,
    private readonly budget: Budget,
  ) {
    this.lexer = new Lexer(input);
  }

  private at(n: number): Token {
    while (this.ahead.length <= n) {
      const last = this.ahead[this.ahead.length - 1];
      if (last?.type === 'eof') return last;
      this.ahead.push(this.lexer.next());
    }
    return this.ahead[n];
  }

  private get tok(): Token {
    return this.at(0);
  }

  private peek(n = 1): Token {
    return this.at(n);
  }

  private next(): Token {
    const t = this.at(0);
    if (t.type !== 'eof') this.ahead.shift();
    return t;
  }

  /**
   * Runs a parse. A grammar error gives way to a malformed token later in the text (as when the
   * whole text was tokenized first), so `'%O'Brien%'` is refused for its `%`, not for `Brien`.
   */
  run<T>(parse: () => T): T {
    try {
      return parse();
    } catch (e) {
      if (e instanceof WhereSyntaxError && !(e instanceof WhereLimitError)) this.lexer.checkRest();
      throw e;
    }
  }

  private limit(limit: WhereLimit, message: string, t: Token): never {
    throw new WhereLimitError(limit, message, t.pos, t.raw);
  }

  /** Counts a comparison (at its operator `t`) and the relation hops it joins. */
  private term(t: Token, paths: string[][]): void {
    if (++this.budget.terms > WhereLimits.terms) {
      this.limit(
        'terms',
        `Too many comparisons at position ${t.pos}: the limit is ${formatCount(WhereLimits.terms)} comparisons (=, <, LIKE, IN, IS NULL, BETWEEN …) in one clause`,
        t,
      );
    }
    this.hops(hopsOf(paths), t, true);
  }

  private hops(n: number, t: Token, comparison: boolean): void {
    if (n === 0) return;
    if (comparison && n > WhereLimits.conditionHops) {
      this.limit(
        'conditionHops',
        `The comparison at position ${t.pos} joins ${n} relations: the limit is ${WhereLimits.conditionHops} relation hops in one comparison`,
        t,
      );
    }
    this.budget.hops += n;
    if (this.budget.hops > WhereLimits.clauseHops) {
      this.limit(
        'clauseHops',
        `Too many relation hops at position ${t.pos}: the limit is ${WhereLimits.clauseHops} relation hops (joins) in one clause`,
        t,
      );
    }
  }

  private value(t: Token): void {
    if (++this.budget.values > WhereLimits.values) {
      this.limit(
        'values',
        `Too many values at position ${t.pos}: the limit is ${formatCount(WhereLimits.values)} values in one clause`,
        t,
      );
    }
  }

  private isWord(word: string, t: Token = this.tok): boolean {
    // The length first: most tokens are names and values of other lengths, spared an upper-case copy.
    return t.type === 'ident' && t.value.length === word.length && t.value.toUpperCase() === word;
  }

  private isPunct(p: string, t: Token = this.tok): boolean {
    return t.type === 'punct' && t.value === p;
  }

  fail(expected: string, t: Token = this.tok): never {
    if (t.type === 'eof') throw new WhereSyntaxError(`Unexpected end of input: expected ${expected}`, t.pos, '');
    throw new WhereSyntaxError(
      `Unexpected ${showToken(t.raw)} at position ${t.pos}: expected ${expected}`,
      t.pos,
      t.raw,
    );
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
    if (++this.depth > WhereLimits.depth) {
      this.limit(
        'depth',
        `Expression nested too deeply at position ${t.pos}: the limit is ${WhereLimits.depth} levels of parentheses, NOT and distance()`,
        t,
      );
    }
  }

  or(): Condition {
    const parts = [this.and()];
    const ops: number[] = [];
    while (this.isWord('OR')) {
      ops.push(this.next().pos);
      parts.push(this.and());
    }
    return balanced('or', parts, ops);
  }

  private and(): Condition {
    const parts = [this.not()];
    const ops: number[] = [];
    while (this.isWord('AND')) {
      ops.push(this.next().pos);
      parts.push(this.not());
    }
    return balanced('and', parts, ops);
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
    const cond = this.predicateOf(target);
    const paths = pathsOf(target, []);
    switch (cond.kind) {
      case 'compare':
        pathsOf(cond.right, paths);
        break;
      case 'like':
        pathsOf(cond.pattern, paths);
        break;
      case 'in':
        for (const v of cond.values) pathsOf(v, paths);
        break;
      case 'between':
        pathsOf(cond.low, paths);
        pathsOf(cond.high, paths);
        break;
      case 'isNull':
        break; // names no operand besides its target
    }
    this.term(t, paths);
    return cond;
  }

  private predicateOf(target: Operand): Exclude<Condition, { kind: 'and' | 'or' | 'not' }> {
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
      if (!this.isWord('LIKE') && !this.isWord('IN') && !this.isWord('BETWEEN'))
        this.fail('LIKE, IN or BETWEEN after NOT');
    }
    if (this.isWord('LIKE')) {
      this.next();
      const at = this.tok;
      const pattern = this.operand();
      if (
        pattern.kind === 'literal' &&
        typeof pattern.value === 'string' &&
        pattern.value.length > WhereLimits.likePattern
      ) {
        this.limit(
          'likePattern',
          `LIKE pattern too long at position ${at.pos}: ${formatCount(pattern.value.length)} characters, the limit is ${formatCount(WhereLimits.likePattern)}`,
          { ...at, raw: showToken(at.raw) },
        );
      }
      return { kind: 'like', negated, target, pattern, pos: t.pos };
    }
    if (this.isWord('IN')) {
      this.next();
      this.expectPunct('(');
      const values = [this.operand()];
      while (this.isPunct(',')) {
        this.next();
        if (values.length >= WhereLimits.inValues) {
          this.limit(
            'inValues',
            `IN list too long at position ${this.tok.pos}: the limit is ${formatCount(WhereLimits.inValues)} values in one IN list`,
            this.tok,
          );
        }
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
      this.value(t);
      this.next();
      return { kind: 'literal', value: t.value, pos: t.pos };
    }
    if (t.type === 'number') {
      this.value(t);
      return this.number();
    }
    if (this.isPunct('-')) {
      this.value(t);
      this.next();
      if (this.tok.type !== 'number') this.fail('a number after -');
      const n = this.number();
      return { ...n, value: -(n.value as number), pos: t.pos };
    }
    if (this.isWord('TRUE') || this.isWord('FALSE') || this.isWord('NULL')) {
      this.value(t);
      this.next();
      const w = t.value.toUpperCase();
      return { kind: 'literal', value: w === 'NULL' ? null : w === 'TRUE', pos: t.pos };
    }
    if (t.type === 'ident' && this.isPunct('(', this.peek())) return this.call();
    if (t.type === 'ident' || t.type === 'quotedIdent') {
      const column = this.column();
      if (this.tok.type !== 'op' || this.tok.value !== '->') return column;
      this.next();
      const path = this.tok;
      if (path.type !== 'string') this.fail("a JSON path in quotes after '->', such as '$.name'");
      this.value(path);
      this.next();
      return { ...column, json: { path: path.value, pos: path.pos } };
    }
    return this.fail('a value or a column name');
  }

  private number(): Operand & { kind: 'literal' } {
    const t = this.next();
    const value = Number(t.value);
    if (!Number.isFinite(value))
      throw new WhereSyntaxError(`Number out of range ${showToken(t.raw)} at position ${t.pos}`, t.pos, t.raw);
    return { kind: 'literal', value, pos: t.pos };
  }

  call(): Operand {
    const name = this.next();
    const upper = name.value.toUpperCase();
    this.expectPunct('(');
    if ((AggregateFunctions as readonly string[]).includes(upper))
      return this.aggregateRest(upper as AggregateFunction, name);
    const spatial = (SpatialRelations as readonly string[]).includes(upper) || upper === 'DISTANCEONSPHERE';
    if (upper === 'DISTANCE' || spatial) {
      // Its arguments may be calls again: distance(distance(…), …) nests like parentheses do.
      this.enter(name);
      try {
        const args: Operand[] = [this.operand()];
        this.expectPunct(',');
        args.push(this.operand());
        // Two arguments: geometries (distance(location, 'POINT(x y)')); four: latitude/longitude numbers.
        if (spatial || this.isPunct(')')) {
          this.expectPunct(')');
          return {
            kind: 'spatial',
            fn: upper as SpatialRelation | 'DISTANCE' | 'DISTANCEONSPHERE',
            args: args as [Operand, Operand],
            pos: name.pos,
          };
        }
        for (let k = 0; k < 2; k++) {
          this.expectPunct(',');
          args.push(this.operand());
        }
        this.expectPunct(')');
        return { kind: 'distance', args: args as [Operand, Operand, Operand, Operand], pos: name.pos };
      } finally {
        this.depth--;
      }
    }
    if (upper in DistanceUnits) {
      const t = this.tok;
      if (t.type !== 'number') this.fail(`a number inside ${name.value}()`);
      this.value(t);
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
      if (fn !== 'COUNT' || distinct)
        throw new WhereSyntaxError(`'*' is only allowed in Count(*) at position ${star.pos}`, star.pos, '*');
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
      if (path.length > WhereLimits.pathHops) {
        this.limit(
          'pathHops',
          `Relation path too long at position ${first.pos}: the limit is ${WhereLimits.pathHops} relations in one path (such as a.b.c.name)`,
          { ...first, raw: showToken(this.input.slice(first.pos, this.tok.pos)) },
        );
      }
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
      if (op.kind !== 'aggregate')
        throw new WhereSyntaxError(
          `Only Count, Sum, Avg, Min and Max are allowed here, at position ${op.pos}`,
          op.pos,
          this.input.slice(op.pos, this.tok.pos).trim(),
        );
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
    const items: T[] = [];
    for (;;) {
      const t = this.tok;
      if (++this.budget.items > WhereLimits.listItems)
        this.limit(
          'listItems',
          `Too many items at position ${t.pos}: the limit is ${formatCount(WhereLimits.listItems)} items in one list`,
          t,
        );
      items.push(item());
      if (!this.isPunct(',')) break;
      this.next();
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
    let target = this.columnOrCall();
    // `profile->'$.address.city' as city`: a value inside a JSON column, as a property of its own.
    if (target.kind === 'column' && this.tok.type === 'op' && this.tok.value === '->') {
      this.next();
      const path = this.tok;
      if (path.type !== 'string') this.fail("a JSON path in quotes after '->', such as '$.name'");
      this.next();
      target = { ...target, json: { path: path.value, pos: path.pos } };
    }
    const alias = this.alias();
    return target.kind === 'aggregate'
      ? { kind: 'aggregate', aggregate: target, alias, pos: t.pos }
      : { kind: 'column', column: target, alias, pos: t.pos };
  }

  sortItem(): SortItem {
    const t = this.tok;
    const target = this.columnOrCall();
    // Each sort item over a relation is a subquery of its own with its joins.
    this.hops(hopsOf(target.kind === 'column' ? [target.path] : []), t, false);
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

/** Refuses a clause text over the length limit before anything of it is read. */
function checkLength(length: number): void {
  if (length > WhereLimits.textLength) {
    throw new WhereLimitError(
      'textLength',
      `Text too long: ${formatCount(length)} characters, the limit is ${formatCount(WhereLimits.textLength)} in one clause`,
      WhereLimits.textLength,
      '',
    );
  }
}

/** Parses each non-blank element of a list input (arrays may also hold comma-separated text). */
function parseList<T>(input: string | string[] | null | undefined, item: (p: Parser) => T): T[] {
  if (blank(input)) return [];
  const parts = Array.isArray(input) ? input.filter((s) => s.trim() !== '') : [input as string];
  checkLength(parts.reduce((n, text) => n + text.length, 0));
  const budget = newBudget();
  return parts.flatMap((text) => {
    const p = new Parser(text, budget);
    return p.run(() => p.list(() => item(p)));
  });
}

/** Parses a `where` or `having` text; blank text means no condition (null). */
export function parseWhere(input: string | null | undefined): Condition | null {
  if (input == null || input.trim() === '') return null;
  checkLength(input.length);
  const p = new Parser(input, newBudget());
  return p.run(() => {
    const cond = p.or();
    p.expectEnd('AND, OR or the end of the condition');
    return cond;
  });
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
