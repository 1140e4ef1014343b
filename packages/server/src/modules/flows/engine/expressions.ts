/**
 * `{{ … }}` templates of flow element configs, over `$trigger`, `$initial`, `$results["name"]`,
 * `$vars`, `$now`, `$instance` and `$error`. A small evaluator of our own (decision 0067): literals,
 * `$names`, member access (`.field`, `["field"]`, `[0]`), `! -`, `* / %`, `+ -`, comparisons,
 * `== != === !==`, `&& ||` and parentheses. Nothing can be called and no prototype can be
 * reached, so an expression reads data and nothing else. Every node evaluated and every text
 * built counts against a budget; an expression over it is cut with EXPRESSION_BUDGET.
 */

export class ExpressionError extends Error {
  constructor(
    readonly code: 'EXPRESSION_SYNTAX' | 'EXPRESSION_BUDGET',
    message: string,
  ) {
    super(message);
  }
}

/** What an expression may read: `$name` → value. */
export type Scope = Record<string, unknown>;

const MAX_SOURCE = 4000;
/** Nodes one template may evaluate. */
const MAX_STEPS = 20_000;
/** Characters one template may build. */
const MAX_TEXT = 1_000_000;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

type Node =
  | { k: 'lit'; v: unknown }
  | { k: 'var'; name: string }
  | { k: 'get'; obj: Node; key: Node }
  | { k: 'un'; op: string; a: Node }
  | { k: 'bin'; op: string; a: Node; b: Node };

const TOKEN =
  /\s*(?:(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|(\$?[A-Za-z_][A-Za-z0-9_]*)|(===|!==|==|!=|>=|<=|&&|\|\||[-+*/%<>!().[\]]))/y;

function tokenize(src: string): string[] {
  if (src.length > MAX_SOURCE)
    throw new ExpressionError('EXPRESSION_SYNTAX', `An expression is limited to ${MAX_SOURCE} characters`);
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(src);
    if (!m) {
      if (/^\s*$/.test(src.slice(at))) break;
      throw new ExpressionError(
        'EXPRESSION_SYNTAX',
        `Unexpected '${src.slice(at).trim().slice(0, 20)}' in {{ ${src.trim()} }}`,
      );
    }
    out.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  return out;
}

const LEVELS = [['||'], ['&&'], ['==', '!=', '===', '!=='], ['<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];

/** Parses one expression (the text between `{{` and `}}`). */
export function parse(src: string): Node {
  const toks = tokenize(src);
  let i = 0;
  const fail = (what: string): never => {
    throw new ExpressionError('EXPRESSION_SYNTAX', `${what} in {{ ${src.trim()} }}`);
  };
  const binary = (level: number): Node => {
    if (level === LEVELS.length) return unary();
    let left = binary(level + 1);
    while (i < toks.length && LEVELS[level].includes(toks[i])) {
      const op = toks[i++];
      left = { k: 'bin', op, a: left, b: binary(level + 1) };
    }
    return left;
  };
  const unary = (): Node => {
    if (toks[i] === '!' || toks[i] === '-') {
      const op = toks[i++];
      return { k: 'un', op, a: unary() };
    }
    return postfix(primary());
  };
  const postfix = (node: Node): Node => {
    for (;;) {
      if (toks[i] === '.') {
        i++;
        const name = toks[i++];
        if (!name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail('A field name is missing after "."');
        node = { k: 'get', obj: node, key: { k: 'lit', v: name } };
      } else if (toks[i] === '[') {
        i++;
        const key = binary(0);
        if (toks[i++] !== ']') fail('"]" is missing');
        node = { k: 'get', obj: node, key };
      } else return node;
    }
  };
  const primary = (): Node => {
    const t = toks[i++];
    if (t === undefined) return fail('The expression ends too early');
    if (t === '(') {
      const inner = binary(0);
      if (toks[i++] !== ')') fail('")" is missing');
      return inner;
    }
    if (/^\d/.test(t)) return { k: 'lit', v: Number(t) };
    if (t[0] === '"' || t[0] === "'") return { k: 'lit', v: t.slice(1, -1).replace(/\\(.)/g, '$1') };
    if (t === 'true' || t === 'false') return { k: 'lit', v: t === 'true' };
    if (t === 'null') return { k: 'lit', v: null };
    if (t[0] === '$') return { k: 'var', name: t };
    return fail(
      `Unknown name '${t}' (data is read through $trigger, $initial, $results, $vars, $now, $instance, $error)`,
    );
  };
  const node = binary(0);
  if (i < toks.length) fail(`Unexpected '${toks[i]}'`);
  return node;
}

interface Budget {
  steps: number;
  text: number;
}

function spend(b: Budget, steps: number, text = 0): void {
  b.steps += steps;
  b.text += text;
  if (b.steps > MAX_STEPS || b.text > MAX_TEXT)
    throw new ExpressionError('EXPRESSION_BUDGET', 'An expression went over its budget and was cut');
}

function member(obj: unknown, key: unknown): unknown {
  if (obj === null || obj === undefined) return undefined;
  const k = String(key);
  if (FORBIDDEN.has(k)) return undefined;
  if ((Array.isArray(obj) || typeof obj === 'string') && k === 'length') return obj.length;
  if (typeof obj !== 'object') return undefined;
  return Object.hasOwn(obj, k) ? (obj as Record<string, unknown>)[k] : undefined;
}

function evaluate(n: Node, scope: Scope, b: Budget): unknown {
  spend(b, 1);
  switch (n.k) {
    case 'lit':
      return n.v;
    case 'var':
      return Object.hasOwn(scope, n.name) ? scope[n.name] : undefined;
    case 'get':
      return member(evaluate(n.obj, scope, b), evaluate(n.key, scope, b));
    case 'un': {
      const a = evaluate(n.a, scope, b);
      return n.op === '!' ? !a : -Number(a);
    }
    case 'bin': {
      if (n.op === '&&') return evaluate(n.a, scope, b) && evaluate(n.b, scope, b);
      if (n.op === '||') return evaluate(n.a, scope, b) || evaluate(n.b, scope, b);
      const a = evaluate(n.a, scope, b) as any;
      const c = evaluate(n.b, scope, b) as any;
      switch (n.op) {
        case '+': {
          if (typeof a === 'number' && typeof c === 'number') return a + c;
          const s = textOf(a) + textOf(c);
          spend(b, 0, s.length);
          return s;
        }
        case '-':
          return Number(a) - Number(c);
        case '*':
          return Number(a) * Number(c);
        case '/':
          return Number(a) / Number(c);
        case '%':
          return Number(a) % Number(c);
        case '<':
          return a < c;
        case '<=':
          return a <= c;
        case '>':
          return a > c;
        case '>=':
          return a >= c;
        case '==':
          return a == c;
        case '!=':
          return a != c;
        case '===':
          return a === c;
        default:
          return a !== c;
      }
    }
  }
}

/** A value as text inside a template: objects as JSON, nothing as ''. */
export function textOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const WHOLE = /^\s*\{\{([\s\S]*?)\}\}\s*$/;
const PART = /\{\{([\s\S]*?)\}\}/g;

function renderText(s: string, scope: Scope, b: Budget): unknown {
  if (!s.includes('{{')) return s;
  const whole = WHOLE.exec(s);
  // One expression alone keeps its type ({{ $trigger.total }} is a number).
  if (whole && !whole[1].includes('}}')) return evaluate(parse(whole[1]), scope, b);
  const out = s.replace(PART, (_m, src: string) => textOf(evaluate(parse(src), scope, b)));
  spend(b, 0, out.length);
  return out;
}

/** Fills every template in a config value (strings, arrays and objects, deeply). */
export function render(value: unknown, scope: Scope, budget: Budget = { steps: 0, text: 0 }): unknown {
  spend(budget, 1);
  if (typeof value === 'string') return renderText(value, scope, budget);
  if (Array.isArray(value)) return value.map((v) => render(v, scope, budget));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!FORBIDDEN.has(k)) out[k] = render(v, scope, budget);
    return out;
  }
  return value;
}

/** The first template of a config that does not parse, as a message; undefined when all do. */
export function checkTemplates(value: unknown): string | undefined {
  if (typeof value === 'string') {
    for (const m of value.matchAll(PART)) {
      try {
        parse(m[1]);
      } catch (err) {
        return (err as Error).message;
      }
    }
    return undefined;
  }
  if (value && typeof value === 'object')
    for (const v of Object.values(value)) {
      const bad = checkTemplates(v);
      if (bad) return bad;
    }
  return undefined;
}
