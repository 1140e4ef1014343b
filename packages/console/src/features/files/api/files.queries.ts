import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilesListQuery } from '@basalt/shared';
import { CacheTags, responseCache, type FileOperation } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';

/** Entries fetched per page while scrolling a folder (docs/console-screens.md › Files). */
export const FOLDER_PAGE = 100;

export type SortField = NonNullable<FilesListQuery['sortBy']>;
export interface FolderQuery {
  pattern?: string;
  sortBy: SortField;
  sortDirection: 'asc' | 'desc';
}

export const filesKeys = {
  app: (appId: string) => ['files', appId] as const,
  folder: (appId: string, path: string, query: FolderQuery) => [...filesKeys.app(appId), 'folder', path, query] as const,
  content: (appId: string, path: string) => [...filesKeys.app(appId), 'content', path] as const,
};

/**
 * Forgets every folder listing of the app, in TanStack Query and in the SDK's response cache (the
 * folder counts are cached there for 30 s). A move, a folder upload or a zip changes more than
 * one folder, so the whole app's listings go.
 */
export function forgetFolders(queryClient: ReturnType<typeof useQueryClient>, appId: string): Promise<void> {
  const prefix = String(CacheTags.FOLDER(appId, ''));
  responseCache.flushTags([new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)]);
  return queryClient.invalidateQueries({ queryKey: filesKeys.app(appId) });
}

/** A folder, 100 entries at a time, with its total. */
export function useLoadDirectory(appId: string, path: string, query: FolderQuery) {
  return useInfiniteQuery({
    queryKey: filesKeys.folder(appId, path, query),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      getSdk().files.loadDirectory(appId, path || '/', {
        pattern: query.pattern || undefined,
        sortBy: query.sortBy,
        sortDirection: query.sortDirection,
        pageSize: FOLDER_PAGE,
        offset: pageParam,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return loaded < last.totalRows && last.data.length > 0 ? loaded : undefined;
    },
    placeholderData: (previous) => previous,
  });
}

export function useGetFileContent(appId: string, path: string | undefined, enabled = true) {
  return useQuery({
    queryKey: filesKeys.content(appId, path ?? ''),
    queryFn: () => getSdk().files.getFileText(appId, path!),
    enabled: !!path && enabled,
    // An editor must start from the text as it is now.
    staleTime: 0,
  });
}

/** Mutation whose success refreshes every listing of the app. */
function useFilesMutation<Input, Output>(appId: string, run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => forgetFolders(queryClient, appId),
  });
}

export function useCreateDir(appId: string) {
  return useFilesMutation(appId, ({ path, name }: { path: string; name: string }) => getSdk().files.createDir(appId, path || '/', name));
}

export function useCreateFile(appId: string) {
  return useFilesMutation(appId, ({ filePath, content }: { filePath: string; content: string }) => getSdk().files.createFile(appId, filePath, content));
}

export function useEditFile(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ filePath, content }: { filePath: string; content: string }) => getSdk().files.editFile(appId, filePath, content),
    onSuccess: (_entry, { filePath, content }) => {
      queryClient.setQueryData(filesKeys.content(appId, filePath), content);
      return forgetFolders(queryClient, appId);
    },
  });
}

export function useRenameFile(appId: string) {
  return useFilesMutation(appId, ({ filePath, newName }: { filePath: string; newName: string }) => getSdk().files.renameFile(appId, filePath, newName));
}

export function useMoveFile(appId: string) {
  return useFilesMutation(appId, ({ filePath, destination }: { filePath: string; destination: string }) => getSdk().files.moveFile(appId, filePath, destination));
}

export function useCopyFile(appId: string) {
  return useFilesMutation(appId, ({ filePath, destination }: { filePath: string; destination: string }) => getSdk().files.copyFile(appId, filePath, destination));
}

export function useDeleteFile(appId: string) {
  return useFilesMutation(appId, ({ filePath }: { filePath: string }) => getSdk().files.deleteFile(appId, filePath));
}

export function usePerformOperation(appId: string) {
  return useFilesMutation(appId, ({ filePath, operation }: { filePath: string; operation: FileOperation }) => getSdk().files.performOperation(appId, filePath, operation));
}

/** How many entries a folder holds, everything below it included (for the delete confirmation). */
export function useFolderSize(appId: string, path: string | undefined) {
  return useQuery({
    queryKey: [...filesKeys.app(appId), 'size', path ?? ''],
    queryFn: async () => (await getSdk().files.loadDirectory(appId, path!, { sub: true, pageSize: 1 })).totalRows,
    enabled: !!path,
  });
}
