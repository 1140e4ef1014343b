import {
  FLOW_ELEMENT_TYPES,
  FLOW_PORTS,
  type FlowElement,
  type FlowTransition,
  type FlowValidationError,
} from '@basalt/shared';
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
      return {
        id: text(r.id) || `element-${i + 1}`,
        name: text(r.name),
        type: text(r.type),
        config: isRec(r.config) ? r.config : {},
      };
    }),
    transitions: (transitions ?? []).map((t) => {
      const r = isRec(t) ? t : {};
      return { from: text(r.from), to: text(r.to), port: text(r.port) || 'out' };
    }),
  };
}

const TYPES = new Set<string>(FLOW_ELEMENT_TYPES);
const PORTS = new Set<string>(FLOW_PORTS);
export const CONDITION_OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'contains', 'isEmpty'];
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'];
const SCHEDULE_MODES = ['once', 'interval'];

/** The ports each kind of element may leave from (every element also has `error`). */
export function portsOf(type: string): string[] {
  if (type === 'control.condition') return ['yes', 'no', 'error'];
  if (type === 'control.returnResult') return [];
  return ['out', 'error'];
}

type Check = (config: Rec) => string | undefined;
const str =
  (key: string): Check =>
  (c) =>
    typeof c[key] === 'string' && c[key] ? undefined : `needs '${key}'`;
const present =
  (key: string): Check =>
  (c) =>
    c[key] === undefined ? `needs '${key}'` : undefined;
const obj =
  (key: string): Check =>
  (c) =>
    isRec(c[key]) ? undefined : `needs '${key}' as an object`;
const oneOf =
  (key: string, allowed: string[]): Check =>
  (c) =>
    allowed.includes(String(c[key])) ? undefined : `'${key}' must be one of ${allowed.join(', ')}`;

function checkSchedule(c: Rec): string | undefined {
  if (c.mode === 'cron') return "the 'cron' schedule mode is not available yet (use 'once' or 'interval')";
  const mode = oneOf('mode', SCHEDULE_MODES)(c);
  if (mode) return mode;
  if (c.startAt !== undefined && !Number.isFinite(Date.parse(String(c.startAt))) && typeof c.startAt !== 'number')
    return "'startAt' must be a date";
  if (c.mode === 'interval' && !(Number(c.intervalSeconds) >= 1)) return "needs 'intervalSeconds' (at least 1)";
  return undefined;
}

function checkRetry(c: Rec): string | undefined {
  if (c.retry === undefined) return undefined;
  const r = c.retry;
  if (!isRec(r) || !(Number.isInteger(r.count) && Number(r.count) >= 0 && Number(r.count) <= 10))
    return "'retry.count' must be a whole number from 0 to 10";
  if (!(Number(r.delayMs) >= 0 && Number(r.delayMs) <= 3_600_000)) return "'retry.delayMs' must be 0 to 3600000";
  return undefined;
}

/** The config checks of each element type (issue 19, "Shapes we fix"). */
const CHECKS: Record<string, Check[]> = {
  'trigger.data': [
    str('table'),
    (c) =>
      Array.isArray(c.events) && c.events.length && c.events.every((e) => e === 'created' || e === 'updated')
        ? undefined
        : "'events' must list 'created' and/or 'updated'",
  ],
  'trigger.api': [],
  'trigger.schedule': [checkSchedule],
  'control.condition': [present('left'), oneOf('operator', CONDITION_OPERATORS)],
  'control.delay': [(c) => (Number(c.seconds) >= 0 && Number(c.seconds) <= 31_536_000 ? undefined : "needs 'seconds'")],
  'control.returnResult': [obj('values')],
  'action.createRecord': [str('table'), obj('values')],
  'action.updateRecord': [str('table'), str('objectId'), obj('changes')],
  'action.findRecords': [
    str('table'),
    (c) =>
      c.pageSize === undefined || (Number(c.pageSize) >= 1 && Number(c.pageSize) <= 100)
        ? undefined
        : "'pageSize' must be 1 to 100",
  ],
  'action.http': [str('url'), oneOf('method', HTTP_METHODS), checkRetry],
  'action.log': [oneOf('level', LOG_LEVELS), present('message')],
};

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
    for (const check of CHECKS[e.type] ?? []) {
      const problem = check(e.config);
      if (problem) err(e.id, `${e.type} ${problem}`);
    }
    const bad = checkTemplates(e.config);
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
    if (!PORTS.has(t.port)) err(t.from || null, `Unknown port '${t.port}'`);
    else if (from && TYPES.has(from.type) && !portsOf(from.type).includes(t.port))
      err(from.id, `${from.type} has no '${t.port}' port`);
    if (byId.get(t.to)?.type.startsWith('trigger.')) err(t.to, 'A trigger cannot be reached from another element');
    const key = `${t.from}\u0000${t.port}`;
    if (seen.has(key))
      err(t.from, `The '${t.port}' port leads to more than one element (parallel branches are not available yet)`);
    seen.add(key);
  }
  const looped = cycleAt(def);
  if (looped)
    err(looped, 'This element is part of a loop without a failsafe; loops need a repeat element with a limit');
  return errors;
}

/** An element on a cycle of the graph, if there is one (depth-first search with colours). */
function cycleAt(def: FlowDefinition): string | undefined {
  const next = new Map<string, string[]>();
  for (const t of def.transitions) next.set(t.from, [...(next.get(t.from) ?? []), t.to]);
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
