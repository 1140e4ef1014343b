import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowLogsQuery } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { flowsKeys } from './flows.keys';

export const LOGS_PAGE_SIZE = 50;

export interface LogFilters {
  level: string;
  executionId: string;
  elementId: string;
  /** Epoch ms; 0 = open. */
  from: number;
  to: number;
  page: number;
}

/** A page of a version's log lines (newest first) for the filters. */
export function useFlowLogs(appId: string, versionId: string, f: LogFilters) {
  return useQuery({
    queryKey: flowsKeys.logs(appId, versionId, { ...f }),
    queryFn: () => {
      const filters: NonNullable<FlowLogsQuery['filters']> = { level: f.level };
      if (f.executionId) filters.executionId = f.executionId;
      if (f.elementId) filters.elementId = f.elementId;
      if (f.from) filters.fromDate = f.from;
      if (f.to) filters.toDate = f.to;
      return getSdk().automation.loadFlowLogs(appId, versionId, {
        filters,
        pagination: { limit: LOGS_PAGE_SIZE, offset: f.page * LOGS_PAGE_SIZE },
      });
    },
    placeholderData: keepPreviousData,
  });
}

/** The lowest level the flow keeps (all its versions). */
export function useFlowLogLevel(appId: string, flowId: string) {
  return useQuery({
    queryKey: flowsKeys.logLevel(appId, flowId),
    queryFn: () => getSdk().automation.getFlowLogsLevel(appId, flowId),
  });
}

export function useUpdateFlowLogLevel(appId: string, flowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (level: string) => getSdk().automation.updateFlowLogsLevel(appId, flowId, { level }),
    onSuccess: (answer) => queryClient.setQueryData(flowsKeys.logLevel(appId, flowId), answer),
  });
}

export function useVersionMetrics(appId: string, flowId: string, versionId: string, from: number, to: number) {
  return useQuery({
    queryKey: flowsKeys.metrics(appId, versionId, from, to),
    queryFn: () => getSdk().automation.getFlowVersionMetrics(appId, flowId, versionId, from, to),
    placeholderData: keepPreviousData,
  });
}

export function useStepMetrics(appId: string, flowId: string, versionId: string, from: number, to: number) {
  return useQuery({
    queryKey: flowsKeys.stepMetrics(appId, versionId, from, to),
    queryFn: () => getSdk().automation.getFlowStepsMetrics(appId, flowId, versionId, from, to),
    placeholderData: keepPreviousData,
  });
}

/** Errors that reached one error-handler element over the range. */
export function useHandlerErrors(
  appId: string,
  flowId: string,
  versionId: string,
  handlerId: string | null,
  from: number,
  to: number,
) {
  return useQuery({
    queryKey: flowsKeys.handlerErrors(appId, versionId, handlerId ?? '', from, to),
    queryFn: () => getSdk().automation.loadErrorHandlerAnalytics(appId, flowId, versionId, handlerId!, from, to),
    enabled: !!handlerId,
  });
}

/** Deletes the version's finished instances, steps and logs; metrics, instances and logs are stale after. */
export function useCleanAnalytics(appId: string, flowId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: () => getSdk().automation.cleanFlowVersionAnalytics(appId, flowId, versionId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: flowsKeys.allMetrics(appId, versionId) }),
        queryClient.invalidateQueries({ queryKey: flowsKeys.allInstances(appId, versionId) }),
        queryClient.invalidateQueries({ queryKey: flowsKeys.allLogs(appId, versionId) }),
      ]),
  });
}
