import { useQuery } from '@tanstack/react-query';
import type { Access } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { securityKeys } from './security.keys';

/** The app's tables, for the scope pickers (system tables included: Users is one of them). */
export function useSecurityTables(appId: string) {
  return useQuery({
    queryKey: securityKeys.tables(appId),
    queryFn: async () => (await getSdk().tables.get(appId)).tables,
  });
}

/** Messaging channels, for channel permissions. */
export function useSecurityChannels(appId: string, enabled = true) {
  return useQuery({
    queryKey: securityKeys.channels(appId),
    queryFn: () => getSdk().messaging.loadChannels(appId),
    enabled,
  });
}

/** The signed-in developer's access to each numbered operation of this app. */
export function useMyPermissions(appId: string) {
  return useQuery({
    queryKey: securityKeys.myPermissions(appId),
    queryFn: async () => {
      const list = await getSdk().user.getPermissions(appId);
      return new Map<number, Access>((Array.isArray(list) ? list : []).map((p) => [p.operation, p.access]));
    },
    staleTime: 60_000,
  });
}
