import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowDefinitionInput, FlowExport, FlowVersion } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { flowsKeys } from './flows.keys';

/** Every version of every flow of the app (the list groups them by flow). */
export function useFlowVersions(appId: string) {
  return useQuery({ queryKey: flowsKeys.versions(appId), queryFn: () => getSdk().automation.getFlows(appId) });
}

export function useFlowVersion(appId: string, versionId: string) {
  return useQuery({
    queryKey: flowsKeys.version(appId, versionId),
    queryFn: () => getSdk().automation.getFlow(appId, versionId),
    enabled: !!versionId,
  });
}

/** After a change to one version: put the answer in the cache, then refresh the list around it. */
function useVersionSettled(appId: string) {
  const queryClient = useQueryClient();
  return (version: FlowVersion) => {
    queryClient.setQueryData(flowsKeys.version(appId, version.id), version);
    return queryClient.invalidateQueries({ queryKey: flowsKeys.versions(appId) });
  };
}

export function useCreateFlow(appId: string) {
  const settled = useVersionSettled(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (body: FlowDefinitionInput) => getSdk().automation.createFlow(appId, body),
    onSuccess: settled,
  });
}

export function useSaveFlowVersion(appId: string) {
  const settled = useVersionSettled(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (body: FlowDefinitionInput & { id: string }) => getSdk().automation.updateFlow(appId, body),
    onSuccess: settled,
  });
}

export type LifecycleAction = 'enable' | 'pause' | 'terminate' | 'newVersion';

/** Enable, pause, terminate, or clone as the flow's next version: each answers the version it made or changed. */
export function useVersionLifecycle(appId: string) {
  const settled = useVersionSettled(appId);
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ action, versionId }: { action: LifecycleAction; versionId: string }) => {
      const a = getSdk().automation;
      if (action === 'enable') return a.enableFlow(appId, versionId);
      if (action === 'pause') return a.pauseFlow(appId, versionId);
      if (action === 'terminate') return a.terminateFlow(appId, versionId);
      return a.createNewVersion(appId, versionId);
    },
    onSuccess: async (version, { action, versionId }) => {
      await settled(version);
      // Terminating stops the version's instances: their list is stale too.
      if (action === 'terminate')
        await queryClient.invalidateQueries({ queryKey: flowsKeys.allInstances(appId, versionId) });
    },
  });
}

export function useDeleteFlowVersion(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (versionId: string) => getSdk().automation.deleteFlow(appId, versionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsKeys.versions(appId) }),
  });
}

export function useDeleteFlow(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (flowId: string) => getSdk().automation.deleteFlowsGroup(appId, flowId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsKeys.versions(appId) }),
  });
}

/** The export as the server answers it; the page turns it into a download. */
export function useExportFlowVersion(appId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (versionId: string): Promise<FlowExport> => getSdk().automation.exportFlowVersion(appId, versionId),
  });
}

/** An export file as a new flow, or as the next version of `intoFlowId`. */
export function useImportFlow(appId: string) {
  const settled = useVersionSettled(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ body, intoFlowId }: { body: FlowDefinitionInput; intoFlowId?: string }) =>
      intoFlowId
        ? getSdk().automation.importFlowVersion(appId, intoFlowId, body)
        : getSdk().automation.createFlowFromJSON(appId, body),
    onSuccess: settled,
  });
}
