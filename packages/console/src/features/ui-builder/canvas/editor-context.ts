import { createContext, useContext } from 'react';
import type { EditorStore } from '../model/editor-store';
import type { DropHints, DropHint } from './drag';

/** Columns of the app's tables by table name (for previews and the binding picker). */
export type TableColumns = ReadonlyMap<string, readonly string[]>;

export interface EditorContextValue {
  store: EditorStore;
  hints: DropHints;
  tables: TableColumns;
  /** Drops what `dataTransfer` carries at `hint`. */
  drop: (hint: DropHint, data: DataTransfer) => void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the UI Builder editor');
  return value;
}
