import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomDomain } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { settingsKeys } from './settings.keys';

/** The origins the app API grants CORS to (empty: any origin). */
export function useCorsOrigins(appId: string) {
  return useQuery({
    queryKey: settingsKeys.corsOrigins(appId),
    queryFn: () => getSdk().settings.getDomainNames(appId),
  });
}

/** Saves the list; the stored (normalised) list replaces the cached one. The card shows a refusal itself. */
export function useSaveCorsOrigins(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (origins: string[]) => getSdk().settings.updateDomainNames(appId, origins),
    onSuccess: (saved) => qc.setQueryData(settingsKeys.corsOrigins(appId), saved),
  });
}

export function useCustomDomains(appId: string) {
  return useQuery({
    queryKey: settingsKeys.customDomains(appId),
    queryFn: () => getSdk().settings.getCustomDomains(appId),
  });
}

/** Adds a domain: a name typed by the developer, or (`null`) one the server generates. */
export function useAddCustomDomain(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (domainName: string | null) =>
      domainName === null
        ? getSdk().settings.assignCustomDomain(appId, {})
        : getSdk().settings.createCustomDomain(appId, { domainName }),
    onSuccess: (added) => {
      qc.setQueryData<CustomDomain[]>(settingsKeys.customDomains(appId), (list) => [...(list ?? []), added]);
      void qc.invalidateQueries({ queryKey: settingsKeys.customDomains(appId) });
    },
  });
}

export function useRemoveCustomDomain(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (id: string) => getSdk().settings.deleteCustomDomain(appId, id),
    onSuccess: (_r, id) => {
      qc.setQueryData<CustomDomain[]>(settingsKeys.customDomains(appId), (list) => list?.filter((d) => d.id !== id));
      void qc.invalidateQueries({ queryKey: settingsKeys.customDomains(appId) });
    },
  });
}
