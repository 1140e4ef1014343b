import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';
import type { PageDocument } from '../model/schema';
import {
  listOf,
  readContainer,
  readContainerDetails,
  readPublication,
  type ContainerSummary,
  type Publication,
} from './answers';
import { uiBuilderKeys } from './ui-builder.keys';

const ui = () => getSdk().uiBuilder;

/**
 * The app's containers. `init` is idempotent (it creates `default` and `system` the first time)
 * and answers the containers, so opening the area is also what sets it up.
 */
export function useContainers(appId: string) {
  return useQuery({
    queryKey: uiBuilderKeys.containers(appId),
    queryFn: async () =>
      listOf(await ui().init(appId), 'containers', 'data')
        .map(readContainer)
        .filter((c): c is ContainerSummary => !!c),
  });
}

/** The trash: deleted containers not yet purged. */
export function useRemovedContainers(appId: string, enabled = true) {
  return useQuery({
    queryKey: uiBuilderKeys.removed(appId),
    queryFn: async () =>
      listOf(await ui().loadRemovedContainers(appId), 'containers', 'data')
        .map(readContainer)
        .filter((c): c is ContainerSummary => !!c),
    enabled,
  });
}

export function useContainer(appId: string, name: string) {
  return useQuery({
    queryKey: uiBuilderKeys.container(appId, name),
    queryFn: async () => readContainerDetails(await ui().loadContainer(appId, name), name),
    enabled: !!name,
  });
}

/** Publication history, newest first. */
export function usePublications(appId: string, name: string, enabled: boolean) {
  return useQuery({
    queryKey: uiBuilderKeys.publications(appId, name),
    queryFn: async () =>
      listOf(await ui().loadContainerPublications(appId, name), 'publications', 'data')
        .map(readPublication)
        .filter((p): p is Publication => !!p),
    enabled,
  });
}

export function usePageUI(appId: string, container: string, page: string | undefined) {
  return useQuery({
    queryKey: uiBuilderKeys.pageUI(appId, container, page ?? ''),
    queryFn: async (): Promise<PageDocument> => {
      const raw = (await ui().getPageUI(appId, container, page!)) as PageDocument | null;
      return { ...raw, children: raw?.children ?? [], dataSources: raw?.dataSources ?? [] };
    },
    enabled: !!page,
    // The editor holds the working copy; a refetch on focus must not look like a change.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** Writes show their errors where they were made (dialog, field), not as a toast. */
function useUiWrite<V, R>(write: (v: V) => Promise<R>, refresh: (v: V) => readonly unknown[][]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: false },
    onSuccess: (_r, v) => Promise.all(refresh(v).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export function useCreateContainer(appId: string) {
  return useUiWrite(
    (v: { name: string; forkFrom?: string }) => ui().createContainer(appId, v),
    () => [[...uiBuilderKeys.containers(appId)]],
  );
}

export function useDeleteContainer(appId: string) {
  return useUiWrite(
    (name: string) => ui().deleteContainer(appId, name),
    () => [[...uiBuilderKeys.containers(appId)], [...uiBuilderKeys.removed(appId)]],
  );
}

export function usePurgeContainer(appId: string) {
  return useUiWrite(
    (name: string) => ui().deleteRemovedContainer(appId, name),
    () => [[...uiBuilderKeys.removed(appId)]],
  );
}

export function useRestoreContainer(appId: string) {
  return useUiWrite(
    (name: string) => ui().restoreRemovedContainer(appId, name),
    () => [[...uiBuilderKeys.removed(appId)], [...uiBuilderKeys.containers(appId)]],
  );
}

export function useCreatePage(appId: string, container: string) {
  return useUiWrite(
    (v: { name: string; title?: string }) => ui().createPage(appId, container, v),
    () => [[...uiBuilderKeys.container(appId, container)]],
  );
}

export function useRenamePage(appId: string, container: string) {
  return useUiWrite(
    (v: { from: string; to: string }) => ui().updatePage(appId, container, v.from, { name: v.to }),
    () => [[...uiBuilderKeys.container(appId, container)]],
  );
}

export function useDeletePage(appId: string, container: string) {
  return useUiWrite(
    (page: string) => ui().deletePage(appId, container, page),
    () => [[...uiBuilderKeys.container(appId, container)]],
  );
}

/** Saves a page document; the answer's document (as stored) becomes the page's cached UI. */
export function useSavePageUI(appId: string, container: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { page: string; document: PageDocument }) =>
      ui().updatePageUI(appId, container, v.page, v.document),
    meta: { errorToast: false },
    onSuccess: (_answer, v) => client.setQueryData(uiBuilderKeys.pageUI(appId, container, v.page), v.document),
  });
}

export function usePublishContainer(appId: string, container: string) {
  return useUiWrite(
    async () => {
      const answer = (await ui().publishContainer(appId, container, {})) as { url?: string; publication?: unknown };
      return { url: answer?.url ?? '', publication: readPublication(answer?.publication) };
    },
    () => [[...uiBuilderKeys.container(appId, container)], [...uiBuilderKeys.containers(appId)]],
  );
}
