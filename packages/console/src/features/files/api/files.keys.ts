import type { FilesListQuery } from '@basalt/shared';

export type SortField = NonNullable<FilesListQuery['sortBy']>;
/** How a folder listing is filtered and sorted; part of its query key. */
export interface FolderQuery {
  pattern?: string;
  sortBy: SortField;
  sortDirection: 'asc' | 'desc';
}

/** Query keys of the Files area; everything of one app sits under `['files', appId]`. */
export const filesKeys = {
  app: (appId: string) => ['files', appId] as const,
  folder: (appId: string, path: string, query: FolderQuery) =>
    [...filesKeys.app(appId), 'folder', path, query] as const,
  content: (appId: string, path: string) => [...filesKeys.app(appId), 'content', path] as const,
  size: (appId: string, path: string) => [...filesKeys.app(appId), 'size', path] as const,
  allFolders: (appId: string) => [...filesKeys.app(appId), 'all-folders'] as const,
  entry: (appId: string, folder: string, name: string) => [...filesKeys.app(appId), 'entry', folder, name] as const,
};
