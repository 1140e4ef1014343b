import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorStatus } from '../../../lib/errors';
import { appsKeys } from '../../apps';
import type { CopyPart, ResetChoice, ZipSource } from '../lifecycle-types';
import {
  cloneApp,
  createAppFromZip,
  importAppZip,
  listExports,
  listProcesses,
  resetApp,
  startExport,
} from './lifecycle.calls';
import { lifecycleKeys } from './lifecycle.keys';
import { useFollowProcess } from './lifecycle-tasks';

// A route the server does not offer yet (501) or a client error will not fix itself by asking again.
const retry = (count: number, error: unknown) => {
  const status = errorStatus(error);
  return !(status !== undefined && status >= 400 && status <= 501) && count < 2;
};

/** The app's exports, newest first, each with its download once done. */
export function useExports(appId: string) {
  return useQuery({
    queryKey: lifecycleKeys.exports(appId),
    queryFn: () => listExports(appId),
    retry,
    // While an export runs its row follows it; the finished process refreshes the list too.
    refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'IN_PROGRESS') ? 1500 : false),
  });
}

/** The app's lifecycle processes: the unfinished ones and the last finished ones, newest first. */
export function useProcesses(appId: string) {
  return useQuery({ queryKey: lifecycleKeys.processes(appId), queryFn: () => listProcesses(appId), retry });
}

export function useCloneApp(appId: string, appName: string) {
  const follow = useFollowProcess();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: { appName: string; parts: CopyPart[] }) => cloneApp(appId, input.appName, input.parts),
    onSuccess: ({ processId }) => follow({ appId, appName }, { processId, kind: 'clone' }),
  });
}

export function useStartExport(appId: string, appName: string) {
  const follow = useFollowProcess();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (parts: CopyPart[]) => startExport(appId, parts),
    onSuccess: ({ processId }) => {
      follow({ appId, appName }, { processId, kind: 'export' });
      void queryClient.invalidateQueries({ queryKey: lifecycleKeys.exports(appId) });
    },
  });
}

export function useImportZip(appId: string, appName: string) {
  const follow = useFollowProcess();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: { source: ZipSource; replace: boolean }) => importAppZip(appId, input.source, input.replace),
    onSuccess: ({ processId }) => follow({ appId, appName }, { processId, kind: 'import' }),
  });
}

export function useResetApp(appId: string, appName: string) {
  const follow = useFollowProcess();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (choice: ResetChoice) => resetApp(appId, choice, appName),
    onSuccess: ({ processId }) => follow({ appId, appName }, { processId, kind: 'reset' }),
  });
}

/** Creates an app from a ZIP; the new app is followed in the tray under its own id. */
export function useCreateAppFromZip() {
  const queryClient = useQueryClient();
  const follow = useFollowProcess();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: { appName: string; source: ZipSource }) => createAppFromZip(input.appName, input.source),
    onSuccess: ({ appId, processId }, { appName }) => {
      void queryClient.invalidateQueries({ queryKey: appsKeys.list() });
      follow({ appId, appName }, { processId, kind: 'import' });
    },
  });
}
