import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodelessState } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { codeKeys } from './code.keys';

/** A parameter of a codeless method or an input of a function. */
export interface CodelessParamInput {
  name: string;
  type?: string;
}

/** A codeless service as its pages show it. */
export interface CodelessServiceView {
  id: string;
  name: string;
  model: string;
  methods: {
    id: string;
    name: string;
    method: string;
    path: string;
    params: CodelessParamInput[];
    hasLogic: boolean;
  }[];
}

/**
 * The app's codeless services with their methods (ids, declared parameters, routes), from the list
 * the codeless toolbox reads: codeless methods carry their ids there.
 */
export function useCodelessServices(appId: string) {
  return useQuery({
    queryKey: codeKeys.codelessServices(appId),
    queryFn: async (): Promise<CodelessServiceView[]> => {
      const services = await getSdk().codeless.loadApiServices(appId);
      return services
        .filter((s) => s.type === 'CODELESS')
        .map((s) => ({
          id: s.id,
          name: s.name,
          model: s.model,
          methods: s.methods.flatMap((m) =>
            m.id === undefined
              ? []
              : [
                  {
                    id: m.id,
                    name: m.name,
                    method: m.method,
                    path: m.path,
                    params: (m.codelessParams ?? m.params).map((p) => ({ name: p.name, type: p.type })),
                    hasLogic: m.hasLogic ?? false,
                  },
                ],
          ),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}

export function useCreateCodelessService(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (service: { name: string; description?: string }) => getSdk().bl.createCodelessService(appId, service),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

export function useDeleteCodelessService(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (serviceId: string) => getSdk().bl.deleteCodelessService(appId, serviceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

export function useCreateCodelessMethod(appId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (method: { name: string; description?: string; params: CodelessParamInput[] }) =>
      getSdk().bl.createCodelessMethod(appId, serviceId, method),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

export function useUpdateCodelessMethod(appId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ methodId, ...method }: { methodId: string; name: string; params: CodelessParamInput[] }) =>
      getSdk().bl.updateCodelessMethod(appId, serviceId, methodId, method),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

export function useDeleteCodelessMethod(appId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (methodId: string) => getSdk().bl.deleteCodelessMethod(appId, serviceId, methodId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

/** A method's deployed blocks and the code the server generated from them. */
export function useCodelessMethodLogic(appId: string, serviceId: string | undefined, methodId: string | undefined) {
  return useQuery({
    queryKey: codeKeys.codelessLogic(appId, serviceId ?? '', methodId ?? ''),
    queryFn: () => getSdk().bl.getCodelessMethodLogic(appId, serviceId!, methodId!),
    enabled: !!serviceId && !!methodId,
    // The open editor holds the truth while it is edited; a refetch would not replace it anyway.
    staleTime: Infinity,
  });
}

/** Deploys a method's blocks: the server generates the code again and switches production to it. */
export function useDeployCodelessMethodLogic(appId: string, serviceId: string, methodId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (logic: CodelessState) => getSdk().bl.deployCodelessMethodLogic(appId, serviceId, methodId, { logic }),
    onSuccess: (answer) => {
      queryClient.setQueryData(codeKeys.codelessLogic(appId, serviceId, methodId), answer);
      return queryClient.invalidateQueries({ queryKey: codeKeys.codelessServices(appId) });
    },
  });
}

/** The app's codeless functions library. */
export function useCodelessFunctions(appId: string) {
  return useQuery({
    queryKey: codeKeys.codelessFunctions(appId),
    queryFn: () => getSdk().codeless.loadFunctions(appId),
  });
}

export function useCreateFunction(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (fn: { name: string; description?: string; definition: { inputs: CodelessParamInput[] } }) =>
      getSdk().codeless.createFunction(appId, fn),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.codelessFunctions(appId) }),
  });
}

/** One function's stored blocks, definition and generated code. */
export function useFunctionSource(appId: string, functionId: string | undefined) {
  return useQuery({
    queryKey: codeKeys.codelessFunction(appId, functionId ?? ''),
    queryFn: () => getSdk().codeless.loadFunctionSource(appId, functionId!),
    enabled: !!functionId,
    staleTime: Infinity,
  });
}

/**
 * Stores a function's blocks (and its definition: name, inputs). `xml` and `code` are the reference
 * console's; this console sends neither, since the server generates the code from `logic` anyway.
 */
export function useUpdateFunctionSource(appId: string, functionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({
      logic,
      definition,
      name,
    }: {
      logic?: CodelessState;
      definition: Record<string, unknown>;
      name?: string;
    }) => getSdk().codeless.updateFunctionSource(appId, functionId, null, null, definition, logic, name),
    onSuccess: (answer) => {
      queryClient.setQueryData(codeKeys.codelessFunction(appId, functionId), answer);
      return queryClient.invalidateQueries({ queryKey: codeKeys.codelessFunctions(appId) });
    },
  });
}

export function useRemoveFunctionSource(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (functionId: string) => getSdk().codeless.removeFunctionSource(appId, functionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.codelessFunctions(appId) }),
  });
}

/** Generates and deploys the app's codeless model with the given items' new logic. */
export function useDeployCodelessModel(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ model, items }: { model: string; items: { type: string; id: string; logic?: CodelessState }[] }) =>
      getSdk().codeless.deployCodelessModel(appId, model, items),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.app(appId) }),
  });
}

/** A codeless handler's, custom event's or timer's stored blocks and the code generated from them. */
export function useCodelessItemLogic(
  appId: string,
  model: string | undefined,
  type: 'handler' | 'event' | 'timer',
  id: string | undefined,
) {
  return useQuery({
    queryKey: codeKeys.codelessItemLogic(appId, model ?? '', type, id ?? ''),
    queryFn: () => getSdk().codeless.loadCodelessLogic(appId, model!, type, id!),
    enabled: !!model && !!id,
    // The open editor holds the truth while it is edited.
    staleTime: Infinity,
  });
}

/** Services and methods the codeless toolbox can call. */
export function useCodelessApiServices(appId: string) {
  return useQuery({
    queryKey: codeKeys.codelessApiServices(appId),
    queryFn: () => getSdk().codeless.loadApiServices(appId),
  });
}
