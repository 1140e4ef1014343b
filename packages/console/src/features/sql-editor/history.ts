/** The editor's history: the last queries run, per app, kept in this browser only. */
export interface HistoryEntry {
  query: string;
  /** The connection's name, or '' for the app's own database. */
  target: string;
  at: number;
}

const MAX = 30;
const keyOf = (appId: string) => `basalt.sql-history.${appId}`;

export function readHistory(appId: string, storage: Pick<Storage, 'getItem'> = localStorage): HistoryEntry[] {
  try {
    const list = JSON.parse(storage.getItem(keyOf(appId)) ?? '[]') as unknown;
    return Array.isArray(list)
      ? list.filter((e): e is HistoryEntry => typeof e?.query === 'string' && typeof e?.target === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Adds a run at the top; the same query on the same target moves up instead of repeating. */
export function addHistory(
  appId: string,
  entry: HistoryEntry,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): HistoryEntry[] {
  const list = [
    entry,
    ...readHistory(appId, storage).filter((e) => e.query !== entry.query || e.target !== entry.target),
  ].slice(0, MAX);
  try {
    storage.setItem(keyOf(appId), JSON.stringify(list));
  } catch {
    // A full or disabled storage: the history is a convenience.
  }
  return list;
}
