/**
 * Real-time filters (data-change `whereClause`, message `selector` over headers) in the product's
 * where language: parsed by `@basalt/shared`'s parser — the same grammar as record queries — and
 * evaluated here in memory against one object. Aggregates and `distance()` have no meaning for a
 * single object and are refused when the filter is parsed.
 */
import {
  conditionColumns,
  parseDateLiteral,
  parseWhere,
  wildcardMatcher,
  WhereSyntaxError,
  type Condition,
  type Operand,
  type WildcardMatcher,
} from '@basalt/shared';
import { parseJsonPath, type PathStep } from '../modules/data/records/special-values.js';

export { WhereSyntaxError, type Condition } from '@basalt/shared';

export const MAX_WHERE_LENGTH = 2000;

type Scalar = string | number | boolean | null | undefined;

/** Every column path a condition names, dotted (`address.city`). */
export function whereColumns(cond: Condition, out: Set<string> = new Set()): Set<string> {
  const operand = (o: Operand) => {
    if (o.kind === 'column') out.add(o.path.join('.'));
    else if (o.kind === 'aggregate' && o.arg) out.add(o.arg.path.join('.'));
    else if (o.kind === 'distance' || o.kind === 'spatial') o.args.forEach(operand);
  };
  switch (cond.kind) {
    case 'and':
    case 'or':
      whereColumns(cond.left, out);
      whereColumns(cond.right, out);
      break;
    case 'not':
      whereColumns(cond.expr, out);
      break;
    case 'compare':
      operand(cond.left);
      operand(cond.right);
      break;
    case 'like':
      operand(cond.target);
      operand(cond.pattern);
      break;
    case 'in':
      operand(cond.target);
      cond.values.forEach(operand);
      break;
    case 'isNull':
      operand(cond.target);
      break;
    case 'between':
      operand(cond.target);
      operand(cond.low);
      operand(cond.high);
      break;
  }
  return out;
}

function refuseUnsupported(cond: Condition): void {
  const check = (o: Operand) => {
    if (o.kind === 'aggregate' || o.kind === 'distance' || o.kind === 'unit' || o.kind === 'spatial') {
      throw new WhereSyntaxError(
        `${o.kind === 'aggregate' || o.kind === 'spatial' ? o.fn : o.kind === 'unit' ? o.unit : 'distance'}() is not available in a real-time filter (position ${o.pos})`,
        o.pos,
        '',
      );
    }
  };
  switch (cond.kind) {
    case 'and':
    case 'or':
      refuseUnsupported(cond.left);
      refuseUnsupported(cond.right);
      break;
    case 'not':
      refuseUnsupported(cond.expr);
      break;
    case 'compare':
      check(cond.left);
      check(cond.right);
      break;
    case 'like':
      check(cond.target);
      check(cond.pattern);
      break;
    case 'in':
      check(cond.target);
      cond.values.forEach(check);
      break;
    case 'isNull':
      check(cond.target);
      break;
    case 'between':
      check(cond.target);
      check(cond.low);
      check(cond.high);
      break;
  }
}

/** Parses a filter; throws WhereSyntaxError (with a positioned message) when it is not valid. */
export function parseFilter(text: string): Condition {
  if (text.length > MAX_WHERE_LENGTH)
    throw new WhereSyntaxError(`The condition is longer than ${MAX_WHERE_LENGTH} characters`, MAX_WHERE_LENGTH, '');
  const cond = parseWhere(text);
  if (!cond) throw new WhereSyntaxError('The condition is empty', 0, '');
  refuseUnsupported(cond);
  return cond;
}

function value(o: Operand, obj: Record<string, unknown>): Scalar {
  if (o.kind === 'literal') return o.value;
  if (o.kind !== 'column') return undefined;
  let cur: unknown = obj;
  for (const part of o.path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  // `doc->'$.a[0]'`: the value inside the JSON document, as the database reads it.
  if (o.json) {
    let steps: PathStep[];
    try {
      steps = parseJsonPath(o.json.path);
    } catch {
      return undefined;
    }
    for (const step of steps) {
      if (cur === null || typeof cur !== 'object' || Array.isArray(cur) !== (typeof step === 'number'))
        return undefined;
      cur = (cur as Record<string | number, unknown>)[step];
    }
  }
  return cur === null || ['string', 'number', 'boolean'].includes(typeof cur) ? (cur as Scalar) : undefined;
}

/**
 * Compares like SQL: numbers numerically (numeric text too, and date text against a number,
 * since record times travel as epoch ms), booleans as 1/0, text as text; null is unknown.
 */
function compare(a: Scalar, b: Scalar): number | undefined {
  if (a === null || a === undefined || b === null || b === undefined) return undefined;
  const x = typeof a === 'boolean' ? Number(a) : a;
  const y = typeof b === 'boolean' ? Number(b) : b;
  if (typeof x === 'number' || typeof y === 'number') {
    const num = (v: string | number) =>
      typeof v === 'number'
        ? v
        : v.trim() === ''
          ? NaN
          : Number.isNaN(Number(v))
            ? (parseDateLiteral(v) ?? NaN)
            : Number(v);
    const [n, m] = [num(x), num(y)];
    return Number.isNaN(n) || Number.isNaN(m) ? undefined : n - m;
  }
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * LIKE: % and _ are wildcards, a backslash escapes the next character, case is ignored. Matched
 * without a RegExp (see wildcardMatcher), so no pattern can make an event's check backtrack.
 */
function likeMatcher(pattern: string): WildcardMatcher {
  return wildcardMatcher(pattern, { any: '%', one: '_', escape: '\\', ignoreCase: true });
}

/** Evaluates a condition against one object (a record, or a message's headers). */
export function matchesWhere(cond: Condition, obj: Record<string, unknown>): boolean {
  switch (cond.kind) {
    case 'and':
      return matchesWhere(cond.left, obj) && matchesWhere(cond.right, obj);
    case 'or':
      return matchesWhere(cond.left, obj) || matchesWhere(cond.right, obj);
    case 'not':
      return !matchesWhere(cond.expr, obj);
    case 'isNull': {
      const v = value(cond.target, obj);
      return (v === null || v === undefined) !== cond.negated;
    }
    case 'in': {
      const v = value(cond.target, obj);
      if (v === null || v === undefined) return false;
      return cond.values.some((o) => compare(v, value(o, obj)) === 0) !== cond.negated;
    }
    case 'between': {
      const v = value(cond.target, obj);
      const lo = compare(v, value(cond.low, obj));
      const hi = compare(v, value(cond.high, obj));
      if (lo === undefined || hi === undefined) return false;
      return (lo >= 0 && hi <= 0) !== cond.negated;
    }
    case 'like': {
      const v = value(cond.target, obj);
      const p = value(cond.pattern, obj);
      if (v === null || v === undefined || typeof p !== 'string') return false;
      return likeMatcher(p).test(String(v)) !== cond.negated;
    }
    case 'compare': {
      const c = compare(value(cond.left, obj), value(cond.right, obj));
      if (c === undefined) return false;
      switch (cond.op) {
        case '=':
          return c === 0;
        case '!=':
          return c !== 0;
        case '<':
          return c < 0;
        case '<=':
          return c <= 0;
        case '>':
          return c > 0;
        case '>=':
          return c >= 0;
      }
    }
  }
}

/**
 * A condition turned into a test, deciding exactly as `matchesWhere` does. A permission scope lists
 * record ids (`objectId IN (…)` from record ACLs, thousands of them at most): such a list of text
 * values is looked up in a set when the record's value is text, the one case where `compare` is
 * plain equality; every other node is evaluated by `matchesWhere`.
 */
export function compileWhere(cond: Condition): (obj: Record<string, unknown>) => boolean {
  switch (cond.kind) {
    case 'and': {
      const [left, right] = [compileWhere(cond.left), compileWhere(cond.right)];
      return (obj) => left(obj) && right(obj);
    }
    case 'or': {
      const [left, right] = [compileWhere(cond.left), compileWhere(cond.right)];
      return (obj) => left(obj) || right(obj);
    }
    case 'not': {
      const expr = compileWhere(cond.expr);
      return (obj) => !expr(obj);
    }
    case 'in': {
      const texts = cond.values.map((o) => (o.kind === 'literal' && typeof o.value === 'string' ? o.value : undefined));
      if (cond.target.kind !== 'column' || texts.some((t) => t === undefined)) break;
      const set = new Set(texts as string[]);
      return (obj) => {
        const v = value(cond.target, obj);
        return typeof v === 'string' ? set.has(v) !== cond.negated : matchesWhere(cond, obj);
      };
    }
    // Evaluated as they come: nothing to gain from compiling them.
    case 'compare':
    case 'like':
    case 'between':
    case 'isNull':
      break;
  }
  return (obj) => matchesWhere(cond, obj);
}

/**
 * The first of `hidden` that a condition names, in any segment of a column path (a JSON path or a
 * relation path could otherwise reach into it); undefined when it names none. `ignoreCase` also
 * counts names written in another case.
 */
export function hiddenNamed(
  cond: Condition | undefined,
  hidden: ReadonlySet<string>,
  ignoreCase = false,
): string | undefined {
  if (!cond || hidden.size === 0) return undefined;
  const byName = new Map([...hidden].map((h) => [ignoreCase ? h.toLowerCase() : h, h]));
  for (const ref of conditionColumns(cond)) {
    for (const part of ref.path) {
      const found = byName.get(ignoreCase ? part.toLowerCase() : part);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Whether a where clause kept as text (a bulk operation's or a relation's condition) may name one
 * of `hidden`, in any case. Text that does not parse counts as naming one: this decides whether
 * the text may be shown at all.
 */
export function textNamesHidden(where: string | null | undefined, hidden: ReadonlySet<string>): boolean {
  if (!where || hidden.size === 0) return false;
  let cond: Condition | null;
  try {
    cond = parseWhere(where);
  } catch {
    return true;
  }
  return hiddenNamed(cond ?? undefined, hidden, true) !== undefined;
}
