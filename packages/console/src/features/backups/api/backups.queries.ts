import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppPart, BackupPolicy, RestoreBody } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { backupsKeys } from './backups.keys';

/** The backups, polled every second while one is being written. */
export function useBackups(appId: string) {
  return useQuery({
    queryKey: backupsKeys.list(appId),
    queryFn: () => getSdk().backups.listBackups(appId),
    refetchInterval: (q) => (q.state.data?.some((b) => b.status === 'IN_PROGRESS') ? 1000 : false),
  });
}

export function useBackupPolicy(appId: string) {
  return useQuery({ queryKey: backupsKeys.policy(appId), queryFn: () => getSdk().backups.getBackupPolicy(appId) });
}

export function useSaveBackupPolicy(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (policy: BackupPolicy) => getSdk().backups.updateBackupPolicy(appId, policy),
    onSuccess: (saved) => qc.setQueryData(backupsKeys.policy(appId), saved),
  });
}

export function useCreateBackup(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (opts: { note?: string; parts?: AppPart[] }) => getSdk().backups.createBackup(appId, opts),
    onSuccess: () => void qc.invalidateQueries({ queryKey: backupsKeys.list(appId) }),
  });
}

export function useDeleteBackup(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (backupId: string) => getSdk().backups.deleteBackup(appId, backupId),
    onSuccess: () => void qc.invalidateQueries({ queryKey: backupsKeys.list(appId) }),
  });
}

export function useRestoreBackup(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ backupId, restore }: { backupId: string; restore: RestoreBody }) =>
      getSdk().backups.restoreBackup(appId, backupId, restore),
    onSuccess: () => void qc.invalidateQueries({ queryKey: backupsKeys.all(appId) }),
  });
}

/** The URL a backup's ZIP downloads from (a GET: the session cookie carries the developer's key). */
export const backupDownloadUrl = (appId: string, backupId: string) =>
  `/${encodeURIComponent(appId)}/console/backups/${encodeURIComponent(backupId)}/download`;
