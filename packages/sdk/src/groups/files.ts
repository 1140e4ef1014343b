import {
  Routes,
  encodePath,
  filesLinkRoutes,
  type FilesListQuery,
  type QueryOf,
  type ResponseOf,
  type RouteDef,
} from '@basalt/shared';
import { CacheTags } from '../transport/cache-tags.js';
import { DEFAULT_CACHE_TTL } from '../transport/cache.js';
import type { Query } from '../transport/encode.js';
import type { DataWithTotal, RequestSpec, RouteOptions } from '../transport/transport.js';
import type { GroupContext } from './group-context.js';

const r = Routes.files;
/** Pages of `loadFullDirectory`. */
const FULL_PAGE = 100;

/** Answer of a files route. */
type Answer<K extends keyof typeof r> = ResponseOf<(typeof r)[K]>;

/** A zip or unzip of `performOperation`. */
export type FileOperation = QueryOf<typeof r.performOperation>['operation'];

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

/**
 * A files route with the app id and the path tail put in: the template's run of path parameters
 * (with the slash before it) becomes `tail`. Tails are built as the reference client builds them:
 * each part of a path encoded, slashes kept as given (a leading slash gives `//`, which the server
 * reads as one).
 */
function filled(route: Pick<RouteDef, 'path'>, appId: string, tail: string): string {
  return route.path.replace(':appId', appId).replace(/\/:[A-Za-z]+(?:\/:[A-Za-z]+)*/, () => tail);
}

/** A listing's folder: one leading and one trailing slash dropped; the root is empty. */
function listedFolder(path: string): string {
  let p = path.startsWith('/') ? path.slice(1) : path;
  if (p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

/** Bytes and blobs become a multipart body with the file in field `file`; anything else is sent as it is. */
export function uploadBody(file: unknown, fileName: string): unknown {
  if (typeof FormData === 'undefined' || file instanceof FormData || typeof file === 'string') return file;
  if (typeof Blob !== 'undefined' && file instanceof Blob) {
    const form = new FormData();
    form.append('file', file, fileName);
    return form;
  }
  if (file instanceof ArrayBuffer || ArrayBuffer.isView(file)) {
    // A copy: the view may sit on a shared buffer, which a Blob does not take.
    const bytes =
      file instanceof ArrayBuffer
        ? new Uint8Array(file.slice(0))
        : new Uint8Array(file.buffer, file.byteOffset, file.byteLength).slice();
    const form = new FormData();
    form.append('file', new Blob([bytes]), fileName);
    return form;
  }
  return file;
}

/** The app's file manager (`files` group of the reference client). */
export function createFilesGroup({ request }: GroupContext) {
  const tag = (appId: string, folder: string) => CacheTags.FOLDER(appId, folder);
  const at = (
    route: Pick<RouteDef, 'name' | 'path' | 'method'>,
    appId: string,
    tail: string,
    options: RouteOptions = {},
  ): RequestSpec => {
    if (!appId)
      throw new Error(`Invalid path params in route [${route.name}], arguments: ${JSON.stringify([appId, tail])}`);
    return { ...options, method: route.method, path: filled(route, appId, tail) };
  };
  // async: a bad argument rejects the promise instead of throwing synchronously.
  const send = async <T>(spec: () => RequestSpec): Promise<T> => request.send<T>(spec());
  /** `/{encoded path}`, the tail of the routes that address one file (their templates end in `/`). */
  const fileTail = (filePath: string) => `/${encodePath(filePath)}`;

  const listSpec = (appId: string, folder: string, query: Query): RequestSpec => {
    const p = listedFolder(folder);
    return at(r.loadDirectory, appId, p ? `/${encodePath(p)}` : '', { query, cacheTags: [tag(appId, folderKey(p))] });
  };

  return {
    /**
     * One page of a folder and the folder's total (`{data, totalRows}`): the listing first, then
     * its count (same filter, no paging or sorting), cached 30 s.
     */
    async loadDirectory(
      appId: string,
      path = '/',
      params: FilesListQuery = {},
    ): Promise<DataWithTotal<Answer<'loadDirectory'>>> {
      const { pattern, sub, sortBy, sortDirection, pageSize, offset } = params;
      return request.getWithData<Answer<'loadDirectory'>>(
        listSpec(appId, path || '/', { pattern, sub, sortBy, sortDirection, pageSize, offset }),
      );
    },

    /**
     * Every entry of a folder: the folder's count first (no filter), then all pages of 100 at
     * once with the given filter, flattened.
     */
    async loadFullDirectory(
      appId: string,
      path = '/',
      params: FilesListQuery = {},
    ): Promise<Answer<'loadFullDirectory'>> {
      const total = await request.send<ResponseOf<typeof filesLinkRoutes.loadDirectoryCount>>({
        ...request.countSpec(listSpec(appId, path, {})),
        cache: DEFAULT_CACHE_TTL,
      });
      const pages: Array<Promise<Answer<'loadFullDirectory'>>> = [];
      for (let offset = 0; offset < total; offset += FULL_PAGE) {
        pages.push(
          request.send<Answer<'loadFullDirectory'>>(listSpec(appId, path, { ...params, pageSize: FULL_PAGE, offset })),
        );
      }
      return (await Promise.all(pages)).flat();
    },

    /** Creates the folder `folderName` inside `path`. */
    createDir(appId: string, path: string, folderName: string): Promise<Answer<'createDir'>> {
      return send(() =>
        at(r.createDir, appId, `/${encodePath((path ? `${path}/` : '') + folderName)}`, {
          cacheTags: [tag(appId, folderKey(path))],
        }),
      );
    },

    /** The content of a file: parsed when it is JSON, else the text (see `getFileText`). */
    getFileContent(appId: string, filePath: string): Promise<Answer<'getFileContent'>> {
      return send(() => at(r.getFileContent, appId, `/${encodePath(filePath)}`));
    },

    /** The text of a file, never parsed (Basalt addition: editors need the text as it is). */
    getFileText(appId: string, filePath: string): Promise<string> {
      return send(() => at(r.getFileContent, appId, `/${encodePath(filePath)}`, { responseType: 'text' }));
    },

    /**
     * `zip`: the folder becomes `<folder>.zip` beside it; `unzip`: `<name>.zip` becomes folder
     * `<name>`. An empty path is the root.
     */
    performOperation(
      appId: string,
      filePath: string | null | undefined,
      operation: FileOperation,
    ): Promise<Answer<'performOperation'>> {
      const path = filePath ? encodePath(filePath) : encodeURIComponent('/');
      return send(() =>
        at(r.performOperation, appId, `/${path}`, {
          query: { operation },
          cacheTags: [tag(appId, parentFolder(filePath ?? ''))],
        }),
      );
    },

    /** Whether a file or folder exists. */
    fileExists(appId: string, filePath: string): Promise<Answer<'fileExists'>> {
      return send(() => at(r.fileExists, appId, fileTail(filePath)));
    },

    /** Replaces the text of a file. */
    editFile(appId: string, filePath: string, fileContent: string): Promise<Answer<'editFile'>> {
      return send(() =>
        at(r.editFile, appId, fileTail(filePath), {
          body: { file: fileContent },
          cacheTags: [tag(appId, parentFolder(filePath))],
        }),
      );
    },

    /** Creates a text file (409 when it exists). */
    createFile(appId: string, filePath: string, fileContent: string): Promise<Answer<'createFile'>> {
      return send(() =>
        at(r.createFile, appId, fileTail(filePath), {
          body: { file: fileContent },
          headers: { Accept: '*/*' },
          cacheTags: [tag(appId, parentFolder(filePath))],
        }),
      );
    },

    /**
     * Moves a file or folder; a destination ending in `/` means into that folder, keeping the name.
     * The encoded destination is the bare body.
     */
    moveFile(appId: string, filePath: string, newFilePath: string): Promise<Answer<'moveFile'>> {
      const tags = [tag(appId, parentFolder(filePath)), tag(appId, destinationFolder(newFilePath))];
      return send(() => at(r.moveFile, appId, fileTail(filePath), { body: encodePath(newFilePath), cacheTags: tags }));
    },

    /** Copies a file or folder; a destination ending in `/` means into that folder, keeping the name. */
    copyFile(appId: string, filePath: string, newFilePath: string): Promise<Answer<'copyFile'>> {
      return send(() =>
        at(r.copyFile, appId, fileTail(filePath), {
          body: encodePath(newFilePath),
          cacheTags: [tag(appId, destinationFolder(newFilePath))],
        }),
      );
    },

    /** Renames a file or folder in place (the encoded new name is the bare body). */
    renameFile(appId: string, filePath: string, newFileName: string): Promise<Answer<'renameFile'>> {
      return send(() =>
        at(r.renameFile, appId, fileTail(filePath), {
          body: encodeURIComponent(newFileName),
          cacheTags: [tag(appId, parentFolder(filePath))],
        }),
      );
    },

    /** Deletes a file, or a folder with everything in it. */
    deleteFile(appId: string, filePath: string): Promise<Answer<'deleteFile'>> {
      return send(() =>
        at(r.deleteFile, appId, fileTail(filePath), {
          cacheTags: [tag(appId, parentFolder(filePath)), tag(appId, folderKey(filePath))],
        }),
      );
    },

    /**
     * Uploads `file` as `path/fileName`; without `overwrite` an existing file is refused with 409.
     * A Blob (File), Buffer, typed array or ArrayBuffer is sent as multipart field `file`; a ready
     * FormData, or any other body, is sent as it is.
     */
    uploadFile(
      appId: string,
      file: Blob | FormData | ArrayBuffer | ArrayBufferView | string,
      path: string,
      fileName: string,
      overwrite = false,
    ): Promise<Answer<'uploadFile'>> {
      return send(() =>
        at(r.uploadFile, appId, `/${encodePath(`${path}/${fileName}`)}`, {
          query: { overwrite },
          body: uploadBody(file, fileName),
          cacheTags: [tag(appId, folderKey(path))],
        }),
      );
    },

    /** Creates a file at `path` with `content` as its body (a string is sent bare). */
    createConsoleFile(appId: string, path: string, content: unknown): Promise<Answer<'createConsoleFile'>> {
      return send(() =>
        at(r.createConsoleFile, appId, `/${encodePath(path)}`, {
          body: content,
          headers: { Accept: '*/*' },
          cacheTags: [tag(appId, parentFolder(path))],
        }),
      );
    },

    /** A file as the server shows it inline (JSON when it parses, else text). */
    viewFiles(appId: string, path = ''): Promise<Answer<'viewFiles'>> {
      const p = path && !path.startsWith('/') ? `/${path}` : path;
      return send(() => at(r.viewFiles, appId, encodePath(p)));
    },
  };
}

/** The `files` group's methods. */
export type FilesGroup = ReturnType<typeof createFilesGroup>;
