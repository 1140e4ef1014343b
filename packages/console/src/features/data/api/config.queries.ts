import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { securityKeys } from '../../security/keys';
import { dataKeys } from './data.keys';

/** The app's data settings (`dynamicSchema`, `includeObjectIdByDefault`). */
export function useDataConfig(appId: string) {
  return useQuery({ queryKey: dataKeys.config(appId), queryFn: () => getSdk().tables.loadConfigs(appId), enabled: !!appId });
}

export function useSetDataConfig(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (patch: { dynamicSchema?: boolean; includeObjectIdByDefault?: boolean }) => {
      await getSdk().tables.setConfigs(appId, patch);
      return patch;
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: dataKeys.config(appId) });
      // The security advisor reports dynamic schema: its answer changes with this setting.
      void qc.invalidateQueries({ queryKey: securityKeys.advisor(appId) });
    },
  });
}
