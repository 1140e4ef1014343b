import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { securityKeys } from './security.keys';

export type RunAsIdentity = { kind: 'role'; role: Role } | { kind: 'user'; userId: string; label: string };

export const RUN_AS_PAGE_SIZE = 20;

/**
 * What a role or an app user reads in a table, decided by the server's permission engine on the
 * app API's own find (`security.runAs`): exact for every role and user, ACLs and owner policy included.
 */
export function useRunAs(
  appId: string,
  table: string | undefined,
  identity: RunAsIdentity | undefined,
  page: number,
  where: string,
) {
  const who =
    identity?.kind === 'role' ? { roleName: identity.role.name } : identity ? { userId: identity.userId } : undefined;
  return useQuery({
    queryKey: securityKeys.runAs(appId, table, who, page, where),
    enabled: !!table && !!who,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () =>
      getSdk().security.runAs(appId, {
        table: table!,
        ...who!,
        where: where || undefined,
        pageSize: RUN_AS_PAGE_SIZE,
        offset: page * RUN_AS_PAGE_SIZE,
      }),
  });
}

/** App users whose identity or id matches `search`, for the "run as a user" picker. */
export function useRunAsUsers(appId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: securityKeys.runAsUsers(appId, search),
    queryFn: () => getSdk().security.loadUsers(appId, { identityOrUserId: search || undefined, pageSize: 20 }),
    enabled,
  });
}
