import { Routes, encodePath, filesPath, type FileEntry, type RouteDef } from '@basalt/shared';
import { CacheTags } from '../transport/cache-tags.js';
import { DEFAULT_CACHE_TTL } from '../transport/cache.js';
import type { DataWithTotal, RequestSpec, RouteOptions } from '../transport/transport.js';
import type { SuccessAnswer } from '../types.js';
import type { GroupContext } from './group-context.js';

const r = Routes.files;
/** Pages of `loadFullDirectory`. */
const FULL_PAGE = 100;

/** Filter, sort and paging of a folder listing. */
export interface DirectoryQuery {
  /** Glob on entry names: `*` any run of characters, `?` one character. */
  pattern?: string;
  /** Include every sub-folder's entries. */
  sub?: boolean;
  sortBy?: 'name' | 'size' | 'updated' | 'created' | 'type';
  sortDirection?: 'asc' | 'desc' | 'ASC' | 'DESC';
  pageSize?: number;
  offset?: number;
}

/** A zip or unzip of `performOperation`. */
export type FileOperation = 'zip' | 'unzip';

/** The folder part of a path as used in cache tags: no leading or trailing slash, root = `/`. */
export function folderKey(path = ''): string {
  return path.replace(/^\/+|\/+$/g, '') || '/';
}

/** The folder holding `filePath` (folder key form). */
export function parentFolder(filePath: string): string {
  const trimmed = folderKey(filePath);
  const cut = trimmed.lastIndexOf('/');
  return cut < 0 ? '/' : trimmed.slice(0, cut);
}

/** Where a move or copy lands: the folder itself when it ends in `/`, else the destination's parent. */
function destinationFolder(destination: string): string {
  return destination.endsWith('/') ? folderKey(destination) : parentFolder(destination);
}

/** The app's file manager (`files` group of the reference client). */
export function createFilesGroup({ request }: GroupContext) {
  const tag = (appId: string, folder: string) => CacheTags.FOLDER(appId, folder);
  /** A files route: path parts encoded one by one, root left out (`filesPath`). */
  const spec = (route: Pick<RouteDef, 'name' | 'path' | 'method'>, args: string[], options: RouteOptions = {}): RequestSpec => ({
    ...options,
    method: route.method,
    path: filesPath(route, ...args),
  });
  // async: a route-builder error rejects the promise instead of throwing synchronously.
  const send = async <T>(route: Pick<RouteDef, 'name' | 'path' | 'method'>, args: string[], options: RouteOptions = {}): Promise<T> =>
    request.send<T>(spec(route, args, options));

  const listSpec = (appId: string, path: string, params: DirectoryQuery): RequestSpec => {
    const { pattern, sub, sortBy, sortDirection, pageSize, offset } = params;
    return spec(r.loadDirectory, [appId, path], {
      query: { pattern, sub, sortBy, sortDirection, pageSize, offset },
      cacheTags: [tag(appId, folderKey(path))],
    });
  };

  return {
    /** One page of a folder and the folder's total (`{data, totalRows}`); the count is cached 30 s. */
    async loadDirectory(appId: string, path = '/', params: DirectoryQuery = {}): Promise<DataWithTotal<FileEntry[]>> {
      return request.getWithData<FileEntry[]>(listSpec(appId, path, params));
    },

    /** Every entry of a folder: the count first, then all pages of 100 at once, flattened. */
    async loadFullDirectory(appId: string, path = '/', params: DirectoryQuery = {}): Promise<FileEntry[]> {
      const first = listSpec(appId, path, params);
      const total = await request.send<number>({ ...request.countSpec(first), cache: DEFAULT_CACHE_TTL });
      const pages: Array<Promise<FileEntry[]>> = [];
      for (let offset = 0; offset < total; offset += FULL_PAGE) {
        pages.push(request.send<FileEntry[]>(listSpec(appId, path, { ...params, pageSize: FULL_PAGE, offset })));
      }
      return (await Promise.all(pages)).flat();
    },

    /** Creates the folder `folderName` inside `path`. */
    createDir(appId: string, path: string, folderName: string): Promise<FileEntry> {
      return send(r.createDir, [appId, path, folderName], { cacheTags: [tag(appId, folderKey(path))] });
    },

    /** The text of a file. */
    getFileContent(appId: string, filePath: string): Promise<string> {
      return send(r.getFileContent, [appId, filePath], { responseType: 'text' });
    },

    /** `zip`: the folder becomes `<folder>.zip` beside it; `unzip`: `<name>.zip` becomes folder `<name>`. */
    performOperation(appId: string, filePath: string, operation: FileOperation): Promise<FileEntry> {
      return send(r.performOperation, [appId, filePath], { query: { operation }, cacheTags: [tag(appId, parentFolder(filePath))] });
    },

    /** Whether a file or folder exists. */
    fileExists(appId: string, filePath: string): Promise<boolean> {
      return send(r.fileExists, [appId, filePath]);
    },

    /** Replaces the text of a file. */
    editFile(appId: string, filePath: string, fileContent: string): Promise<FileEntry> {
      return send(r.editFile, [appId, filePath], { body: { file: fileContent }, cacheTags: [tag(appId, parentFolder(filePath))] });
    },

    /** Creates a text file (409 when it exists). */
    createFile(appId: string, filePath: string, fileContent: string): Promise<FileEntry> {
      return send(r.createFile, [appId, filePath], { body: { file: fileContent }, headers: { Accept: '*/*' }, cacheTags: [tag(appId, parentFolder(filePath))] });
    },

    /** Moves a file or folder; a destination ending in `/` means into that folder, keeping the name. */
    moveFile(appId: string, filePath: string, newFilePath: string): Promise<FileEntry> {
      const tags = [tag(appId, parentFolder(filePath)), tag(appId, destinationFolder(newFilePath))];
      return send(r.moveFile, [appId, filePath], { body: encodePath(newFilePath), cacheTags: tags });
    },

    /** Copies a file or folder; a destination ending in `/` means into that folder, keeping the name. */
    copyFile(appId: string, filePath: string, newFilePath: string): Promise<FileEntry> {
      return send(r.copyFile, [appId, filePath], { body: encodePath(newFilePath), cacheTags: [tag(appId, destinationFolder(newFilePath))] });
    },

    /** Renames a file or folder in place. */
    renameFile(appId: string, filePath: string, newFileName: string): Promise<FileEntry> {
      return send(r.renameFile, [appId, filePath], { body: encodeURIComponent(newFileName), cacheTags: [tag(appId, parentFolder(filePath))] });
    },

    /** Deletes a file, or a folder with everything in it. */
    deleteFile(appId: string, filePath: string): Promise<SuccessAnswer> {
      return send(r.deleteFile, [appId, filePath], { cacheTags: [tag(appId, parentFolder(filePath)), tag(appId, folderKey(filePath))] });
    },

    /**
     * Uploads `file` (a Blob/File, sent as multipart field `file`, or a ready FormData) as
     * `path/fileName`; without `overwrite` an existing file is refused with 409.
     */
    uploadFile(appId: string, file: Blob | FormData, path: string, fileName: string, overwrite = false): Promise<FileEntry & { fileURL?: string }> {
      let body = file;
      if (!(file instanceof FormData)) {
        body = new FormData();
        body.append('file', file, fileName);
      }
      return send(r.uploadFile, [appId, path, fileName], { query: { overwrite }, body, cacheTags: [tag(appId, folderKey(path))] });
    },

    /** Creates a file at `path` with `content` as its body. */
    createConsoleFile(appId: string, path: string, content: unknown): Promise<FileEntry> {
      return send(r.createConsoleFile, [appId, path], { body: content, headers: { Accept: '*/*' }, cacheTags: [tag(appId, parentFolder(path))] });
    },

    /** A file as the server shows it inline (JSON when it parses, else text). */
    viewFiles(appId: string, path = ''): Promise<unknown> {
      return send(r.viewFiles, [appId, path]);
    },
  };
}

/** The `files` group's methods. */
export type FilesGroup = ReturnType<typeof createFilesGroup>;
