import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OAuthProvider, UserProperty, UsersLoginSettings, UsersRegistrationSettings } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { usersKeys, type OAuthVersion } from './users.keys';

export type { OAuthVersion } from './users.keys';

export function useGetUsersRegs(appId: string) {
  return useQuery({ queryKey: usersKeys.registration(appId), queryFn: () => getSdk().users.getUsersRegs(appId) });
}

export function useUpdateUsersRegs(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (data: Partial<UsersRegistrationSettings>) => getSdk().users.updateUsersRegs(appId, data),
    onSuccess: (next) => qc.setQueryData(usersKeys.registration(appId), next),
  });
}

export function useGetUsersLogin(appId: string) {
  return useQuery({ queryKey: usersKeys.login(appId), queryFn: () => getSdk().users.getUsersLogin(appId) });
}

export function useUpdateUsersLogin(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (data: Partial<UsersLoginSettings>) => getSdk().users.updateUsersLogin(appId, data),
    onSuccess: (next) => {
      qc.setQueryData(usersKeys.login(appId), next);
      void qc.invalidateQueries({ queryKey: usersKeys.properties(appId) });
    },
  });
}

export function useLogoutAllUsers(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: () => getSdk().users.logoutAllUsers(appId),
    onSuccess: () => void qc.invalidateQueries({ queryKey: usersKeys.login(appId) }),
  });
}

export function useGetUsersProps(appId: string) {
  return useQuery({ queryKey: usersKeys.properties(appId), queryFn: () => getSdk().users.getUsersProps(appId) });
}

export function useUpdateUsersProps(appId: string) {
  const qc = useQueryClient();
  const key = usersKeys.properties(appId);
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (data: Partial<UserProperty> & { name: string }) => getSdk().users.updateUsersProps(appId, data),
    // Switches are optimistic: the change shows at once and rolls back if refused.
    onMutate: async (data) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<UserProperty[]>(key);
      qc.setQueryData<UserProperty[]>(key, (list) => list?.map((p) => (p.name === data.name ? { ...p, ...data } : p)));
      return { previous };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: usersKeys.login(appId) });
    },
  });
}

export function useOAuthProviders(appId: string, v: OAuthVersion) {
  return useQuery({
    queryKey: usersKeys.providers(appId, v),
    queryFn: () => (v === 1 ? getSdk().users.getOAuth1Providers(appId) : getSdk().users.getOAuth2Providers(appId)),
  });
}

export function useOAuthTemplates(appId: string, v: OAuthVersion) {
  return useQuery({
    queryKey: usersKeys.templates(appId, v),
    queryFn: () =>
      v === 1 ? getSdk().users.getOAuth1ProviderTemplates(appId) : getSdk().users.getOAuth2ProviderTemplates(appId),
    staleTime: Infinity,
  });
}

export function useOAuthCallbackUrl(appId: string, v: OAuthVersion, code: string | undefined) {
  return useQuery({
    queryKey: usersKeys.callback(appId, v, code ?? ''),
    queryFn: () =>
      (v === 1
        ? getSdk().users.getOAuth1CallbackUrls(appId, code!)
        : getSdk().users.getOAuth2CallbackUrls(appId, code!)) as Promise<{ callbackUrl?: string }>,
    enabled: !!code,
  });
}

export function useSaveOAuthProvider(appId: string, v: OAuthVersion) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: { id?: string; templateCode?: string } & Partial<OAuthProvider>) => {
      const u = getSdk().users;
      if (input.id)
        return v === 1
          ? u.updateOAuth1Provider(appId, { ...input, id: input.id })
          : u.updateOAuth2Provider(appId, { ...input, id: input.id });
      if (input.templateCode)
        return v === 1
          ? u.createOAuth1ProviderFromTemplate(appId, input)
          : u.createOAuth2ProviderFromTemplate(appId, input);
      return u.createOAuth2Provider(appId, input);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: usersKeys.providers(appId, v) }),
  });
}

export function useRemoveOAuthProvider(appId: string, v: OAuthVersion) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (id: string) =>
      v === 1 ? getSdk().users.removeOAuth1Provider(appId, id) : getSdk().users.removeOAuth2Provider(appId, id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: usersKeys.providers(appId, v) }),
  });
}

/** The ten newest app users with the users total (the Users overview). */
export function useNewestUsers(appId: string) {
  return useQuery({
    queryKey: usersKeys.newest(appId),
    queryFn: () => getSdk().security.loadUsers(appId, { pageSize: 10, sortBy: '-created' }),
  });
}
