import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataView, ViewGroups } from '@basalt/shared';
import type { ViewInput } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { dataKeys } from './data.keys';

export function useGetViews(appId: string) {
  return useQuery({ queryKey: dataKeys.views(appId), queryFn: () => getSdk().dataViews.getViews(appId) });
}

/** A group of a grouped view, as the server answers it. */
export type ViewGroup = ViewGroups['groups'][number];

/** Preview rows of a view being designed: the source table through the view's where and columns. */
export function useViewPreview(appId: string, tableName: string | null, where: string, columns: string[]) {
  return useQuery({
    queryKey: dataKeys.viewPreview(appId, tableName, where, columns),
    queryFn: () => getSdk().dataViews.loadSampleRecords(appId, { name: tableName! }, { where: where || undefined, sqlSearch: true, pageSize: 10, props: columns.length ? columns : undefined }),
    enabled: !!tableName,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** A page of groups (5 per page, 5 records each: the spec's defaults). */
export function useViewGroups(appId: string, view: DataView | undefined, offset: number) {
  return useQuery({
    queryKey: dataKeys.viewRecords(appId, view?.name ?? '', ['groups', view?.updated, offset]),
    queryFn: () => getSdk().dataViews.loadGroupRecords(appId, view!, { offset, groupPageSize: 5, recordsPageSize: 5 }),
    enabled: !!view && view.groupBy.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useViewGroupCount(appId: string, view: DataView | undefined) {
  return useQuery({
    queryKey: dataKeys.viewRecords(appId, view?.name ?? '', ['group-count', view?.updated]),
    queryFn: () => getSdk().dataViews.getGroupRecordsCount(appId, view!, {}),
    enabled: !!view && view.groupBy.length > 0,
  });
}

/** Records of a view (ungrouped), paged by 15. */
export function useViewRecords(appId: string, view: DataView | undefined, offset: number) {
  return useQuery({
    queryKey: dataKeys.viewRecords(appId, view?.name ?? '', ['records', view?.updated, offset]),
    queryFn: async () => {
      const [data, total] = await Promise.all([
        getSdk().dataViews.loadRecords(appId, view!, { offset, pageSize: 15 }),
        getSdk().dataViews.getRecordsCount(appId, view!, {}),
      ]);
      return { data, total };
    },
    enabled: !!view,
    placeholderData: keepPreviousData,
  });
}

export function useCreateView(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (view: ViewInput) => getSdk().dataViews.createView(appId, view),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataKeys.views(appId) }),
  });
}

export function useUpdateView(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (view: ViewInput) => getSdk().dataViews.updateView(appId, view),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataKeys.views(appId) }),
  });
}

export function useDeleteView(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (viewId: string) => getSdk().dataViews.deleteView(appId, viewId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataKeys.views(appId) }),
  });
}

/** The next records of one group of a grouped view ("more" under the group), not cached. */
export function loadViewGroupRecords(appId: string, view: DataView, where: string, offset: number): Promise<Array<Record<string, unknown>>> {
  return getSdk().dataViews.loadRecords(appId, view, { where, offset, pageSize: 5 });
}
