import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CachePolicy, CachePolicyInput, CachePolicyService } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { cacheControlKeys } from './cache-control.keys';

/** One service's rules (`data` tables or `files` paths), by target. */
export function useLoadAllServiceItems(appId: string, service: CachePolicyService) {
  return useQuery({
    queryKey: cacheControlKeys.service(appId, service),
    queryFn: () => getSdk().cacheControl.loadAllServiceItems(appId, service),
    enabled: !!appId,
  });
}

/** Table names, offered as data targets (the server still checks the name against the schema). */
export function useCacheTargetTables(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: cacheControlKeys.tables(appId),
    queryFn: async () => (await getSdk().tables.get(appId)).tables.map((t) => t.name),
    enabled: !!appId && enabled,
    staleTime: 30_000,
  });
}

interface RuleInput {
  service: CachePolicyService;
  target: string;
  data: CachePolicyInput;
}

// Not optimistic (docs: rules change what HTTP caches keep): wait for the answer, put it in the list, then refetch.
function useRuleWrite(appId: string, call: (input: RuleInput) => Promise<CachePolicy>) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: call,
    onSuccess: (rule) => {
      qc.setQueryData<CachePolicy[]>(cacheControlKeys.service(appId, rule.service), (list) =>
        list ? [...list.filter((r) => r.target !== rule.target), rule] : list,
      );
      void qc.invalidateQueries({ queryKey: cacheControlKeys.service(appId, rule.service) });
    },
  });
}

export function useCreateServiceItem(appId: string) {
  return useRuleWrite(appId, ({ service, target, data }) =>
    getSdk().cacheControl.createServiceItem(appId, service, target, data),
  );
}

export function useUpdateServiceItem(appId: string) {
  return useRuleWrite(appId, ({ service, target, data }) =>
    getSdk().cacheControl.updateServiceItem(appId, service, target, data),
  );
}

export function useDeleteServiceItem(appId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ service, target }: { service: CachePolicyService; target: string }) =>
      getSdk().cacheControl.deleteServiceItem(appId, service, target),
    onSuccess: (_answer, { service, target }) => {
      qc.setQueryData<CachePolicy[]>(cacheControlKeys.service(appId, service), (list) =>
        list?.filter((r) => r.target !== target),
      );
      void qc.invalidateQueries({ queryKey: cacheControlKeys.service(appId, service) });
    },
  });
}
