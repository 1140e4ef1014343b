import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataConnectorInput } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { dataConnectorKeys } from './data-connectors.keys';

export const PAGE_SIZE = 25;

export function useConnectorTemplates(appId: string, enabled = true) {
  return useQuery({
    queryKey: dataConnectorKeys.templates(appId),
    queryFn: () => getSdk().dataConnectors.getTemplates(appId),
    enabled: !!appId && enabled,
    staleTime: Infinity,
  });
}

export function useConnectors(appId: string) {
  return useQuery({
    queryKey: dataConnectorKeys.list(appId),
    queryFn: () => getSdk().dataConnectors.getConnectors(appId),
    enabled: !!appId,
  });
}

export function useConnectorTables(appId: string, connectorId: string | undefined) {
  return useQuery({
    queryKey: dataConnectorKeys.tables(appId, connectorId ?? ''),
    queryFn: () => getSdk().dataConnectors.getConnectorTables(appId, connectorId!),
    enabled: !!appId && !!connectorId,
    staleTime: 30_000,
    retry: false,
  });
}

/** A page of a connector table's rows; `where` is the where language, sent as it is. */
export function useConnectorRows(appId: string, connectorId: string, table: string, where: string, page: number) {
  return useQuery({
    queryKey: dataConnectorKeys.rows(appId, connectorId, table, where, page),
    queryFn: () =>
      getSdk().dataConnectors.getConnectorTableEntries(appId, connectorId, table, {
        where,
        sqlSearch: true,
        pageSize: PAGE_SIZE,
        offset: page * PAGE_SIZE,
      }),
    enabled: !!appId && !!connectorId && !!table,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useConnectorCount(appId: string, connectorId: string, table: string, where: string) {
  return useQuery({
    queryKey: dataConnectorKeys.count(appId, connectorId, table, where),
    queryFn: () =>
      getSdk().dataConnectors.getConnectorTableEntriesCount(appId, connectorId, table, { where, sqlSearch: true }),
    enabled: !!appId && !!connectorId && !!table,
    retry: false,
  });
}

export function useActivateConnector(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (data: DataConnectorInput) => getSdk().dataConnectors.activateConnector(appId, data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: dataConnectorKeys.list(appId) }),
  });
}

/** Connects with the settings without saving them (the SQL service's test: same drivers and rules). */
export function useTestConnector(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ schema: _schema, templateId: _t, ...data }: DataConnectorInput) =>
      getSdk().sqlService.testConnection(appId, { ...data, name: data.name || 'test' }),
  });
}

export function useDeleteConnector(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (id: string) => getSdk().dataConnectors.deleteConnector(appId, id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: dataConnectorKeys.all(appId) }),
  });
}
