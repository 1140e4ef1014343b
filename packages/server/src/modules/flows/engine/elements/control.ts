import { textOf } from '../expressions.js';
import {
  isRec,
  obj,
  oneOf,
  present,
  type Check,
  type ElementRun,
  type ElementSpec,
  type Outcome,
  type Rec,
} from './types.js';

export const CONDITION_OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'contains', 'isEmpty'];

export function compare(left: unknown, operator: string, right: unknown): boolean {
  const numeric = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  const a = numeric(left);
  const b = numeric(right);
  const both = !Number.isNaN(a) && !Number.isNaN(b);
  switch (operator) {
    case '=':
      return both ? a === b : textOf(left) === textOf(right);
    case '!=':
      return both ? a !== b : textOf(left) !== textOf(right);
    case '>':
      return both ? a > b : textOf(left) > textOf(right);
    case '>=':
      return both ? a >= b : textOf(left) >= textOf(right);
    case '<':
      return both ? a < b : textOf(left) < textOf(right);
    case '<=':
      return both ? a <= b : textOf(left) <= textOf(right);
    case 'contains':
      return Array.isArray(left) ? left.some((x) => textOf(x) === textOf(right)) : textOf(left).includes(textOf(right));
    default:
      return left === undefined || left === null || left === '' || (Array.isArray(left) && left.length === 0);
  }
}

/** Items a list iterator takes; iterations a repeat may be allowed at most. */
export const MAX_LIST_ITEMS = 1000;
export const MAX_REPEAT = 10_000;
/** Parallel branches a parallel element may start. */
export const MAX_BRANCHES = 16;
const PORT_NAME = /^[A-Za-z0-9_-]{1,40}$/;
const RESERVED_PORTS = ['error'];

/** A router's routes: `{value, port?}`, the port named after the value when not given. */
function routesOf(c: Rec): Array<{ port: string; value: unknown }> {
  if (!Array.isArray(c.routes)) return [];
  return c.routes.filter(isRec).map((r) => ({ port: String(r.port ?? textOf(r.value)), value: r.value }));
}
const defaultPort = (c: Rec) => (typeof c.default === 'string' && c.default ? c.default : 'default');

const checkRoutes: Check = (c) => {
  if (!Array.isArray(c.routes) || !c.routes.length || !c.routes.every(isRec) || c.routes.length > 50)
    return "needs 'routes' as a list of 1 to 50 {value, port?}";
  const ports = [...routesOf(c).map((r) => r.port), defaultPort(c)];
  const bad = ports.find((p) => !PORT_NAME.test(p) || RESERVED_PORTS.includes(p) || p.includes('{{'));
  if (bad !== undefined) return `port '${bad}' must be 1 to 40 letters, digits, '-' or '_' (and not 'error')`;
  if (new Set(ports).size !== ports.length) return 'has two routes leading to the same port';
  return undefined;
};

/** A value read as a yes/no: `true`, `'true'`, a non-zero number, a non-empty list or object. */
export function truthy(v: unknown): boolean {
  if (typeof v === 'string') return v.trim() !== '' && v.trim().toLowerCase() !== 'false' && v.trim() !== '0';
  if (Array.isArray(v)) return v.length > 0;
  return !!v;
}

/** Where a loop element's token stands: entering the loop afresh, or coming back from its body. */
function loopEntry(r: ElementRun) {
  const at = r.frames.lastIndexOf(r.element.id);
  // Coming back: the frames inside this loop (an inner loop left early) end with it.
  const outer = at >= 0 ? r.frames.slice(0, at) : r.frames;
  const loop = at >= 0 ? r.state.loops[r.element.id] : undefined;
  return { outer, loop };
}

function forEach(r: ElementRun): Outcome {
  const id = r.element.id;
  const { outer, loop } = loopEntry(r);
  let items: unknown[];
  let index: number;
  if (!loop) {
    const list = r.config.list;
    if (!Array.isArray(list)) return { kind: 'fail', code: 'BAD_CONFIG', message: "'list' must be a list" };
    if (list.length > MAX_LIST_ITEMS)
      return { kind: 'fail', code: 'LIST_TOO_LONG', message: `A list iterator takes at most ${MAX_LIST_ITEMS} items` };
    items = list;
    index = 0;
  } else {
    items = loop.items ?? [];
    index = loop.index + 1;
  }
  if (index >= items.length)
    return {
      kind: 'done',
      output: { count: items.length },
      port: 'out',
      frames: outer,
      state: { loops: { [id]: null } },
    };
  return {
    kind: 'done',
    output: { index, item: items[index] },
    port: 'body',
    frames: [...outer, id],
    state: { loops: { [id]: { index, items } } },
  };
}

function repeat(r: ElementRun): Outcome {
  const id = r.element.id;
  const { outer, loop } = loopEntry(r);
  const index = loop ? loop.index + 1 : 0;
  const max = Number(r.config.maxIterations);
  const again = truthy(r.config.while);
  if (!again || index >= max)
    return {
      kind: 'done',
      output: { iterations: index, limitReached: again },
      port: 'out',
      frames: outer,
      state: { loops: { [id]: null } },
    };
  return {
    kind: 'done',
    output: { index },
    port: 'body',
    frames: [...outer, id],
    state: { loops: { [id]: { index } } },
  };
}

function join(r: ElementRun): Outcome {
  const id = r.element.id;
  const arrived = (r.state.joins[id] ?? 0) + 1;
  if (arrived < r.incoming) return { kind: 'absorb', state: { joins: { [id]: arrived } } };
  return { kind: 'done', output: { branches: arrived }, port: 'out', state: { joins: { [id]: 0 } } };
}

const BRANCH_PORTS = Array.from({ length: MAX_BRANCHES }, (_, k) => `branch-${k + 1}`);

export const CONTROL_ELEMENTS: Record<string, ElementSpec> = {
  'control.condition': {
    ports: ['yes', 'no', 'error'],
    checks: [present('left'), oneOf('operator', CONDITION_OPERATORS)],
    run: ({ config: c }) => {
      const yes = compare(c.left, String(c.operator), c.right);
      return { kind: 'done', output: { result: yes }, port: yes ? 'yes' : 'no' };
    },
  },
  'control.delay': {
    ports: ['out', 'error'],
    checks: [(c) => (Number(c.seconds) >= 0 && Number(c.seconds) <= 31_536_000 ? undefined : "needs 'seconds'")],
    run: (r) =>
      r.waitingSince === undefined
        ? { kind: 'wait', dueAt: r.now + Number(r.config.seconds) * 1000 }
        : { kind: 'done', output: { resumedAt: r.now }, port: 'out' },
  },
  'control.returnResult': {
    ports: [],
    checks: [obj('values')],
    run: ({ config: c }) => ({ kind: 'return', values: c.values }),
  },
  'control.router': {
    ports: (c) => [...routesOf(c).map((r) => r.port), defaultPort(c), 'error'],
    checks: [present('value'), checkRoutes],
    run: ({ config: c }) => {
      const hit = routesOf(c).find((r) => compare(c.value, '=', r.value));
      const port = hit ? hit.port : defaultPort(c);
      return { kind: 'done', output: { value: c.value, port }, port };
    },
  },
  'control.forEach': { ports: ['body', 'out', 'error'], checks: [present('list')], run: forEach },
  'control.repeat': {
    ports: ['body', 'out', 'error'],
    checks: [
      present('while'),
      (c) =>
        Number.isInteger(c.maxIterations) && Number(c.maxIterations) >= 1 && Number(c.maxIterations) <= MAX_REPEAT
          ? undefined
          : `needs 'maxIterations' (a failsafe: a whole number from 1 to ${MAX_REPEAT})`,
    ],
    run: repeat,
  },
  'control.parallel': {
    ports: [...BRANCH_PORTS, 'error'],
    checks: [],
    run: () => ({ kind: 'done', output: {}, port: BRANCH_PORTS }),
  },
  'control.join': { ports: ['out', 'error'], checks: [], run: join },
};
