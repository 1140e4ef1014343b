import {
  FLOW_ELEMENT_TYPES,
  FLOW_PORTS,
  type FlowElement,
  type FlowTransition,
  type FlowValidationError,
} from '@basalt/shared';
import { portsOf, specOf } from './engine/elements/index.js';
import { checkTemplates } from './engine/expressions.js';

/** A version's runnable part: what instances are pinned to. */
export interface FlowDefinition {
  elements: FlowElement[];
  transitions: FlowTransition[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/**
 * Brings whatever a client sent into the stored shape without refusing anything: a malformed
 * element keeps what can be kept and `validate` names its fault, so the version saves as
 * NOT_READY instead of failing the request.
 */
export function normalise(elements: unknown[] | undefined, transitions: unknown[] | undefined): FlowDefinition {
  return {
    elements: (elements ?? []).map((e, i) => {
      const r = isRec(e) ? e : {};
      const element: FlowElement = {
        id: text(r.id) || `element-${i + 1}`,
        name: text(r.name),
        type: text(r.type),
        config: isRec(r.config) ? r.config : {},
      };
      const position = positionOf(r.position);
      if (position) element.position = position;
      return element;
    }),
    transitions: (transitions ?? []).map((t) => {
      const r = isRec(t) ? t : {};
      return { from: text(r.from), to: text(r.to), port: text(r.port) || 'out' };
    }),
  };
}

/** The canvas position of an element, kept only when both coordinates are finite numbers. */
function positionOf(v: unknown): { x: number; y: number } | undefined {
  if (!isRec(v) || typeof v.x !== 'number' || typeof v.y !== 'number') return undefined;
  if (!Number.isFinite(v.x) || !Number.isFinite(v.y)) return undefined;
  return { x: Math.round(v.x * 10) / 10, y: Math.round(v.y * 10) / 10 };
}

const TYPES = new Set<string>(FLOW_ELEMENT_TYPES);
const PORTS = new Set<string>(FLOW_PORTS);

export { portsOf };
/** Element types a cycle may pass through: loops, each bounded (a list's items, a repeat's failsafe). */
const LOOP_TYPES = new Set(['control.forEach', 'control.repeat']);

/**
 * Everything that keeps a definition from running, each named on its element: unknown types,
 * bad config, bad templates, transitions to or from nowhere or from a port the element lacks,
 * duplicate ids or names, a flow with no trigger or with a trigger that has a way in, and loops
 * (no loop element with a failsafe exists yet, so any cycle could run forever).
 */
export function validate(def: FlowDefinition): FlowValidationError[] {
  const errors: FlowValidationError[] = [];
  const err = (elementId: string | null, message: string) => errors.push({ elementId, message });
  const byId = new Map<string, FlowElement>();
  const names = new Set<string>();
  for (const e of def.elements) {
    if (byId.has(e.id)) err(e.id, `Two elements have the id '${e.id}'`);
    byId.set(e.id, e);
    if (!e.name) err(e.id, 'The element needs a name');
    else if (names.has(e.name)) err(e.id, `Two elements are named '${e.name}'`);
    names.add(e.name);
    if (!TYPES.has(e.type)) {
      err(e.id, `Unknown element type '${e.type}'`);
      continue;
    }
    const spec = specOf(e.type);
    for (const check of spec?.checks ?? []) {
      const problem = check(e.config);
      if (problem) err(e.id, `${e.type} ${problem}`);
    }
    const raw = spec?.raw ?? [];
    const bad = checkTemplates(
      raw.length ? Object.fromEntries(Object.entries(e.config).filter(([k]) => !raw.includes(k))) : e.config,
    );
    if (bad) err(e.id, bad);
  }
  const triggers = def.elements.filter((e) => e.type.startsWith('trigger.'));
  if (def.elements.length && !triggers.length) err(null, 'The flow needs a trigger');
  if (triggers.length > 1) for (const t of triggers.slice(1)) err(t.id, 'A flow has one trigger; this one is extra');

  const seen = new Set<string>();
  for (const t of def.transitions) {
    const from = byId.get(t.from);
    if (!from) err(t.from || null, `A transition leaves from '${t.from}', which is not an element`);
    if (!byId.has(t.to)) err(t.from || null, `A transition goes to '${t.to}', which is not an element`);
    // A known element's own ports (a router's are named by its routes); otherwise the common ones.
    if (from && TYPES.has(from.type)) {
      if (!portsOf(from.type, from.config).includes(t.port)) err(from.id, `${from.type} has no '${t.port}' port`);
    } else if (!PORTS.has(t.port)) err(t.from || null, `Unknown port '${t.port}'`);
    if (byId.get(t.to)?.type.startsWith('trigger.')) err(t.to, 'A trigger cannot be reached from another element');
    const key = `${t.from}\u0000${t.port}`;
    if (seen.has(key))
      err(t.from, `The '${t.port}' port leads to more than one element (use a parallel element for branches)`);
    seen.add(key);
  }
  const looped = cycleAt(def);
  if (looped)
    err(
      looped,
      'This element is part of a loop without a failsafe; a way back must lead from a repeat (with its limit) or list iterator body to that element',
    );
  return errors;
}

/**
 * An element on a cycle of the graph without a failsafe, if there is one. The ways back into a
 * loop element from its own body (what its `body` port reaches without passing through it) are
 * bounded by the loop and set aside; any cycle left could run forever (depth-first search with colours).
 */
function cycleAt(def: FlowDefinition): string | undefined {
  const all = new Map<string, string[]>();
  for (const t of def.transitions) all.set(t.from, [...(all.get(t.from) ?? []), t.to]);
  const bounded = new Set<string>();
  for (const loop of def.elements.filter((e) => LOOP_TYPES.has(e.type))) {
    const body = new Set<string>();
    const stack = def.transitions.filter((t) => t.from === loop.id && t.port === 'body').map((t) => t.to);
    while (stack.length) {
      const id = stack.pop()!;
      if (id === loop.id || body.has(id)) continue;
      body.add(id);
      stack.push(...(all.get(id) ?? []));
    }
    for (const t of def.transitions) if (t.to === loop.id && body.has(t.from)) bounded.add(`${t.from}\u0000${t.to}`);
  }
  const next = new Map<string, string[]>();
  for (const t of def.transitions)
    if (!bounded.has(`${t.from}\u0000${t.to}`)) next.set(t.from, [...(next.get(t.from) ?? []), t.to]);
  const state = new Map<string, 1 | 2>();
  const visit = (id: string): string | undefined => {
    state.set(id, 1);
    for (const to of next.get(id) ?? []) {
      if (state.get(to) === 1) return to;
      if (!state.has(to)) {
        const found = visit(to);
        if (found) return found;
      }
    }
    state.set(id, 2);
    return undefined;
  };
  for (const e of def.elements) {
    if (state.has(e.id)) continue;
    const found = visit(e.id);
    if (found) return found;
  }
  return undefined;
}
