import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDebouncedCallback } from '@mantine/hooks';
import type { DataTable } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { useLiveTable, type DataChange } from '../../../realtime';
import { dataKeys } from '../../api/data.keys';
import { useSchemaRefresh } from '../schema/useLiveSchema';
import type { useRecordWindows } from './useRecordWindows';

type Windows = ReturnType<typeof useRecordWindows>;

interface Shown {
  q: string;
  filter: string;
}

/**
 * Keeps the records browser current while records change elsewhere (the app API, another console):
 * an updated record is patched where it is loaded, a deleted one leaves the grid, a created one
 * bumps the total and reloads the rows on screen. The count is asked again a second after a burst,
 * so the optimistic total cannot drift.
 */
export function useLiveRecords(appId: string, table: DataTable | undefined, windows: Windows, shown: Shown) {
  const queryClient = useQueryClient();
  const tableName = table?.name ?? '';
  const countKey = dataKeys.recordsCount(appId, tableName, shown.q, shown.filter);
  const filtered = !!(shown.q || shown.filter);

  // A record naming a column the grid lacks: an app's write added it (dynamic schema).
  const refreshSchema = useSchemaRefresh(appId, table);

  const reconcile = useDebouncedCallback(() => {
    void queryClient.invalidateQueries({ queryKey: countKey });
    void queryClient.invalidateQueries({ queryKey: dataKeys.tableCounts(appId) });
  }, 1000);

  // An import or a bulk write sends one event per record: the total moves and the rows on screen
  // load again at most every half second, not once per event (a render per event froze the page
  // during a 20,000-row import).
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingDelta = useRef(0);
  const scheduleReload = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const by = pendingDelta.current;
      pendingDelta.current = 0;
      if (by !== 0) queryClient.setQueryData<number>(countKey, (n) => (n === undefined ? n : Math.max(0, n + by)));
      windows.reloadVisible();
    }, 500);
  };
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const bump = (by: number) => {
    pendingDelta.current += by;
  };

  const onChange = (change: DataChange<DataRecord>) => {
    refreshSchema(change as DataChange<Record<string, unknown>>);
    const id = typeof change.record?.objectId === 'string' ? change.record.objectId : '';
    if (change.event === 'updated') {
      const row = id ? windows.findRow(id) : -1;
      const shown = row >= 0 ? windows.getRecord(row) : undefined;
      // Events can arrive late: one older than the row on screen (say, before an inline edit saved) would undo it.
      const stale = typeof shown?.updated === 'number' && typeof change.record?.updated === 'number' && change.record.updated < shown.updated;
      if (row >= 0 && !stale) windows.patchRecord(row, { ...shown, ...change.record });
      return;
    }
    if (change.event === 'deleted') {
      const removed = !!id && windows.removeRecord(id);
      if (removed || !filtered) bump(-1);
    } else if (!filtered) {
      // Whether a new record matches a search or filter is the server's call: the reload tells.
      bump(1);
    }
    scheduleReload();
    reconcile();
  };

  return useLiveTable<DataRecord>(appId, tableName || undefined, onChange, { enabled: !!table });
}
