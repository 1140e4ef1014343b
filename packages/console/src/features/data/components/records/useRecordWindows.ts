import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataTable } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { loadRecordsWindow, type RecordsFilter } from '../../api/records.queries';

/** Rows per request (docs/console-screens.md › Data: windows of 100 around the viewport; also the server's cap). */
export const WINDOW = 100;
// Windows this far from the viewport are dropped, so a scroll through a million rows stays small.
const KEEP_DISTANCE = 30;
const MAX_IN_FLIGHT = 4;

interface Shown {
  key: string;
  windows: Map<number, DataRecord[]>;
}

/**
 * Rows of the records browser, fetched in windows of 100 (pageSize/offset through
 * `tables.loadRecords`, without the count: the count runs beside them). A new search, filter or
 * sort first loads its first window; until that answers, the previous result stays on screen, and
 * when it fails (a bad where) the error is reported while the last good result stays.
 */
export function useRecordWindows(appId: string, table: DataTable | undefined, filter: RecordsFilter) {
  const key = table ? JSON.stringify([table.tableId, table.columns.length, table.relations.length, filter.q, filter.filter, filter.sortBy]) : '';
  const shown = useRef<Shown>({ key: '', windows: new Map() });
  const inFlight = useRef(new Set<string>());
  const visible = useRef({ first: 0, last: 0 });
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [shownKey, setShownKey] = useState('');
  const [shownFilter, setShownFilter] = useState<RecordsFilter | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef({ appId, table, filter, key });
  latest.current = { appId, table, filter, key };

  const fetchWindow = useCallback(async (index: number) => {
    const { appId: app, table: t, filter: f } = latest.current;
    if (!t) return [];
    return loadRecordsWindow(app, t, f, index * WINDOW, WINDOW);
  }, []);

  const pump = useCallback(() => {
    const current = shown.current;
    if (!current.key || current.key !== latest.current.key) return;
    const { first, last } = visible.current;
    const from = Math.max(0, Math.floor(first / WINDOW) - 1);
    const to = Math.floor(last / WINDOW) + 1;
    for (const index of current.windows.keys()) {
      if (index < from - KEEP_DISTANCE || index > to + KEEP_DISTANCE) current.windows.delete(index);
    }
    // Nearest windows first: the rows under the viewport before the ones around it.
    const wanted: number[] = [];
    for (let i = Math.floor(first / WINDOW); i <= Math.floor(last / WINDOW); i++) wanted.push(i);
    wanted.push(from, to);
    for (const index of wanted) {
      if (inFlight.current.size >= MAX_IN_FLIGHT) return;
      const id = `${current.key}#${index}`;
      if (current.windows.has(index) || inFlight.current.has(id)) continue;
      inFlight.current.add(id);
      fetchWindow(index)
        .then((rows) => {
          if (shown.current.key === current.key) {
            current.windows.set(index, rows);
            setVersion((v) => v + 1);
          }
        })
        .catch(() => {
          // A later window failing (server restart, network) is retried on the next scroll.
        })
        .finally(() => {
          inFlight.current.delete(id);
          pump();
        });
    }
  }, [fetchWindow]);

  // A new query: load its first window, then swap it in. Until then the last result stays.
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    setLoading(true);
    fetchWindow(0)
      .then((rows) => {
        if (cancelled) return;
        shown.current = { key, windows: new Map([[0, rows]]) };
        visible.current = { first: 0, last: Math.min(visible.current.last - visible.current.first, 60) };
        setShownKey(key);
        setShownFilter(latest.current.filter);
        setError(null);
        setVersion((v) => v + 1);
        pump();
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(err);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [key, fetchWindow, pump]);

  const onVisibleRows = useCallback((first: number, last: number) => {
    visible.current = { first, last };
    pump();
  }, [pump]);

  const getRecord = useCallback((row: number): DataRecord | undefined => shown.current.windows.get(Math.floor(row / WINDOW))?.[row % WINDOW], []);

  /** Replaces a loaded record in place (after an inline edit), without a refetch. */
  const patchRecord = useCallback((row: number, record: DataRecord) => {
    const rows = shown.current.windows.get(Math.floor(row / WINDOW));
    if (!rows) return;
    rows[row % WINDOW] = record;
    setVersion((v) => v + 1);
  }, []);

  /** The grid row of a loaded record, or -1 when it is not loaded (live updates patch only what is on hand). */
  const findRow = useCallback((objectId: string): number => {
    for (const [index, rows] of shown.current.windows) {
      const at = rows.findIndex((r) => r.objectId === objectId);
      if (at >= 0) return index * WINDOW + at;
    }
    return -1;
  }, []);

  /**
   * Drops a deleted record from its window. The windows after it are now one row off, so they are
   * dropped and load again when seen; the short window itself waits for `reloadVisible`.
   */
  const removeRecord = useCallback((objectId: string): boolean => {
    const row = findRow(objectId);
    if (row < 0) return false;
    const index = Math.floor(row / WINDOW);
    shown.current.windows.get(index)?.splice(row % WINDOW, 1);
    for (const other of [...shown.current.windows.keys()]) if (other > index) shown.current.windows.delete(other);
    setVersion((v) => v + 1);
    pump();
    return true;
  }, [findRow, pump]);

  /**
   * Loads the windows under the viewport again and swaps them in when they answer (a record was
   * created elsewhere); the rows on screen stay meanwhile, windows out of sight are dropped.
   */
  const reloadVisible = useCallback(() => {
    const current = shown.current;
    const { first, last } = visible.current;
    const from = Math.floor(first / WINDOW);
    const to = Math.floor(last / WINDOW);
    for (const index of [...current.windows.keys()]) if (index < from || index > to) current.windows.delete(index);
    for (let index = from; index <= to; index++) {
      fetchWindow(index)
        .then((rows) => {
          if (shown.current !== current) return;
          current.windows.set(index, rows);
          setVersion((v) => v + 1);
        })
        .catch(() => {
          // The rows on screen stay; the next refresh loads them.
        });
    }
  }, [fetchWindow]);

  /** Drops every loaded window and loads the visible ones again (after creates and deletes). */
  const refresh = useCallback(() => {
    shown.current = { key: shown.current.key, windows: new Map() };
    inFlight.current.clear();
    setVersion((v) => v + 1);
    pump();
  }, [pump]);

  // Rows known without the count: a short first window is the whole result.
  const firstWindow = shown.current.windows.get(0);
  const knownRows = firstWindow && firstWindow.length < WINDOW && shown.current.windows.size === 1 ? firstWindow.length : undefined;

  return { version, error, loading, shownKey, shownFilter, isCurrent: shownKey === key, knownRows, getRecord, patchRecord, findRow, removeRecord, reloadVisible, refresh, onVisibleRows };
}
