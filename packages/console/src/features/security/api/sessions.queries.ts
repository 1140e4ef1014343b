import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { securityKeys } from './security.keys';

const PAGE = 20;

/** With a search: app users matching it (with or without sessions). Without: users holding sessions, a cursor page at a time. */
export function useSessionUsers(appId: string, search: string) {
  return useInfiniteQuery({
    queryKey: securityKeys.sessionUsers(appId, search),
    initialPageParam: '' as string,
    queryFn: async ({ pageParam }) => {
      if (search) {
        const offset = Number(pageParam || 0);
        const page = await getSdk().security.loadUsers(appId, { identityOrUserId: search, offset, pageSize: PAGE });
        return { data: page.data, next: offset + PAGE < page.totalRows ? String(offset + PAGE) : undefined };
      }
      const page = await getSdk().security.loadUsersWithSessions(appId, {
        pageSize: PAGE,
        cursor: pageParam || undefined,
      });
      return { data: page.data, next: page.cursor ?? undefined };
    },
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
  });
}

export function useUserSessions(appId: string, userId: string | null) {
  return useQuery({
    queryKey: securityKeys.userSessions(appId, userId ?? ''),
    queryFn: () => getSdk().security.loadUserSessions(appId, userId!, { pageSize: 100 }),
    enabled: !!userId,
  });
}

export function useLogoutUserSessions(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (userId: string) => getSdk().security.logoutUserSessions(appId, userId),
    onSuccess: () => void qc.invalidateQueries({ queryKey: securityKeys.all(appId) }),
  });
}
