import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppSummary } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { appsKeys } from './apps.keys';

export function useGetApps(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: appsKeys.list(),
    queryFn: () => getSdk().apps.getApps(),
    enabled: options.enabled,
  });
}

export function useGetAppInfo(appId: string | undefined) {
  return useQuery({
    queryKey: appsKeys.info(appId ?? ''),
    queryFn: () => getSdk().apps.getAppInfo(appId!),
    enabled: !!appId,
  });
}

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    // With `blueprintId` the server fills the new app (tables, sample records, roles, cloud code) before answering.
    mutationFn: (input: { appName: string; blueprintId?: string }) => getSdk().apps.createApp(input),
    onSuccess: (app) => {
      queryClient.setQueryData<AppSummary[]>(appsKeys.list(), (list) => (list ? [...list, app] : list));
      void queryClient.invalidateQueries({ queryKey: appsKeys.list() });
    },
  });
}

export function useRenameApp() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: { appId: string; appName: string }) => getSdk().apps.renameApp(input.appId, input.appName),
    // Renames are optimistic: the new name shows at once and rolls back if the server refuses it.
    onMutate: async ({ appId, appName }) => {
      await queryClient.cancelQueries({ queryKey: appsKeys.list() });
      const previous = queryClient.getQueryData<AppSummary[]>(appsKeys.list());
      queryClient.setQueryData<AppSummary[]>(appsKeys.list(), (list) =>
        list?.map((a) => (a.id === appId ? { ...a, appName } : a)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(appsKeys.list(), context.previous);
    },
    onSettled: (_data, _error, { appId }) => {
      void queryClient.invalidateQueries({ queryKey: appsKeys.list() });
      void queryClient.invalidateQueries({ queryKey: appsKeys.info(appId) });
    },
  });
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (appId: string) => getSdk().apps.deleteApp(appId),
    onSuccess: (_answer, appId) => {
      queryClient.setQueryData<AppSummary[]>(appsKeys.list(), (list) => list?.filter((a) => a.id !== appId));
      queryClient.removeQueries({ queryKey: appsKeys.info(appId) });
      void queryClient.invalidateQueries({ queryKey: appsKeys.list() });
    },
  });
}

/** What needs the developer's attention in the app (`warning(appId)`), most severe first; refetched on focus. */
export function useWarning(appId: string) {
  return useQuery({
    queryKey: appsKeys.warnings(appId),
    queryFn: () => getSdk().warning(appId),
    enabled: !!appId,
  });
}

/** The blueprints the server ships (`blueprints.get()`), for the New app dialog; they change only with the server. */
export function useBlueprints(enabled: boolean) {
  return useQuery({
    queryKey: appsKeys.blueprints(),
    queryFn: () => getSdk().blueprints.get(),
    enabled,
    staleTime: 5 * 60_000,
  });
}
