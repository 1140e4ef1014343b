import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { followFlowDebug } from '@basalt/sdk/logs';
import { getAuthKey, getSdk } from '../../../lib/sdk';
import { flowsKeys } from './flows.keys';

type Ids = { appId: string; flowId: string; versionId: string };

/** Opens the version's debug session; `force` takes over one another developer left open (409 otherwise). */
export function useStartDebugSession({ appId, flowId, versionId }: Ids) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (force: boolean) => getSdk().automation.startDebugSession(appId, flowId, versionId, force),
  });
}

/** Closes the session and stops its running debug instances. */
export function useStopDebugSession({ appId, flowId, versionId }: Ids) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (sessionId: string) => getSdk().automation.stopDebugSession(appId, flowId, versionId, sessionId),
    onSuccess: () => queryClient.removeQueries({ queryKey: flowsKeys.debug(appId, versionId) }),
  });
}

/** What the session ran, oldest first; refreshed by the live stream (and every few seconds without it). */
export function useDebugHistory({ appId, flowId, versionId }: Ids, sessionId: string | null, poll: boolean) {
  return useQuery({
    queryKey: flowsKeys.debugHistory(appId, versionId, sessionId ?? ''),
    queryFn: () => getSdk().automation.loadTestMonitorHistory(appId, flowId, versionId, sessionId!),
    enabled: !!sessionId,
    refetchInterval: poll ? 3000 : false,
  });
}

export function useClearDebugHistory({ appId, flowId, versionId }: Ids, sessionId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: () => getSdk().automation.clearTestMonitorHistory(appId, flowId, versionId, sessionId!),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsKeys.debugHistory(appId, versionId, sessionId!) }),
  });
}

/** The session's mocked data `{trigger, results, variables}`. */
export function useDebugContext({ appId, flowId, versionId }: Ids, sessionId: string | null) {
  return useQuery({
    queryKey: flowsKeys.debugContext(appId, versionId, sessionId ?? ''),
    queryFn: () => getSdk().automation.loadDebugExecutionContext(appId, flowId, versionId, sessionId!),
    enabled: !!sessionId,
  });
}

export function useUpdateDebugContext({ appId, flowId, versionId }: Ids, sessionId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (context: Record<string, unknown>) =>
      getSdk().automation.updateDebugExecutionContext(appId, flowId, versionId, context, sessionId!),
    onSuccess: (context) => queryClient.setQueryData(flowsKeys.debugContext(appId, versionId, sessionId!), context),
  });
}

/** Runs one element against the session's context; a success adds its output to the context. */
export function useRunDebugElement({ appId, flowId, versionId }: Ids, sessionId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ elementId, body }: { elementId: string; body?: Record<string, unknown> }) =>
      getSdk().automation.runElementInDebugMode(appId, flowId, versionId, elementId, body, sessionId!),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsKeys.debug(appId, versionId) }),
  });
}

/** Runs the version's current definition as a debug instance with the mocked trigger data. */
export function useRunDebugInstance({ appId, flowId, versionId }: Ids) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (initialData?: unknown) =>
      getSdk().automation.runDebugInstance(appId, flowId, versionId, initialData === undefined ? {} : { initialData }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsKeys.debug(appId, versionId) }),
  });
}

/** Stops the session's debug instances that are still running or waiting. */
export function useStopDebugInstances({ appId, flowId, versionId }: Ids, sessionId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (triggerId: string) =>
      getSdk().automation.stopTriggerInDebugMode(appId, flowId, versionId, triggerId, sessionId!),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsKeys.debug(appId, versionId) }),
  });
}

export type DebugStreamState = 'off' | 'connecting' | 'live' | 'error';

/**
 * The version's live debug events while a session is open: each one refreshes the session's
 * history (the rows are the truth; the stream only says when to read them).
 */
export function useDebugStream({ appId, versionId }: Ids, sessionId: string | null): DebugStreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DebugStreamState>('off');
  useEffect(() => {
    const authKey = getAuthKey();
    if (!sessionId || !authKey) {
      setState('off');
      return;
    }
    const refresh = () => void queryClient.invalidateQueries({ queryKey: flowsKeys.debug(appId, versionId) });
    const follower = followFlowDebug(
      window.location.origin,
      authKey,
      { appId, versionId },
      {
        onEvent: (e) => {
          if (!e.sessionId || e.sessionId === sessionId) refresh();
        },
        onState: (next) => {
          setState(next);
          // After a (re)connect, read what may have happened while away.
          if (next === 'live') refresh();
        },
      },
    );
    return () => follower.close();
  }, [appId, versionId, sessionId, queryClient]);
  return state;
}
