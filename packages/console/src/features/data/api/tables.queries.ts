import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTable } from '@basalt/shared';
import type { ColumnInput } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { dataKeys } from './data.keys';

export function useGetTables(appId: string) {
  return useQuery({
    queryKey: dataKeys.tables(appId),
    queryFn: async () => (await getSdk().tables.get(appId)).tables,
  });
}

/** One table of the list by name (undefined while loading or when it does not exist). */
export function useTable(appId: string, name: string | undefined) {
  const query = useGetTables(appId);
  const table = name ? query.data?.find((t) => t.name === name) : undefined;
  return { ...query, table };
}

/**
 * Record counts of every table in one call, cached 30 s (docs/console-screens.md › Counts). The sidebar shows them
 * as estimates: they may lag behind writes made since.
 */
export function useGetRecordsCountForTables(appId: string, tables: DataTable[] | undefined) {
  const names = (tables ?? []).map((t) => t.name);
  return useQuery({
    queryKey: dataKeys.tableCountsOf(appId, names),
    queryFn: () => getSdk().tables.getRecordsCountForTables(appId, names),
    enabled: names.length > 0,
    staleTime: 30_000,
  });
}

/** The predefined column validators of the column editor; they never change while the console runs. */
export function useDataValidators() {
  return useQuery({
    queryKey: dataKeys.validators(),
    queryFn: () => getSdk().settings.getDataValidators(),
    staleTime: Infinity,
  });
}

function useInvalidateTables(appId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: dataKeys.tables(appId) });
    void queryClient.invalidateQueries({ queryKey: dataKeys.tableCounts(appId) });
  };
}

export function useCreateTable(appId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTables(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: { name: string; columns?: ColumnInput[] }) => getSdk().tables.create(appId, input),
    onSuccess: (table) => {
      queryClient.setQueryData<DataTable[]>(dataKeys.tables(appId), (list) => (list ? [...list, table] : list));
      invalidate();
    },
  });
}

export function useUpdateTable(appId: string) {
  const invalidate = useInvalidateTables(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ table, name }: { table: DataTable; name: string }) => getSdk().tables.update(appId, table, { name }),
    onSuccess: invalidate,
  });
}

export function useRemoveTable(appId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTables(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ table, cascade }: { table: DataTable; cascade?: boolean }) => getSdk().tables.remove(appId, table, { cascade }),
    onSuccess: (_answer, { table }) => {
      queryClient.setQueryData<DataTable[]>(dataKeys.tables(appId), (list) => list?.filter((t) => t.tableId !== table.tableId));
      queryClient.removeQueries({ queryKey: dataKeys.table(appId, table.name) });
      invalidate();
    },
  });
}

export function useCreateColumn(appId: string) {
  const invalidate = useInvalidateTables(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ table, column }: { table: DataTable; column: ColumnInput }) => getSdk().tables.createColumn(appId, table, column),
    onSuccess: invalidate,
  });
}

export function useUpdateColumn(appId: string) {
  const invalidate = useInvalidateTables(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ table, prev, column }: { table: DataTable; prev: ColumnInput; column: ColumnInput }) => getSdk().tables.updateColumn(appId, table, prev, column),
    onSuccess: invalidate,
  });
}

export function useDeleteColumn(appId: string) {
  const invalidate = useInvalidateTables(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ table, column }: { table: DataTable; column: ColumnInput }) => getSdk().tables.deleteColumn(appId, table, column),
    onSuccess: invalidate,
  });
}

/** Downloads text as a file through a temporary link. */
export function downloadText(fileName: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
