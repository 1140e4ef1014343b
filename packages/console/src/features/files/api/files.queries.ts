import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileEntry } from '@basalt/shared';
import type { FileOperation } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';
import { filesKeys, type FolderQuery } from './files.keys';

/** Entries fetched per page while scrolling a folder (docs/console-screens.md › Files). */
export const FOLDER_PAGE = 100;

export type { FolderQuery, SortField } from './files.keys';

/**
 * Forgets every folder listing of the app. A move, a folder upload or a zip changes more than one
 * folder, so the whole app's listings go.
 */
export function forgetFolders(queryClient: ReturnType<typeof useQueryClient>, appId: string): Promise<void> {
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
    // Every Files screen shows a failed change in its dialog or its own toast.
    meta: { errorToast: false },
    mutationFn: run,
    onSuccess: () => forgetFolders(queryClient, appId),
  });
}

export function useCreateDir(appId: string) {
  return useFilesMutation(appId, ({ path, name }: { path: string; name: string }) =>
    getSdk().files.createDir(appId, path || '/', name),
  );
}

export function useCreateFile(appId: string) {
  return useFilesMutation(appId, ({ filePath, content }: { filePath: string; content: string }) =>
    getSdk().files.createFile(appId, filePath, content),
  );
}

export function useEditFile(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ filePath, content }: { filePath: string; content: string }) =>
      getSdk().files.editFile(appId, filePath, content),
    onSuccess: (_entry, { filePath, content }) => {
      queryClient.setQueryData(filesKeys.content(appId, filePath), content);
      return forgetFolders(queryClient, appId);
    },
  });
}

export function useRenameFile(appId: string) {
  return useFilesMutation(appId, ({ filePath, newName }: { filePath: string; newName: string }) =>
    getSdk().files.renameFile(appId, filePath, newName),
  );
}

export function useMoveFile(appId: string) {
  return useFilesMutation(appId, ({ filePath, destination }: { filePath: string; destination: string }) =>
    getSdk().files.moveFile(appId, filePath, destination),
  );
}

export function useCopyFile(appId: string) {
  return useFilesMutation(appId, ({ filePath, destination }: { filePath: string; destination: string }) =>
    getSdk().files.copyFile(appId, filePath, destination),
  );
}

export function useDeleteFile(appId: string) {
  return useFilesMutation(appId, ({ filePath }: { filePath: string }) => getSdk().files.deleteFile(appId, filePath));
}

export function usePerformOperation(appId: string) {
  return useFilesMutation(appId, ({ filePath, operation }: { filePath: string; operation: FileOperation }) =>
    getSdk().files.performOperation(appId, filePath, operation),
  );
}

/** How many entries a folder holds, everything below it included (for the delete confirmation). */
export function useFolderSize(appId: string, path: string | undefined) {
  return useQuery({
    queryKey: filesKeys.size(appId, path ?? ''),
    queryFn: async () => (await getSdk().files.loadDirectory(appId, path!, { sub: true, pageSize: 1 })).totalRows,
    enabled: !!path,
  });
}

/** Pages of the folder listing read for the move/copy picker. */
const PICKER_PAGE = 100;

/**
 * Every folder of the app, for the destination picker: the listing with `sub`, page by page, folders
 * only. (`loadFullDirectory` counts the folder without its filter, as the reference client does, so
 * it would stop at the root's own count.)
 */
export function useAllFolders(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: filesKeys.allFolders(appId),
    queryFn: async () => {
      const entries: FileEntry[] = [];
      for (let offset = 0; ; offset += PICKER_PAGE) {
        const page = await getSdk().files.loadDirectory(appId, '/', { sub: true, pageSize: PICKER_PAGE, offset });
        entries.push(...page.data);
        if (page.data.length < PICKER_PAGE || entries.length >= page.totalRows) break;
      }
      return entries.filter((e) => e.type === 'DIRECTORY').map((e) => e.path);
    },
    enabled,
  });
}

/** One entry of a folder looked up by its exact name (`null` when there is none). */
export function useFindEntry(appId: string, folder: string, name: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: filesKeys.entry(appId, folder, name ?? ''),
    queryFn: async () => {
      const page = await getSdk().files.loadDirectory(appId, folder || '/', { pattern: name, pageSize: 10 });
      return page.data.find((e) => e.name === name) ?? null;
    },
    enabled: !!name && enabled,
  });
}

/**
 * The text of a file, read once and not kept: the preview frame asks for it when the console tells
 * it which file to show, and shows what came even if a later read would differ.
 */
export function readFileText(appId: string, path: string): Promise<string> {
  return getSdk().files.getFileText(appId, path);
}
