import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { codeKeys } from './code.keys';

/** Cloud code written by hand is JavaScript; codeless models have their own editor. */
export const JS = 'JS';

/** Every deployment model of the app, of every language. */
export function useGetAllModels(appId: string) {
  return useQuery({ queryKey: codeKeys.models(appId), queryFn: () => getSdk().bl.getAllModels(appId) });
}

export function useCreateModel(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (model: string) => getSdk().bl.createModel(appId, JS, model),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.models(appId) }),
  });
}

/** The model's draft files (paths, sizes, times). */
export function useGetDraftFiles(appId: string, model: string) {
  return useQuery({
    queryKey: codeKeys.drafts(appId, JS, model),
    queryFn: () => getSdk().bl.getDraftFiles(appId, JS, model),
  });
}

/** One draft file's text, byte for byte as saved. */
export function useGetDraftFileContent(appId: string, model: string, fileId: string | undefined) {
  return useQuery({
    queryKey: codeKeys.draftFile(appId, JS, model, fileId ?? ''),
    queryFn: () => getSdk().bl.getDraftFileContent(appId, JS, model, fileId!),
    enabled: !!fileId,
    // An open buffer is the truth while it is edited: refetching would not replace it anyway.
    staleTime: Infinity,
  });
}

/** Saves draft files; production does not change until a deploy. */
export function useSaveDraftFiles(appId: string, model: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (files: { id: string; content?: string; deleted?: boolean }[]) =>
      getSdk().bl.saveDraftFiles(appId, JS, model, files),
    onSuccess: (_answer, files) => {
      for (const f of files) {
        if (f.content !== undefined) queryClient.setQueryData(codeKeys.draftFile(appId, JS, model, f.id), f.content);
      }
      return queryClient.invalidateQueries({ queryKey: codeKeys.drafts(appId, JS, model), exact: true });
    },
  });
}

/** Saves the given files as the draft, bundles the model and switches production to it. */
export function useDeployDraftFiles(appId: string, model: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (files: { id: string; content: string }[]) => getSdk().bl.deployDraftFiles(appId, JS, model, files),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

/** The model's stored deployments, newest first. */
export function useGetDeployments(appId: string, model: string, enabled: boolean) {
  return useQuery({
    queryKey: codeKeys.deployments(appId, JS, model),
    queryFn: () => getSdk().bl.getDeployments(appId, JS, model),
    enabled,
  });
}

/** Makes an earlier deployment production again. */
export function useRollbackDeployment(appId: string, model: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (deploymentId: string) => getSdk().bl.rollbackDeployment(appId, JS, model, deploymentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}
