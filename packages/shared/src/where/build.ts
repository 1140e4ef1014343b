/**
 * Conditions built by code rather than parsed from text: the permission scope of a query, the
 * children of one relation, one record by id. They are syntax-tree nodes, so the server ANDs them
 * with a caller's parsed where as nodes; no text is ever joined, and nothing a caller writes can
 * close a parenthesis of ours. Values stay literals, bound as parameters when compiled.
 */
import type { ColumnRef, Condition, Literal, Operand } from './ast.js';

const column = (name: string): ColumnRef => ({ kind: 'column', path: [name], pos: 0 });
const literal = (value: Literal['value']): Literal => ({ kind: 'literal', value, pos: 0 });

/** `name = value` (`name IS NULL` for null). */
export function columnEquals(name: string, value: string | number | boolean | null): Condition {
  if (value === null) return { kind: 'isNull', negated: false, target: column(name), pos: 0 };
  return { kind: 'compare', op: '=', left: column(name), right: literal(value), pos: 0 };
}

/** `name != value`, also true where the column holds NULL (`name IS NULL OR name != value`). */
export function columnDiffers(name: string, value: string | number | boolean): Condition {
  return whereAny([
    { kind: 'isNull', negated: false, target: column(name), pos: 0 },
    { kind: 'compare', op: '!=', left: column(name), right: literal(value), pos: 0 },
  ])!;
}

/** `name [NOT] IN (values…)`; an empty list is never true (IN) or always true (NOT IN). */
export function columnIn(name: string, values: ReadonlyArray<string | number>, negated = false): Condition {
  if (values.length === 0) return negated ? ALWAYS : NEVER;
  return { kind: 'in', negated, target: column(name), values: values.map(literal), pos: 0 };
}

/** A condition no row meets, and one every row meets (folded to constants when compiled). */
export const NEVER: Condition = { kind: 'compare', op: '=', left: literal(1), right: literal(0), pos: 0 };
export const ALWAYS: Condition = { kind: 'compare', op: '=', left: literal(1), right: literal(1), pos: 0 };

function join(kind: 'and' | 'or', conds: ReadonlyArray<Condition | null | undefined>): Condition | undefined {
  const present = conds.filter((c): c is Condition => !!c);
  if (present.length === 0) return undefined;
  // Balanced rather than a left-leaning chain: the tree stays shallow however many parts there are.
  const build = (from: number, to: number): Condition => {
    if (to - from === 1) return present[from];
    const mid = (from + to) >> 1;
    return { kind, left: build(from, mid), right: build(mid, to), pos: 0 };
  };
  return build(0, present.length);
}

/** Every condition (absent ones are skipped); undefined when none is given. */
export function whereAll(conds: ReadonlyArray<Condition | null | undefined>): Condition | undefined {
  return join('and', conds);
}

/** Any of the conditions (absent ones are skipped); undefined when none is given. */
export function whereAny(conds: ReadonlyArray<Condition | null | undefined>): Condition | undefined {
  return join('or', conds);
}

/** Every column reference of a condition, in order (inside comparisons, lists and distance()). */
export function conditionColumns(cond: Condition, out: ColumnRef[] = []): ColumnRef[] {
  const operand = (o: Operand) => {
    if (o.kind === 'column') out.push(o);
    else if (o.kind === 'aggregate' && o.arg) out.push(o.arg);
    else if (o.kind === 'distance' || o.kind === 'spatial') o.args.forEach(operand);
  };
  // An explicit stack rather than recursion: a long AND/OR chain is as deep as it is long.
  const stack: Condition[] = [cond];
  while (stack.length) {
    const c = stack.pop()!;
    switch (c.kind) {
      case 'and':
      case 'or':
        stack.push(c.right, c.left);
        break;
      case 'not':
        stack.push(c.expr);
        break;
      case 'compare':
        operand(c.left);
        operand(c.right);
        break;
      case 'like':
        operand(c.target);
        operand(c.pattern);
        break;
      case 'in':
        operand(c.target);
        c.values.forEach(operand);
        break;
      case 'isNull':
        operand(c.target);
        break;
      case 'between':
        operand(c.target);
        operand(c.low);
        operand(c.high);
        break;
    }
  }
  return out;
}
