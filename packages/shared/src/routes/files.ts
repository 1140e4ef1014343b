import { Type } from '@sinclair/typebox';
import { defineRoute, encodePath, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';

/*
 * File paths in these routes (`:path`, `:filePath`) span several URL segments: each part of the
 * path is URL-encoded on its own and the slashes are kept (`encodePath`). The server matches them
 * as the tail of the URL, decodes each part exactly once and refuses `..`, backslashes, control
 * characters, reserved names and anything that would lead outside the app's files. `filesPath`
 * builds these URLs, including the root folder, where the path part is left out.
 */

const ListQuery = {
  /** Glob on entry names: `*` any run of characters, `?` one character. */
  pattern: Type.Optional(Type.String({ maxLength: 255 })),
  /** Include the entries of every sub-folder too. */
  sub: Type.Optional(Type.Boolean()),
};

/** Query of a folder listing (and, without paging and sorting, of its count). */
export const FilesListQuerySchema = Type.Object({
  ...ListQuery,
  sortBy: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('size'), Type.Literal('updated'), Type.Literal('created'), Type.Literal('type')])),
  sortDirection: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('ASC'), Type.Literal('DESC')])),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** Query of a folder count. */
export const FilesCountQuerySchema = Type.Object(ListQuery);

const manage = DevOperations.FILES_MANAGE;

/** Console routes of the `files` group of the reference client (15 methods). */
export const filesRoutes = {
  loadDirectory: defineRoute({
    name: 'files.loadDirectory', method: 'GET', path: '/:appId/console/files/directory/view/:path', auth: 'developer', query: FilesListQuerySchema,
    summary: 'One page of a folder (FileEntry[]); the count is GET …/count with the same filter',
  }),
  loadFullDirectory: defineRoute({
    name: 'files.loadFullDirectory', method: 'GET', path: '/:appId/console/files/directory/view/:path', auth: 'developer', query: FilesListQuerySchema,
    summary: 'Same route as loadDirectory; the client pages through it 100 entries at a time',
  }),
  createDir: defineRoute({ name: 'files.createDir', method: 'POST', path: '/:appId/console/files/createdir/:path/:folderName/', auth: 'developer', devPermission: manage }),
  getFileContent: defineRoute({ name: 'files.getFileContent', method: 'GET', path: '/:appId/console/files/download/:filePath', auth: 'developer', summary: 'The file as an attachment' }),
  performOperation: defineRoute({
    name: 'files.performOperation', method: 'PUT', path: '/:appId/console/files/:filePath', auth: 'developer', devPermission: manage,
    query: Type.Object({ operation: Type.Union([Type.Literal('zip'), Type.Literal('unzip')]) }),
    summary: 'zip: a folder becomes <folder>.zip beside it; unzip: <name>.zip becomes the folder <name> beside it',
  }),
  fileExists: defineRoute({ name: 'files.fileExists', method: 'GET', path: '/:appId/console/files/exists/:filePath/', auth: 'developer', summary: 'true or false' }),
  editFile: defineRoute({
    name: 'files.editFile', method: 'POST', path: '/:appId/console/files/edit/:filePath/', auth: 'developer', devPermission: manage,
    body: Type.Object({ file: Type.String() }),
  }),
  createFile: defineRoute({
    name: 'files.createFile', method: 'POST', path: '/:appId/console/files/create/:filePath/', auth: 'developer', devPermission: manage,
    summary: 'Body {file: text} (or the text itself); an existing file is refused with 409',
  }),
  moveFile: defineRoute({
    name: 'files.moveFile', method: 'POST', path: '/:appId/console/files/move/:filePath/', auth: 'developer', devPermission: manage,
    summary: 'Raw string body: the encoded destination path; ending in / means into that folder keeping the name',
  }),
  copyFile: defineRoute({
    name: 'files.copyFile', method: 'POST', path: '/:appId/console/files/copy/:filePath/', auth: 'developer', devPermission: manage,
    summary: 'Raw string body: the encoded destination path; ending in / means into that folder keeping the name',
  }),
  renameFile: defineRoute({
    name: 'files.renameFile', method: 'POST', path: '/:appId/console/files/rename/:filePath/', auth: 'developer', devPermission: manage,
    summary: 'Raw string body: the encoded new name',
  }),
  deleteFile: defineRoute({ name: 'files.deleteFile', method: 'DELETE', path: '/:appId/console/files/:filePath/', auth: 'developer', devPermission: manage, summary: 'A file, or a folder with everything in it' }),
  uploadFile: defineRoute({
    name: 'files.uploadFile', method: 'POST', path: '/:appId/console/files/upload/:path/:fileName/', auth: 'developer', devPermission: DevOperations.FILES_UPLOAD,
    query: Type.Object({ overwrite: Type.Optional(Type.Boolean()) }),
    summary: 'Multipart, the file in any one field; without overwrite=true an existing file is refused with 409; over the limit 413',
  }),
  createConsoleFile: defineRoute({
    name: 'files.createConsoleFile', method: 'POST', path: '/:appId/console/files/create/:path', auth: 'developer', devPermission: manage,
    summary: 'Same route as createFile; the body is the content itself (or {file})',
  }),
  viewFiles: defineRoute({
    name: 'files.viewFiles', method: 'GET', path: '/:appId/console/files/view/:path', auth: 'developer',
    summary: 'The file inline with its content type (active content sandboxed)',
  }),
} satisfies Record<string, RouteDef>;

/** Routes of the files area that are not client methods: the count sibling and the download link. */
export const filesLinkRoutes = {
  loadDirectoryCount: defineRoute({ name: 'files.loadDirectoryCount', method: 'GET', path: '/:appId/console/files/directory/view/:path/count', auth: 'developer', query: FilesCountQuerySchema }),
  /**
   * The reference's host-relative download link. Without a host per application, Basalt takes the
   * application id as the first part of the path: `/files/download/{appId}/{path}`. Browsers follow
   * it with the `dev-auth-key` cookie.
   */
  downloadLink: defineRoute({ name: 'files.downloadLink', method: 'GET', path: '/files/download/:appId/:path', auth: 'developer' }),
} satisfies Record<string, RouteDef>;

/**
 * Builds the URL of a files route. Path arguments are plain (unencoded) paths such as `docs/a b.txt`;
 * each part is encoded, leading and trailing slashes are trimmed, and an empty path (the root)
 * leaves its part out. Other arguments (the app id, a folder or file name) are encoded whole.
 */
export function filesPath(route: Pick<RouteDef, 'name' | 'path'>, ...args: string[]): string {
  let i = 0;
  const filled = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = args[i++] ?? '';
    if (name === 'path' || name === 'filePath') return encodePath(value.replace(/^\/+|\/+$/g, ''));
    if (value === '') throw new Error(`Invalid path params in route [${route.name}], arguments: ${JSON.stringify(args)}`);
    return encodeURIComponent(value);
  });
  // An empty path leaves `//` behind; a trailing slash of the template is kept.
  return filled.replace(/\/{2,}/g, '/');
}

export type FileEntryType = 'FILE' | 'DIRECTORY';

/** One file or folder in answers of the files routes. */
export interface FileEntry {
  name: string;
  /** Path from the application root, `/`-separated, no leading slash (`docs/a.txt`). */
  path: string;
  type: FileEntryType;
  /** Bytes; 0 for folders. */
  size: number;
  /** Last change, epoch milliseconds. */
  updated: number;
  /** Creation, epoch milliseconds. */
  created: number;
  /** Console URL that shows the file (files only). */
  url?: string;
}
