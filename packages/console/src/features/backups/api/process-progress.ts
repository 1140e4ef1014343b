import { useQuery } from '@tanstack/react-query';
import type { LifecycleProcess } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { backupsKeys } from './backups.keys';

export type ProcessState = Pick<LifecycleProcess, 'status' | 'progress' | 'error' | 'newAppId'>;

/**
 * Where some lifecycle processes of the app are (backups being written, a restore), polled every
 * second while one of them runs. Keyed by process id.
 */
export function useProcessProgress(appId: string, processIds: string[]): Record<string, ProcessState> {
  const ids = [...new Set(processIds)].sort();
  const q = useQuery({
    queryKey: backupsKeys.processes(appId, ids),
    enabled: ids.length > 0,
    queryFn: async () => {
      const all = await Promise.all(ids.map((id) => getSdk().lifecycle.getProcess(appId, id)));
      return Object.fromEntries(all.map((p) => [p.processId, p]));
    },
    refetchInterval: (query) =>
      Object.values(query.state.data ?? {}).some((p) => p.status === 'IN_PROGRESS') || !query.state.data ? 1000 : false,
  });
  return q.data ?? {};
}
