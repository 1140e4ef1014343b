import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvisorRisk } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { securityKeys } from './security.keys';

/** The app's risks as the server's advisor sees them (refreshed after every fix). */
export function useAdvisor(appId: string) {
  return useQuery({
    queryKey: securityKeys.advisor(appId),
    queryFn: () => getSdk().security.advisor(appId),
    enabled: !!appId,
  });
}

/**
 * Closes a table to anonymous writes: a DENY for NotAuthenticatedUser on each operation the
 * advisor found open, through the same permission route the matrix uses.
 */
export function useDenyAnonymousWrites(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: 'Not fixed' },
    mutationFn: async (risk: AdvisorRisk) => {
      const { table, roleId } = risk;
      if (!table || !roleId) throw new Error('This risk names no table');
      for (const operation of table.operations) {
        await getSdk().security.setPermission(appId, 'roles', roleId, 'data', table.tableId, table.name, 'all', {
          operation,
          access: 'DENY',
        });
      }
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: securityKeys.all(appId) }),
  });
}
