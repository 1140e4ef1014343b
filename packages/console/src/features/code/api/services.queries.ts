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

/** Creates a service whose methods call AWS Lambda functions (decision 0049); it answers at once, no deploy. */
export function useCreateLambdaService(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (settings: Record<string, unknown>) => getSdk().bl.createAWSLambdaService(appId, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.services(appId) }),
  });
}

/** Creates a service from an OpenAPI document: an uploaded file or a URL the server fetches. */
export function useImportService(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (source: { file?: File; serviceURL?: string }) =>
      (await getSdk().bl.importService(appId, source)) as { id: string },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.services(appId) }),
  });
}

/** Uploads service code (a .js file or a .zip) to a model; answers the services it made. */
export function useUploadService(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ file, model }: { file: File; model: string }) =>
      getSdk().bl.createService(appId, { file, model }) as Promise<Array<{ id: string }>>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

/** Turns a service's MCP flag on or off (the service id is the reference's `serviceVersionId`). */
export function useSetMcpEnabled(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, enabled }: { serviceId: string; enabled: boolean }) =>
      enabled
        ? getSdk().mcpApiServices.enableMcpApiService(appId, serviceId)
        : getSdk().mcpApiServices.disableMcpApiService(appId, serviceId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codeKeys.services(appId) }),
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
