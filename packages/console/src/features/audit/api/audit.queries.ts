import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditLogQuery } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { auditKeys } from './audit.keys';

export function useLoadAuditLogs(appId: string, query: AuditLogQuery) {
  return useQuery({
    queryKey: auditKeys.list(appId, query),
    queryFn: () => getSdk().security.loadAuditLogs(appId, query),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteAuditLogs(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (before?: number) => getSdk().security.deleteAuditLogs(appId, before),
    onSuccess: () => void qc.invalidateQueries({ queryKey: auditKeys.all(appId) }),
  });
}

/** Saves the CSV of a date range as a file. */
export function useDownloadAuditLogs(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ from, to }: { from?: number; to?: number }) => {
      const csv = await getSdk().security.downloadAuditLogs(appId, from, to);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `audit-log-${appId}-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return csv.split('\n').filter(Boolean).length - 1;
    },
  });
}
