import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DataTable } from '@basalt/shared';
import { useLiveTable, type DataChange } from '../../../realtime';
import { dataKeys } from '../../api/data.keys';

/** Names a record carries that are not columns (wire keys the server adds). */
const WIRE_KEYS = new Set(['___class', '__meta', 'user-token']);

/** True when a record names a column or relation the table does not have (yet). */
export function hasUnknownColumn(table: Pick<DataTable, 'columns' | 'relations' | 'geoRelations'>, record: Record<string, unknown> | undefined): boolean {
  if (!record) return false;
  const known = new Set([...table.columns, ...table.relations, ...table.geoRelations].map((c) => c.name));
  return Object.keys(record).some((k) => !known.has(k) && !WIRE_KEYS.has(k) && !k.startsWith('__'));
}

/**
 * Reloads the table list (the schema every data page reads) when a live record event of `table`
 * names a column the console does not know: an app's write created it (dynamic schema, decision
 * 0026). At most one reload a second, so a burst of such records costs one.
 */
export function useSchemaRefresh(appId: string, table: DataTable | undefined) {
  const queryClient = useQueryClient();
  const last = useRef(0);
  return (change: DataChange<Record<string, unknown>>) => {
    if (!table || change.event === 'deleted' || !hasUnknownColumn(table, change.record)) return;
    const now = Date.now();
    if (now - last.current < 1000) return;
    last.current = now;
    void queryClient.invalidateQueries({ queryKey: dataKeys.tables(appId) });
  };
}

/** The schema page's own subscription: new columns appear while the page is open. */
export function useLiveSchema(appId: string, table: DataTable | undefined) {
  const refresh = useSchemaRefresh(appId, table);
  return useLiveTable<Record<string, unknown>>(appId, table?.name, refresh, { enabled: !!table });
}
