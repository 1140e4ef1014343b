import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import { codeKeys } from './code.keys';

/** The app's API services (every model), as the reference client normalises them. */
export function useGetServices(appId: string) {
  return useQuery({ queryKey: codeKeys.services(appId), queryFn: () => getSdk().bl.getServices(appId) });
}

/** Methods of one service with their verbs, paths and parameters. */
export function useGetServiceMethods(appId: string, serviceId: string | undefined) {
  return useQuery({
    queryKey: codeKeys.methods(appId, serviceId ?? ''),
    queryFn: () => getSdk().bl.getServiceMethods(appId, serviceId!),
    enabled: !!serviceId,
  });
}

/** Creates a JS service: a draft file holding its class, to be written and deployed in the editor. */
export function useCreateJsService(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (service: { name: string; model: string; description?: string }) =>
      getSdk().bl.createJsService(appId, service),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

/** Deletes a service from production (its draft files stay). */
export function useDeleteService(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (serviceId: string) => getSdk().bl.deleteService(appId, serviceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.services(appId) }),
  });
}
