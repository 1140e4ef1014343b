import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { flowsKeys } from './flows.keys';

export const INSTANCES_PAGE_SIZE = 25;

/** A page of a version's instances, newest first; running ones change, so the page refreshes while open. */
export function useFlowInstances(appId: string, flowId: string, versionId: string, status: string, page: number) {
  return useQuery({
    queryKey: flowsKeys.instances(appId, versionId, status, page),
    queryFn: () =>
      getSdk().automation.getFlowInstances(appId, flowId, versionId, {
        ...(status ? { status } : {}),
        offset: page * INSTANCES_PAGE_SIZE,
        pageSize: INSTANCES_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 4000,
  });
}

/** One instance with the steps it took; polled until it has finished. */
export function useFlowInstance(appId: string, flowId: string, versionId: string, executionId: string | undefined) {
  return useQuery({
    queryKey: flowsKeys.instance(appId, versionId, executionId ?? ''),
    queryFn: () => getSdk().automation.getFlowInstanceAnalytics(appId, flowId, versionId, executionId!),
    enabled: !!executionId,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'RUNNING' || status === 'WAITING' ? 2000 : false;
    },
  });
}

/** An element's input, output and attempts in one instance. */
export function useElementExecution(
  appId: string,
  flowId: string,
  versionId: string,
  executionId: string,
  elementId: string | undefined,
) {
  return useQuery({
    queryKey: flowsKeys.element(appId, versionId, executionId, elementId ?? ''),
    queryFn: () => getSdk().automation.getElementExecutionInfo(appId, flowId, versionId, executionId, elementId!),
    enabled: !!elementId,
    // 501 while the server does not offer it yet: the panel says so instead of retrying.
    retry: false,
  });
}

export function useStopInstance(appId: string, flowId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (executionId: string) =>
      getSdk().automation.stopFlowInstanceExecution(appId, flowId, versionId, executionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsKeys.allInstances(appId, versionId) }),
  });
}
