import { useSyncExternalStore } from 'react';
import type { DocState, FlatNode } from './doc-state';

/** How many edits undo can walk back. */
const HISTORY_LIMIT = 200;

interface Snapshot {
  past: DocState[];
  present: DocState;
  future: DocState[];
}

/**
 * The editor's document with its undo history and selection, outside React state: components
 * subscribe to the slice they show (one node, the selection), so an edit wakes only the nodes it
 * changed. Undo and redo survive a reload within the browser session (sessionStorage), unlike
 * editors whose history dies with the tab.
 */
export class EditorStore {
  private snap: Snapshot;
  private saved: DocState;
  private selected: string | null = null;
  private issueMap: Readonly<Record<string, readonly string[]>> = {};
  private listeners = new Set<() => void>();
  private persistTimer: ReturnType<typeof setTimeout> | undefined;
  private lastKey: string | undefined;
  private lastAt = 0;

  constructor(
    initial: DocState,
    private readonly sessionKey?: string,
  ) {
    this.snap = { past: [], present: initial, future: [] };
    this.saved = initial;
  }

  /** Restores the session's history when it was made on top of the same server document. */
  restore(baseJson: string, decode: (json: string) => Snapshot | undefined): boolean {
    if (!this.sessionKey) return false;
    try {
      const raw = sessionStorage.getItem(this.sessionKey);
      if (!raw) return false;
      const parsed = JSON.parse(raw) as { base: string; history: string };
      if (parsed.base !== baseJson) return false;
      const snap = decode(parsed.history);
      if (!snap) return false;
      this.snap = snap;
      this.emit();
      return true;
    } catch {
      return false;
    }
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get state(): DocState {
    return this.snap.present;
  }
  get selection(): string | null {
    return this.selected;
  }
  get canUndo() {
    return this.snap.past.length > 0;
  }
  get canRedo() {
    return this.snap.future.length > 0;
  }
  get dirty() {
    return this.snap.present !== this.saved;
  }
  get history(): Snapshot {
    return this.snap;
  }

  /**
   * Applies an edit as one undo step; an edit that changes nothing records nothing. Edits with
   * the same `coalesce` key (typing into one field) within a second make a single step.
   */
  apply(edit: (s: DocState) => DocState, coalesce?: string) {
    const next = edit(this.snap.present);
    if (next === this.snap.present) return;
    const now = Date.now();
    const merge =
      coalesce !== undefined && coalesce === this.lastKey && now - this.lastAt < 1000 && this.snap.past.length > 0;
    this.lastKey = coalesce;
    this.lastAt = now;
    this.snap = merge
      ? { ...this.snap, present: next, future: [] }
      : { past: [...this.snap.past, this.snap.present].slice(-HISTORY_LIMIT), present: next, future: [] };
    if (this.selected && !next.nodes[this.selected]) this.selected = null;
    this.changed();
  }

  undo() {
    this.lastKey = undefined;
    const { past, present, future } = this.snap;
    if (!past.length) return;
    this.snap = { past: past.slice(0, -1), present: past[past.length - 1], future: [present, ...future] };
    this.fixSelection();
    this.changed();
  }

  redo() {
    const { past, present, future } = this.snap;
    if (!future.length) return;
    this.snap = { past: [...past, present], present: future[0], future: future.slice(1) };
    this.fixSelection();
    this.changed();
  }

  select(uid: string | null) {
    if (uid === this.selected) return;
    this.selected = uid;
    this.emit();
  }

  /** Problems the server (or the editor's own check) found, by node uid; `''` holds the page's own. */
  get issues() {
    return this.issueMap;
  }
  setIssues(issues: Record<string, readonly string[]>) {
    this.issueMap = issues;
    this.emit();
  }

  /** After a save: the document on screen is the one the server holds. */
  markSaved(base?: DocState) {
    this.saved = base ?? this.snap.present;
    this.emit();
  }

  /** Drops the session copy (after a save, the server's document is the base again). */
  forgetSession() {
    if (this.sessionKey) sessionStorage.removeItem(this.sessionKey);
  }

  persist(baseJson: string, encode: (s: Snapshot) => string) {
    if (!this.sessionKey) return;
    clearTimeout(this.persistTimer);
    // Written after a pause in editing: serializing a big page on every keystroke would cost frames.
    this.persistTimer = setTimeout(() => {
      try {
        sessionStorage.setItem(this.sessionKey!, JSON.stringify({ base: baseJson, history: encode(this.snap) }));
      } catch {
        // Storage full or off: undo still works until the tab closes.
      }
    }, 400);
  }

  private fixSelection() {
    if (this.selected && !this.snap.present.nodes[this.selected]) this.selected = null;
  }

  private changed() {
    this.emit();
  }

  private emit() {
    for (const l of this.listeners) l();
  }
}

/** One node of the document; re-renders only when that node's entry is replaced. */
export function useNode(store: EditorStore, uid: string): FlatNode | undefined {
  return useSyncExternalStore(store.subscribe, () => store.state.nodes[uid]);
}

export function useIsSelected(store: EditorStore, uid: string): boolean {
  return useSyncExternalStore(store.subscribe, () => store.selection === uid);
}

const NO_ISSUES: readonly string[] = [];
export function useNodeIssues(store: EditorStore, uid: string): readonly string[] {
  return useSyncExternalStore(store.subscribe, () => store.issues[uid] ?? NO_ISSUES);
}

export function useAllIssues(store: EditorStore): Readonly<Record<string, readonly string[]>> {
  return useSyncExternalStore(store.subscribe, () => store.issues);
}

export function useSelection(store: EditorStore): string | null {
  return useSyncExternalStore(store.subscribe, () => store.selection);
}

export function useDocState(store: EditorStore): DocState {
  return useSyncExternalStore(store.subscribe, () => store.state);
}

export function useHistoryFlags(store: EditorStore) {
  const undo = useSyncExternalStore(store.subscribe, () => store.canUndo);
  const redo = useSyncExternalStore(store.subscribe, () => store.canRedo);
  const dirty = useSyncExternalStore(store.subscribe, () => store.dirty);
  return { undo, redo, dirty };
}
