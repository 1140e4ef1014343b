import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SqlConnectionInput, SqlQueryInput } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { sqlEditorKeys } from './sql-editor.keys';

/** The editor's target: the app's own database, or a saved connection (by name). */
export const APP_DATABASE = '';

export function useConnections(appId: string) {
  return useQuery({
    queryKey: sqlEditorKeys.connections(appId),
    queryFn: () => getSdk().sqlService.getConnections(appId),
    enabled: !!appId,
  });
}

/** Table names of the target, for the side list: the app's data tables or the connection's. */
export function useTargetTables(appId: string, connectionId: string | undefined) {
  return useQuery({
    queryKey: sqlEditorKeys.tables(appId, connectionId ?? APP_DATABASE),
    queryFn: async () =>
      connectionId
        ? (await getSdk().sqlService.getConnectionTables(appId, connectionId)).map((t) => t.name)
        : (await getSdk().tables.get(appId)).tables.map((t) => t.name),
    enabled: !!appId,
    staleTime: 30_000,
    retry: false,
  });
}

export function useSavedQueries(appId: string, connection: string) {
  return useQuery({
    queryKey: sqlEditorKeys.queries(appId, connection),
    queryFn: () => getSdk().sqlService.getConnectionQueries(appId, connection),
    enabled: !!appId && connection !== APP_DATABASE,
  });
}

export interface RunInput {
  connection: string;
  query: string;
  explain?: boolean;
}

/** Runs a select (or its plan) on the target; errors stay on the page, not in a toast. */
export function useRunSelect(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ connection, query, explain }: RunInput) =>
      connection === APP_DATABASE
        ? getSdk().sqlService.runAppSelect(appId, { query, explain })
        : getSdk().sqlService.runConnectionDynamicSelect(appId, connection, { query, explain }),
  });
}

export function useCreateConnection(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (data: SqlConnectionInput) => getSdk().sqlService.createConnection(appId, data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sqlEditorKeys.connections(appId) }),
  });
}

export function useTestConnection(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (data: SqlConnectionInput) => getSdk().sqlService.testConnection(appId, data),
  });
}

export function useDeleteConnection(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (id: string) => getSdk().sqlService.deleteConnection(appId, id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sqlEditorKeys.connections(appId) }),
  });
}

export function useSaveQuery(appId: string, connection: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (data: SqlQueryInput) => getSdk().sqlService.createConnectionQuery(appId, connection, data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sqlEditorKeys.queries(appId, connection) }),
  });
}
