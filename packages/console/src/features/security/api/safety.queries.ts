import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { securityKeys } from './security.keys';

export function useLoadPanicMode(appId: string) {
  return useQuery({
    queryKey: securityKeys.panic(appId),
    queryFn: () => getSdk().security.loadPanicMode(appId),
    enabled: !!appId,
  });
}

export function useSetPanicMode(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: 'Panic mode did not change' },
    mutationFn: ({ enabled, message }: { enabled: boolean; message?: string }) =>
      enabled
        ? getSdk().security.activatePanicMode(appId, message ? { message } : {})
        : getSdk().security.deactivatePanicMode(appId, {}),
    onSuccess: (state) => {
      qc.setQueryData(securityKeys.panic(appId), state);
      void qc.invalidateQueries({ queryKey: securityKeys.panic(appId) });
    },
  });
}

export function useGetHIPAACompliance(appId: string) {
  return useQuery({
    queryKey: securityKeys.hipaa(appId),
    queryFn: () => getSdk().security.getHIPAACompliance(appId),
    enabled: !!appId,
  });
}

export function useSetHIPAACompliance(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: 'HIPAA compliance did not change' },
    mutationFn: (enabled: boolean) =>
      enabled ? getSdk().security.activateHIPAACompliance(appId) : getSdk().security.deactivateHIPAACompliance(appId),
    onSuccess: (state) => {
      qc.setQueryData(securityKeys.hipaa(appId), state);
      void qc.invalidateQueries({ queryKey: securityKeys.hipaa(appId) });
    },
  });
}
