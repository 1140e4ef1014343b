import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HiveStoreType } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { dataKeys } from './data.keys';

export const COUNTERS_PAGE = 20;

export function useGetCounters(appId: string, pattern: string, page: number) {
  return useQuery({
    queryKey: dataKeys.counters(appId, pattern, page),
    queryFn: () => getSdk().counters.get(appId, { pattern: pattern || '*', pageSize: COUNTERS_PAGE, offset: page * COUNTERS_PAGE, sortField: 'name', sortDir: 'asc' }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate(appId: string, part: 'counters' | 'cache') {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: dataKeys.tool(appId, part) });
}

export function useCreateCounter(appId: string) {
  const invalidate = useInvalidate(appId, 'counters');
  return useMutation({ meta: { errorToast: false }, mutationFn: ({ name, value }: { name: string; value: number }) => getSdk().counters.create(appId, name, value), onSuccess: invalidate });
}

export function useUpdateCounter(appId: string) {
  const invalidate = useInvalidate(appId, 'counters');
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ name, currentValue, newValue }: { name: string; currentValue: number; newValue: number }) => getSdk().counters.update(appId, name, currentValue, newValue),
    onSettled: invalidate,
  });
}

export function useRemoveCounter(appId: string) {
  const invalidate = useInvalidate(appId, 'counters');
  return useMutation({ meta: { errorToast: false }, mutationFn: (name: string) => getSdk().counters.remove(appId, name), onSuccess: invalidate });
}

export function useGetCache(appId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: dataKeys.cache(appId, page, pageSize),
    queryFn: () => getSdk().cache.get(appId, { pageSize, offset: page * pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateCache(appId: string) {
  const invalidate = useInvalidate(appId, 'cache');
  return useMutation({ meta: { errorToast: false }, mutationFn: (item: { key: string; value: unknown; expireAt: number | null }) => getSdk().cache.update(appId, item), onSuccess: invalidate });
}

export function useRemoveCache(appId: string) {
  const invalidate = useInvalidate(appId, 'cache');
  return useMutation({ meta: { errorToast: false }, mutationFn: (key: string) => getSdk().cache.remove(appId, key), onSuccess: invalidate });
}

export function useGetHiveNames(appId: string) {
  return useQuery({ queryKey: dataKeys.hives(appId), queryFn: () => getSdk().dataHives.getHiveNames(appId) });
}

export function useCreateHive(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorToast: false }, mutationFn: (name: string) => getSdk().dataHives.createHive(appId, name), onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataKeys.hives(appId) }) });
}

export function useDeleteHive(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorToast: false }, mutationFn: (name: string) => getSdk().dataHives.deleteHive(appId, name), onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataKeys.hives(appId) }) });
}

/** Keys of a store with their values, one cursor page at a time (pages appended by "Load more"). */
export function useHiveKeys(appId: string, hive: string, store: HiveStoreType, pattern: string, cursor: string | undefined) {
  return useQuery({
    queryKey: dataKeys.hiveKeysPage(appId, hive, store, pattern, cursor ?? '0'),
    queryFn: async () => {
      const sdk = getSdk().dataHives;
      const page = await sdk.loadHiveStoreKeys(appId, hive, store, { pageSize: 50, cursor, filterPattern: pattern || undefined });
      if (page.keys.length === 0) return { ...page, values: {} as Record<string, unknown> };
      const answers = await Promise.all(sdk.loadHiveStoreValues(appId, hive, store, page.keys));
      const values: Record<string, unknown> =
        store === 'key-value' ? ((answers[0] ?? {}) as Record<string, unknown>) : Object.fromEntries(page.keys.map((k, i) => [k, answers[i]]));
      return { ...page, values };
    },
  });
}

export function useRemoveHiveKeys(appId: string, hive: string, store: HiveStoreType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keys: string[]) => getSdk().dataHives.removeHiveStoreRecords(appId, hive, store, keys),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataKeys.hiveStore(appId, hive, store) }),
  });
}
