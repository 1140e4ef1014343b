import { useSyncExternalStore } from 'react';

/**
 * Native HTML5 drag and drop (decision 0081): no library in the chunk, and every drag has a
 * keyboard twin (palette buttons add, Alt+arrows move). The data types say what is dragged.
 */
export const DRAG_NEW = 'application/x-basalt-ui-component';
export const DRAG_MOVE = 'application/x-basalt-ui-node';

export type DropPlace = 'before' | 'after' | 'inside';
export interface DropHint {
  uid: string | null;
  place: DropPlace;
}

/**
 * Where the pointer would drop, kept apart from the document so only the two nodes whose
 * marker changes re-render while dragging.
 */
export class DropHints {
  private hint: DropHint | null = null;
  private listeners = new Set<() => void>();
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  get current() {
    return this.hint;
  }
  set(hint: DropHint | null) {
    if (hint?.uid === this.hint?.uid && hint?.place === this.hint?.place) return;
    this.hint = hint;
    for (const l of this.listeners) l();
  }
}

export function useDropPlace(hints: DropHints, uid: string | null): DropPlace | null {
  return useSyncExternalStore(hints.subscribe, () => (hints.current?.uid === uid ? hints.current.place : null));
}

/** Whether a drag carries something the canvas takes. */
export const isEditorDrag = (e: React.DragEvent) =>
  e.dataTransfer.types.includes(DRAG_NEW) || e.dataTransfer.types.includes(DRAG_MOVE);

/** Before, after or inside a node, from where the pointer is over it. */
export function placeFor(e: React.DragEvent, el: HTMLElement, container: boolean): DropPlace {
  const r = el.getBoundingClientRect();
  const y = (e.clientY - r.top) / Math.max(1, r.height);
  if (container) return y < 0.2 ? 'before' : y > 0.8 ? 'after' : 'inside';
  return y < 0.5 ? 'before' : 'after';
}
