import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Auth0SettingsInput, ScopeBindingInput } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { auth0Keys } from './users.keys';

export function useAuth0Configuration(appId: string) {
  return useQuery({ queryKey: auth0Keys.config(appId), queryFn: () => getSdk().users.getAuth0Configuration(appId) });
}

export function useUpdateAuth0Configuration(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (config: Auth0SettingsInput) => getSdk().users.updateAuth0Configuration(appId, config),
    onSuccess: (next) => qc.setQueryData(auth0Keys.config(appId), next),
  });
}

export function useAuth0ScopeBindings(appId: string) {
  return useQuery({ queryKey: auth0Keys.bindings(appId), queryFn: () => getSdk().users.getAuth0ScopeBindings(appId) });
}

/** Creates a binding, or saves one when it has an id. */
export function useSaveAuth0ScopeBinding(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (b: ScopeBindingInput) =>
      b.id
        ? getSdk().users.updateAuth0ScopeBinding(appId, { ...b, id: b.id })
        : getSdk().users.createAuth0ScopeBinding(appId, b),
    onSuccess: () => void qc.invalidateQueries({ queryKey: auth0Keys.bindings(appId) }),
  });
}

export function useDeleteAuth0ScopeBinding(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (id: string) => getSdk().users.deleteAuth0ScopeBinding(appId, id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: auth0Keys.bindings(appId) }),
  });
}
