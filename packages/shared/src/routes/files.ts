import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, encodePath, type RouteDef } from '../route.js';
import { DevOperations } from '../dev-permissions.js';
import { SuccessSchema } from '../schemas.js';

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

/**
 * Query of a folder listing (and, without paging and sorting, of its count): the filter, sort and
 * paging the console, the SDK (`files.loadDirectory`) and the server's file service all use.
 */
export const FilesListQuerySchema = Type.Object({
  ...ListQuery,
  sortBy: Type.Optional(
    Type.Union([
      Type.Literal('name'),
      Type.Literal('size'),
      Type.Literal('updated'),
      Type.Literal('created'),
      Type.Literal('type'),
    ]),
  ),
  sortDirection: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('ASC'), Type.Literal('DESC')]),
  ),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
});

export type FilesListQuery = Static<typeof FilesListQuerySchema>;

/** Query of a folder count. */
export const FilesCountQuerySchema = Type.Object(ListQuery);
export type FilesCountQuery = Static<typeof FilesCountQuerySchema>;

export const FileEntryTypeSchema = Type.Union([Type.Literal('FILE'), Type.Literal('DIRECTORY')]);
export type FileEntryType = Static<typeof FileEntryTypeSchema>;

/** One file or folder in answers of the files routes. */
export const FileEntrySchema = Type.Object({
  name: Type.String(),
  /** Path from the application root, `/`-separated, no leading slash (`docs/a.txt`). */
  path: Type.String(),
  type: FileEntryTypeSchema,
  /** Bytes; 0 for folders. */
  size: Type.Number(),
  /** Last change, epoch milliseconds. */
  updated: Type.Number(),
  /** Creation, epoch milliseconds. */
  created: Type.Number(),
  /** Console URL that shows the file (files only). */
  url: Type.Optional(Type.String()),
});
export type FileEntry = Static<typeof FileEntrySchema>;

/** An uploaded file: the entry, with its console URL once more as `fileURL` (the reference's name). */
export const UploadedFileSchema = Type.Object({ ...FileEntrySchema.properties, fileURL: Type.Optional(Type.String()) });
export type UploadedFile = Static<typeof UploadedFileSchema>;

/**
 * The answer of the download and view routes is the file itself, not JSON: the SDK reads it as
 * JSON when it parses, else as text.
 */
const FileContentSchema = Type.Unknown();

/** Body of createFile/createConsoleFile: the text itself, or `{ file }` (or `{ content }`). */
const FileTextBodySchema = Type.Unknown();

/** Body of move, copy and rename: the bare (encoded) destination path or new name. */
const RawPathBodySchema = Type.String();

const manage = DevOperations.FILES_MANAGE;

/** Console routes of the `files` group of the reference client (15 methods). */
export const filesRoutes = {
  loadDirectory: defineRoute({
    name: 'files.loadDirectory',
    method: 'GET',
    path: '/:appId/console/files/directory/view/:path',
    auth: 'developer',
    query: FilesListQuerySchema,
    response: Type.Array(FileEntrySchema),
    summary: 'One page of a folder (FileEntry[]); the count is GET …/count with the same filter',
  }),
  loadFullDirectory: defineRoute({
    name: 'files.loadFullDirectory',
    method: 'GET',
    path: '/:appId/console/files/directory/view/:path',
    auth: 'developer',
    query: FilesListQuerySchema,
    response: Type.Array(FileEntrySchema),
    summary: 'Same route as loadDirectory; the client pages through it 100 entries at a time',
  }),
  createDir: defineRoute({
    name: 'files.createDir',
    method: 'POST',
    path: '/:appId/console/files/createdir/:path/:folderName/',
    auth: 'developer',
    devPermission: manage,
    response: FileEntrySchema,
  }),
  getFileContent: defineRoute({
    name: 'files.getFileContent',
    method: 'GET',
    path: '/:appId/console/files/download/:filePath',
    auth: 'developer',
    response: FileContentSchema,
    summary: 'The file as an attachment',
  }),
  performOperation: defineRoute({
    name: 'files.performOperation',
    method: 'PUT',
    path: '/:appId/console/files/:filePath',
    auth: 'developer',
    devPermission: manage,
    query: Type.Object({ operation: Type.Union([Type.Literal('zip'), Type.Literal('unzip')]) }),
    response: FileEntrySchema,
    summary: 'zip: a folder becomes <folder>.zip beside it; unzip: <name>.zip becomes the folder <name> beside it',
  }),
  fileExists: defineRoute({
    name: 'files.fileExists',
    method: 'GET',
    path: '/:appId/console/files/exists/:filePath/',
    auth: 'developer',
    response: Type.Boolean(),
    summary: 'true or false',
  }),
  editFile: defineRoute({
    name: 'files.editFile',
    method: 'POST',
    path: '/:appId/console/files/edit/:filePath/',
    auth: 'developer',
    devPermission: manage,
    body: Type.Object({ file: Type.String() }),
    response: FileEntrySchema,
  }),
  createFile: defineRoute({
    name: 'files.createFile',
    method: 'POST',
    path: '/:appId/console/files/create/:filePath/',
    auth: 'developer',
    devPermission: manage,
    body: FileTextBodySchema,
    response: FileEntrySchema,
    summary: 'Body {file: text} (or the text itself); an existing file is refused with 409',
  }),
  moveFile: defineRoute({
    name: 'files.moveFile',
    method: 'POST',
    path: '/:appId/console/files/move/:filePath/',
    auth: 'developer',
    devPermission: manage,
    body: RawPathBodySchema,
    response: FileEntrySchema,
    summary: 'Raw string body: the encoded destination path; ending in / means into that folder keeping the name',
  }),
  copyFile: defineRoute({
    name: 'files.copyFile',
    method: 'POST',
    path: '/:appId/console/files/copy/:filePath/',
    auth: 'developer',
    devPermission: manage,
    body: RawPathBodySchema,
    response: FileEntrySchema,
    summary: 'Raw string body: the encoded destination path; ending in / means into that folder keeping the name',
  }),
  renameFile: defineRoute({
    name: 'files.renameFile',
    method: 'POST',
    path: '/:appId/console/files/rename/:filePath/',
    auth: 'developer',
    devPermission: manage,
    body: RawPathBodySchema,
    response: FileEntrySchema,
    summary: 'Raw string body: the encoded new name',
  }),
  deleteFile: defineRoute({
    name: 'files.deleteFile',
    method: 'DELETE',
    path: '/:appId/console/files/:filePath/',
    auth: 'developer',
    devPermission: manage,
    response: SuccessSchema,
    summary: 'A file, or a folder with everything in it',
  }),
  uploadFile: defineRoute({
    name: 'files.uploadFile',
    method: 'POST',
    path: '/:appId/console/files/upload/:path/:fileName/',
    auth: 'developer',
    devPermission: DevOperations.FILES_UPLOAD,
    query: Type.Object({ overwrite: Type.Optional(Type.Boolean()) }),
    response: UploadedFileSchema,
    summary:
      'Multipart, the file in any one field; without overwrite=true an existing file is refused with 409; over the limit 413',
  }),
  createConsoleFile: defineRoute({
    name: 'files.createConsoleFile',
    method: 'POST',
    path: '/:appId/console/files/create/:path',
    auth: 'developer',
    devPermission: manage,
    body: FileTextBodySchema,
    response: FileEntrySchema,
    summary: 'Same route as createFile; the body is the content itself (or {file})',
  }),
  viewFiles: defineRoute({
    name: 'files.viewFiles',
    method: 'GET',
    path: '/:appId/console/files/view/:path',
    auth: 'developer',
    response: FileContentSchema,
    summary: 'The file inline with its content type (active content sandboxed)',
  }),
} satisfies Record<string, RouteDef>;

/** Routes of the files area that are not client methods: the count sibling and the download link. */
export const filesLinkRoutes = {
  loadDirectoryCount: defineRoute({
    name: 'files.loadDirectoryCount',
    method: 'GET',
    path: '/:appId/console/files/directory/view/:path/count',
    auth: 'developer',
    query: FilesCountQuerySchema,
    response: Type.Integer(),
  }),
  /**
   * The reference's host-relative download link. Without a host per application, Basalt takes the
   * application id as the first part of the path: `/files/download/{appId}/{path}`. Browsers follow
   * it with the `dev-auth-key` cookie.
   */
  downloadLink: defineRoute({
    name: 'files.downloadLink',
    method: 'GET',
    path: '/files/download/:appId/:path',
    auth: 'developer',
    response: FileContentSchema,
  }),
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
    if (value === '')
      throw new Error(`Invalid path params in route [${route.name}], arguments: ${JSON.stringify(args)}`);
    return encodeURIComponent(value);
  });
  // An empty path leaves `//` behind; a trailing slash of the template is kept.
  return filled.replace(/\/{2,}/g, '/');
}
