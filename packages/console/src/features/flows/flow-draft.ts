import type { FlowElement, FlowTransition } from '@basalt/shared';
import { elementKind, isTrigger } from './element-catalog';

/** What the editor changes: a version's runnable part, positions included. */
export interface FlowDraft {
  elements: FlowElement[];
  transitions: FlowTransition[];
}

export interface Point {
  x: number;
  y: number;
}

/** Grid of the automatic layout: a row per step from the trigger, a column per branch. */
const ROW = 150;
const COLUMN = 260;

/**
 * Positions for elements that have none (flows made through the API or imported): each element
 * goes one row below the deepest element leading to it, and elements of one row sit side by side.
 * Elements that already have a position keep it.
 */
export function withLayout(draft: FlowDraft): FlowDraft {
  if (draft.elements.every((e) => e.position)) return draft;
  const depth = new Map<string, number>();
  const incoming = new Map<string, string[]>();
  for (const t of draft.transitions) incoming.set(t.to, [...(incoming.get(t.to) ?? []), t.from]);
  const depthOf = (id: string, seen: Set<string>): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return 0;
    seen.add(id);
    const from = incoming.get(id) ?? [];
    const d = from.length ? Math.max(...from.map((f) => depthOf(f, seen))) + 1 : 0;
    depth.set(id, d);
    return d;
  };
  const perRow = new Map<number, number>();
  const elements = draft.elements.map((e) => {
    if (e.position) return e;
    const row = depthOf(e.id, new Set());
    const column = perRow.get(row) ?? 0;
    perRow.set(row, column + 1);
    return { ...e, position: { x: 40 + column * COLUMN, y: 40 + row * ROW } };
  });
  return { ...draft, elements };
}

/** `control.condition` → `condition`: the start of new ids. */
const idStem = (type: string) => (type.slice(type.indexOf('.') + 1) || 'element').toLowerCase();

/** The first of `stem`, `stem 2`, `stem 3`… not in `taken`. */
function firstFree(stem: string, taken: Set<string>, sep: string): string {
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}${sep}${n}`)) return `${stem}${sep}${n}`;
}

/** Where a new element goes when no place was chosen: below everything there is. */
export function nextFreePoint(draft: FlowDraft, near?: Point): Point {
  const bottom = Math.max(-Infinity, ...draft.elements.map((e) => e.position?.y ?? 0));
  const start = near ? { x: near.x, y: near.y + ROW } : { x: 40, y: Number.isFinite(bottom) ? bottom + ROW : 40 };
  // A second branch below the same element goes beside the first, not on top of it.
  const taken = (p: Point) =>
    draft.elements.some(
      (e) => e.position && Math.abs(e.position.x - p.x) < COLUMN - 20 && Math.abs(e.position.y - p.y) < ROW / 2,
    );
  let p = start;
  while (taken(p)) p = { x: p.x + COLUMN, y: p.y };
  return p;
}

/** A new element of `type` with a unique id and name and its type's defaults. */
export function addElement(draft: FlowDraft, type: string, at: Point): { draft: FlowDraft; id: string } {
  const kind = elementKind(type);
  const id = firstFree(idStem(type), new Set(draft.elements.map((e) => e.id)), '-');
  const name = firstFree(kind.label, new Set(draft.elements.map((e) => e.name)), ' ');
  const element: FlowElement = {
    id,
    name,
    type,
    config: structuredClone(kind.defaults),
    position: { x: Math.round(at.x), y: Math.round(at.y) },
  };
  return { draft: { ...draft, elements: [...draft.elements, element] }, id };
}

/**
 * A copy of an element beside it, with a fresh id and name and no transitions (`Mod+D`). Triggers
 * are not copied: a flow has one.
 */
export function duplicateElement(draft: FlowDraft, id: string): { draft: FlowDraft; id: string } | undefined {
  const source = draft.elements.find((e) => e.id === id);
  if (!source || isTrigger(source.type)) return undefined;
  const copyId = firstFree(idStem(source.type), new Set(draft.elements.map((e) => e.id)), '-');
  const name = firstFree(
    source.name || elementKind(source.type).label,
    new Set(draft.elements.map((e) => e.name)),
    ' ',
  );
  const at = source.position ?? { x: 0, y: 0 };
  const copy: FlowElement = {
    ...source,
    id: copyId,
    name,
    config: structuredClone(source.config),
    position: { x: at.x + 40, y: at.y + 40 },
  };
  return { draft: { ...draft, elements: [...draft.elements, copy] }, id: copyId };
}

export function updateElement(draft: FlowDraft, id: string, patch: Partial<FlowElement>): FlowDraft {
  return { ...draft, elements: draft.elements.map((e) => (e.id === id ? { ...e, ...patch } : e)) };
}

export function moveElements(draft: FlowDraft, moves: Map<string, Point>): FlowDraft {
  return {
    ...draft,
    elements: draft.elements.map((e) => {
      const p = moves.get(e.id);
      return p ? { ...e, position: { x: Math.round(p.x), y: Math.round(p.y) } } : e;
    }),
  };
}

/** Removes an element and every transition touching it. */
export function removeElement(draft: FlowDraft, id: string): FlowDraft {
  return {
    elements: draft.elements.filter((e) => e.id !== id),
    transitions: draft.transitions.filter((t) => t.from !== id && t.to !== id),
  };
}

/**
 * Points `port` of `from` at `to`, or at nothing when `to` is null. A port leads to one element
 * (the server refuses two), so a new target replaces the old one; a trigger cannot be a target.
 */
export function connect(draft: FlowDraft, from: string, port: string, to: string | null): FlowDraft {
  const rest = draft.transitions.filter((t) => !(t.from === from && t.port === port));
  const target = to ? draft.elements.find((e) => e.id === to) : undefined;
  if (!to || !target || to === from || isTrigger(target.type)) return { ...draft, transitions: rest };
  return { ...draft, transitions: [...rest, { from, to, port }] };
}

export function removeTransition(draft: FlowDraft, t: FlowTransition): FlowDraft {
  return {
    ...draft,
    transitions: draft.transitions.filter((x) => !(x.from === t.from && x.port === t.port && x.to === t.to)),
  };
}

/** The edge id the canvas uses for a transition (a port leads to one element, so from and port name it). */
export const edgeId = (t: Pick<FlowTransition, 'from' | 'port'>) => `${t.from}:${t.port}`;

/** Undo and redo over whole drafts: every change the developer makes is one entry. */
export interface DraftHistory {
  past: FlowDraft[];
  present: FlowDraft;
  future: FlowDraft[];
  /** What the last change edited (an element's field): typing in one field is one undo step, not one per key. */
  key?: string;
}

const HISTORY_LIMIT = 100;

export function startHistory(draft: FlowDraft): DraftHistory {
  return { past: [], present: draft, future: [] };
}

export function commit(h: DraftHistory, next: FlowDraft, key?: string): DraftHistory {
  if (next === h.present) return h;
  if (key && key === h.key) return { past: h.past, present: next, future: [], key };
  return { past: [...h.past.slice(-HISTORY_LIMIT + 1), h.present], present: next, future: [], key };
}

export function undo(h: DraftHistory): DraftHistory {
  const prev = h.past.at(-1);
  return prev ? { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] } : h;
}

export function redo(h: DraftHistory): DraftHistory {
  const next = h.future[0];
  return next ? { past: [...h.past, h.present], present: next, future: h.future.slice(1) } : h;
}

/** True when the draft differs from what was saved (positions count: they are saved too). */
export function isDirty(draft: FlowDraft, saved: FlowDraft): boolean {
  return JSON.stringify(draft) !== JSON.stringify(saved);
}
