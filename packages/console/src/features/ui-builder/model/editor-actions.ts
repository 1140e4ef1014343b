import type { DropHint } from '../canvas/drag';
import { DRAG_MOVE, DRAG_NEW } from '../canvas/drag';
import { builtinComponent } from './components';
import { insertTree, moveNode, newNode, readingOrder, removeNode, type DocState } from './doc-state';
import type { EditorStore } from './editor-store';

/** Parent and index a drop hint stands for. */
function target(s: DocState, hint: DropHint): { parent: string | null; index: number } {
  if (hint.uid === null) return { parent: null, index: s.rootIds.length };
  if (hint.place === 'inside') return { parent: hint.uid, index: s.nodes[hint.uid].childIds.length };
  const parent = s.parents[hint.uid] ?? null;
  const siblings = parent === null ? s.rootIds : s.nodes[parent].childIds;
  const at = siblings.indexOf(hint.uid);
  return { parent, index: hint.place === 'after' ? at + 1 : at };
}

/** Adds a new component of `type` at a drop place and selects it. */
export function addAt(store: EditorStore, type: string, hint: DropHint) {
  const node = newNode(store.state, type);
  store.apply((s) => {
    const { parent, index } = target(s, hint);
    return insertTree(s, node, parent, index);
  });
  store.select(node.uid);
}

/** Moves a node to a drop place (nothing happens when dropped into itself). */
export function moveTo(store: EditorStore, uid: string, hint: DropHint) {
  if (hint.uid === uid) return;
  store.apply((s) => {
    const { parent, index } = target(s, hint);
    const from = s.parents[uid] ?? null;
    const siblings = from === null ? s.rootIds : s.nodes[from].childIds;
    // The index was counted with the node still in place: one less when it sat before it.
    const fix = from === parent && siblings.indexOf(uid) < index ? 1 : 0;
    return moveNode(s, uid, parent, index - fix);
  });
}

/** What a drop on the canvas carries: a palette component or a node being moved. */
export function dropData(store: EditorStore, hint: DropHint, data: DataTransfer) {
  const type = data.getData(DRAG_NEW);
  if (type) return addAt(store, type, hint);
  const uid = data.getData(DRAG_MOVE);
  if (uid && store.state.nodes[uid]) moveTo(store, uid, hint);
}

/** Palette button: after the selected node (inside it when it holds children), else at the end. */
export function addNearSelection(store: EditorStore, type: string) {
  const sel = store.selection;
  const container = sel ? builtinComponent(store.state.nodes[sel]?.type ?? '')?.container : false;
  addAt(store, type, sel ? { uid: sel, place: container ? 'inside' : 'after' } : { uid: null, place: 'inside' });
}

/**
 * Keyboard of the editor: Delete removes the selection, arrows walk it (up/down in reading order,
 * left to the parent, right to the first child), Alt+Up/Down move the node among its siblings,
 * Escape clears it. Answers whether the key was taken.
 */
export function handleEditorKey(store: EditorStore, e: KeyboardEvent): boolean {
  const sel = store.selection;
  const s = store.state;
  if (e.key === 'Escape' && sel) {
    store.select(null);
    return true;
  }
  if ((e.key === 'Delete' || e.key === 'Backspace') && sel) {
    const order = readingOrder(s);
    const at = order.indexOf(sel);
    store.apply((st) => removeNode(st, sel));
    // Selection moves to what took the node's place, so repeated Delete keeps clearing.
    const rest = readingOrder(store.state);
    store.select(rest[Math.min(at, rest.length - 1)] ?? null);
    return true;
  }
  if (!e.key.startsWith('Arrow')) return false;
  const order = readingOrder(s);
  if (!sel) {
    store.select(order[0] ?? null);
    return order.length > 0;
  }
  const parent = s.parents[sel] ?? null;
  const siblings = parent === null ? s.rootIds : s.nodes[parent].childIds;
  if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
    const at = siblings.indexOf(sel);
    const to = e.key === 'ArrowUp' ? at - 1 : at + 1;
    if (to >= 0 && to < siblings.length) store.apply((st) => moveNode(st, sel, parent, to));
    return true;
  }
  const i = order.indexOf(sel);
  if (e.key === 'ArrowUp') store.select(order[Math.max(0, i - 1)]);
  else if (e.key === 'ArrowDown') store.select(order[Math.min(order.length - 1, i + 1)]);
  else if (e.key === 'ArrowLeft' && parent) store.select(parent);
  else if (e.key === 'ArrowRight' && s.nodes[sel].childIds.length) store.select(s.nodes[sel].childIds[0]);
  return true;
}
