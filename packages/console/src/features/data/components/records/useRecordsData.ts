import { useMemo } from 'react';
import type { DataTable } from '@basalt/shared';
import { useGetRecordsCount, type RecordsFilter } from '../../api/records.queries';
import { useGetTables } from '../../api/tables.queries';
import { gridFields } from './RecordsGrid.utils';
import { useLiveRecords } from './useLiveRecords';
import { useRecordWindows, WINDOW } from './useRecordWindows';

/**
 * What the records browser shows of a table: the row windows, the count beside them, live
 * updates, and the grid's fields. The shown filter is the last one whose first window answered.
 */
export function useRecordsData(appId: string, table: DataTable | undefined, recordsFilter: RecordsFilter) {
  const windows = useRecordWindows(appId, table, recordsFilter);
  const shown = windows.shownFilter ?? recordsFilter;
  const count = useGetRecordsCount(appId, table, shown.q, shown.filter);
  const live = useLiveRecords(appId, table, windows, shown);
  // The count of a query being tried (it may still fail); only the shown one sizes the grid.
  useGetRecordsCount(appId, table, recordsFilter.q, recordsFilter.filter);
  const rows = count.data ?? windows.knownRows ?? WINDOW;
  const { data: tables } = useGetTables(appId);
  const fields = useMemo(() => (table ? gridFields(table, tables) : []), [table, tables]);

  /** Loads the rows and the count again (after a change made here or elsewhere). */
  const refreshAll = () => {
    windows.refresh();
    void count.refetch();
  };

  return { windows, shown, count, live, rows, fields, refreshAll };
}
