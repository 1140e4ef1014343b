import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTable } from '@basalt/shared';
import type { DataRecord, RecordsQuery } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { dataKeys } from './data.keys';

/** What the records browser asks: quick search text, where filter and sort (all from the URL). */
export interface RecordsFilter {
  q: string;
  filter: string;
  sortBy: string[];
}

export function recordsQuery(filter: RecordsFilter, extra: RecordsQuery = {}): RecordsQuery {
  return {
    where: filter.q || undefined,
    filterString: filter.filter || undefined,
    sortBy: filter.sortBy.length ? filter.sortBy : undefined,
    ...extra,
  };
}

/**
 * One window of the records browser's rows, relations loaded, without the count (the count runs
 * beside it). The windows are kept by `useRecordWindows`, not by TanStack Query: a scroll through a
 * large table would otherwise keep every window it passed.
 */
export function loadRecordsWindow(appId: string, table: DataTable, filter: RecordsFilter, offset: number, pageSize: number): Promise<DataRecord[]> {
  const relationNames = [...table.relations, ...table.geoRelations].map((r) => r.name);
  return getSdk().tables.loadRecords(appId, table, recordsQuery(filter, { pageSize, offset, loadRelations: relationNames.length ? relationNames : undefined }), true);
}

/** CSV of a table's records matching the query; a one-off download, so it is not cached. */
export function exportRecordsCsv(appId: string, table: DataTable, query: RecordsQuery = {}): Promise<string> {
  return getSdk().tables.exportRecords(appId, null, table, query);
}

/** The number of records matching the search and filter; runs beside the rows, never before them. */
export function useGetRecordsCount(appId: string, table: DataTable | undefined, q: string, filter: string) {
  return useQuery({
    queryKey: dataKeys.recordsCount(appId, table?.name ?? '', q, filter),
    queryFn: () => getSdk().tables.getRecordsCount(appId, table!, recordsQuery({ q, filter, sortBy: [] })),
    enabled: !!table,
    retry: false,
    staleTime: 30_000,
  });
}

/** One record with its relations loaded (record side panel). */
export function useGetRecord(appId: string, table: DataTable | undefined, objectId: string | null) {
  const relationNames = [...(table?.relations ?? []), ...(table?.geoRelations ?? [])].map((r) => r.name);
  return useQuery({
    queryKey: dataKeys.record(appId, table?.name ?? '', objectId ?? ''),
    queryFn: async () => {
      const rows = await getSdk().tables.loadRecords(appId, table!, {
        where: `objectId = '${objectId!.replace(/'/g, "''")}'`,
        sqlSearch: true,
        pageSize: 1,
        loadRelations: relationNames.length ? relationNames : undefined,
      }, true);
      return rows[0] ?? null;
    },
    enabled: !!table && !!objectId,
  });
}

/** Records of a target table for the relation picker, searched by the SDK's search rules. */
export function useGetPickerRecords(appId: string, table: DataTable | undefined, q: string) {
  return useQuery({
    queryKey: dataKeys.pickerRecords(appId, table?.name ?? '', q),
    queryFn: () => getSdk().tables.loadRecords(appId, table!, { where: q || undefined, pageSize: 50 }, true),
    enabled: !!table,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateTable(appId: string) {
  const queryClient = useQueryClient();
  return (tableName: string) => {
    void queryClient.invalidateQueries({ queryKey: dataKeys.table(appId, tableName) });
    void queryClient.invalidateQueries({ queryKey: dataKeys.tableCounts(appId) });
  };
}

export function useCreateRecord(appId: string) {
  const invalidate = useInvalidateTable(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ table, record }: { table: DataTable; record: DataRecord }) => getSdk().tables.createRecord(appId, table, record),
    onSuccess: (_r, { table }) => invalidate(table.name),
  });
}

export function useUpdateRecord(appId: string) {
  const invalidate = useInvalidateTable(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ table, record }: { table: DataTable; record: DataRecord }) => getSdk().tables.updateRecord(appId, table, record),
    onSuccess: (_r, { table }) => invalidate(table.name),
  });
}

/**
 * Writes many records in one all-or-nothing call: partial records with an objectId update those
 * columns, the others are created (a spreadsheet paste and its undo). Answers the objectIds in order.
 */
export function useBulkUpsertRecords(appId: string) {
  const invalidate = useInvalidateTable(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ table, records }: { table: DataTable; records: DataRecord[] }) => getSdk().tables.bulkUpsertRecords(appId, table.name, records),
    onSuccess: (_r, { table }) => invalidate(table.name),
  });
}

export function useDeleteRecords(appId: string) {
  const invalidate = useInvalidateTable(appId);
  return useMutation({
    meta: { errorToast: false },
    /** `ids` null deletes every record of the table. */
    mutationFn: ({ table, ids }: { table: DataTable; ids: string[] | null }) => getSdk().tables.deleteRecords(appId, table, ids),
    onSuccess: (_r, { table }) => invalidate(table.name),
  });
}

export function useUpdateRelations(appId: string) {
  const invalidate = useInvalidateTable(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ table, column, objectId, ids }: { table: DataTable; column: string; objectId: string; ids: string[] }) =>
      getSdk().tables.updateRelations(appId, table, column, objectId, ids),
    onSuccess: (_r, { table }) => invalidate(table.name),
  });
}

export function useRemoveRelations(appId: string) {
  const invalidate = useInvalidateTable(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ table, column, objectId, ids }: { table: DataTable; column: string; objectId: string; ids: string[] }) =>
      getSdk().tables.removeRelations(appId, table, column, objectId, ids),
    onSuccess: (_r, { table }) => invalidate(table.name),
  });
}
