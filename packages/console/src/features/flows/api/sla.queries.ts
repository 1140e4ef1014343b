import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@basalt/shared';
import { Routes } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { flowsKeys } from './flows.keys';

export type CalendarInput = BodyOf<typeof Routes.automation.createSLACalendar>;
export type GoalInput = BodyOf<typeof Routes.automation.createFlowSLAGoal>;

/** The app's business calendars (shared by every flow). */
export function useSlaCalendars(appId: string) {
  return useQuery({ queryKey: flowsKeys.calendars(appId), queryFn: () => getSdk().automation.getSLACalendars(appId) });
}

export function useSaveSlaCalendar(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ id, body }: { id?: string; body: CalendarInput }) =>
      id ? getSdk().automation.updateSLACalendar(appId, body, id) : getSdk().automation.createSLACalendar(appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsKeys.calendars(appId) }),
  });
}

export function useDeleteSlaCalendar(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (id: string) => getSdk().automation.deleteSLACalendar(appId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowsKeys.calendars(appId) }),
  });
}

/** The version's goals. */
export function useSlaGoals(appId: string, flowId: string, versionId: string) {
  return useQuery({
    queryKey: flowsKeys.goals(appId, versionId),
    queryFn: () => getSdk().automation.getFlowSLAGoals(appId, flowId, versionId),
  });
}

export function useSaveSlaGoal(appId: string, flowId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ id, body }: { id?: string; body: GoalInput }) =>
      id
        ? getSdk().automation.updateFlowSLAGoal(appId, flowId, versionId, body, id)
        : getSdk().automation.createFlowSLAGoal(appId, flowId, versionId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: flowsKeys.goals(appId, versionId) }),
        queryClient.invalidateQueries({ queryKey: flowsKeys.allMetrics(appId, versionId) }),
      ]),
  });
}

export function useDeleteSlaGoal(appId: string, flowId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (id: string) => getSdk().automation.deleteFlowSLAGoal(appId, flowId, versionId, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: flowsKeys.goals(appId, versionId) }),
        queryClient.invalidateQueries({ queryKey: flowsKeys.allMetrics(appId, versionId) }),
      ]),
  });
}
