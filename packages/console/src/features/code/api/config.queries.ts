import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { codeKeys } from './code.keys';

/** A service's configuration items with their values; secrets come back masked. */
export function useLoadServiceConfig(appId: string, serviceId: string | undefined) {
  return useQuery({
    queryKey: codeKeys.serviceConfig(appId, serviceId ?? ''),
    queryFn: () => getSdk().bl.loadServiceConfig(appId, serviceId!),
    enabled: !!serviceId,
  });
}

/** Stores values; the answer (secrets masked again) replaces the cached ones. */
export function useSetServiceConfig(appId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (values: Record<string, unknown>) => getSdk().bl.setServiceConfig(appId, serviceId, values),
    onSuccess: (answer) => queryClient.setQueryData(codeKeys.serviceConfig(appId, serviceId), answer),
  });
}

/** Checks values (types, required items, the service's own `validateConfig`) without storing them. */
export function useTestServiceConfig(appId: string, serviceId: string) {
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (values: Record<string, unknown>) => getSdk().bl.testServiceConfig(appId, serviceId, values),
  });
}
