import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  Routes,
  encodePath,
  filesLinkRoutes,
  type BodyOf,
  type FileEntry,
  type QueryOf,
  type RouteDef,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import {
  handle,
  registeredRouteNames,
  sendJson,
  type AnswerOf,
  type Authed,
  type RouteHandler,
} from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import type { StorageEntry } from '../../storage/index.js';
import { FilesService, textOfBody } from './files.service.js';
import { isTrue, prefixLength, sendFile, tailNames } from './files.http.js';
import { developerAccess } from './files.access.js';

/**
 * Parameters of a files route as the router matches it: the app id and the URL's tail (`*`, absent
 * on the bare prefix). Handlers read the tail through `tailNames`, never from `*` (see there).
 */
const TailParamsSchema = Type.Object({ appId: Type.String(), '*': Type.Optional(Type.String()) });
type TailParams = Static<typeof TailParamsSchema>;
type Tail = { names: string[]; path: string };

/** A handler of a files route: the checked tail, and the call typed by the route's schemas. */
type TailHandler<R extends RouteDef> = (
  tail: Tail,
  call: Authed<TailParams, QueryOf<R>, BodyOf<R>>,
) => Promise<AnswerOf<R>> | AnswerOf<R>;

/** Adds the console URL that shows a file. */
export function withUrl(appId: string, entry: StorageEntry): FileEntry {
  return entry.type === 'FILE'
    ? { ...entry, url: `/${encodeURIComponent(appId)}/console/files/view/${encodePath(entry.path)}` }
    : { ...entry };
}

/**
 * Registers a route whose path ends in a file path. The router matches the path as the URL's
 * tail (`*`); the handler gets it as checked names, decoded once, from `tailNames`. The bare
 * prefix is registered too, because an empty tail does not match `…/*`.
 */
function handlePath<const R extends RouteDef>(
  app: FastifyInstance,
  ctx: ServerContext,
  route: R,
  handler: TailHandler<R>,
): void {
  const base = route.path.replace(/\/:(path|filePath)\b.*$/, '');
  const prefix = prefixLength(base);
  const run = (call: Authed<TailParams, QueryOf<R>, BodyOf<R>>) => {
    const names = tailNames(call.req, prefix);
    return handler({ names, path: names.join('/') }, call);
  };
  for (const path of [base, `${base}/*`]) {
    // Only the path and params of `route` change: its query, body and answer, which type `run`,
    // stay R's. TypeScript cannot carry R's types through the respread of a generic route, hence
    // the one cast.
    const matched: RouteDef = { ...route, path, params: TailParamsSchema };
    handle(app, ctx, matched, run as unknown as RouteHandler<RouteDef>);
  }
}

/** The first file of a multipart request, whatever its field is called. */
async function firstFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw ApiError.badRequest('Send the file as multipart/form-data');
  const part = await req.file();
  if (!part) throw ApiError.badRequest('The request holds no file');
  return part;
}

/** The console's file manager (`files` routes of the reference client). */
export function registerFilesConsoleRoutes(app: FastifyInstance, ctx: ServerContext, service: FilesService): void {
  const r = Routes.files;

  // One handler serves a folder page and its `…/count` sibling (a folder literally named `count`
  // at the end of a listing path reads as the count, as in the reference API).
  handlePath(app, ctx, r.loadDirectory, async ({ names }, { params, query, reply }) => {
    // The count is sent as it is: it is not the page this route's answer schema describes.
    if (names.at(-1) === 'count')
      return sendJson(reply, await service.count(params.appId, names.slice(0, -1).join('/'), query));
    const page = await service.list(params.appId, names.join('/'), query);
    return page.map((e) => withUrl(params.appId, e));
  });
  // Same verb and path as loadDirectory (the client pages through it); served by the handler above.
  registeredRouteNames.add(r.loadFullDirectory.name);
  registeredRouteNames.add(filesLinkRoutes.loadDirectoryCount.name);

  handlePath(app, ctx, r.createDir, async ({ path }, { params }) => {
    if (!path) throw ApiError.badRequest('Name the new folder');
    return withUrl(params.appId, await service.createDir(params.appId, path));
  });

  handlePath(app, ctx, r.getFileContent, async ({ path }, { params, reply }) =>
    sendFile(reply, await service.read(params.appId, path), 'attachment'),
  );
  handlePath(app, ctx, filesLinkRoutes.downloadLink, async ({ path }, { params, reply }) =>
    sendFile(reply, await service.read(params.appId, path), 'attachment'),
  );
  handlePath(app, ctx, r.viewFiles, async ({ path }, { params, reply }) =>
    sendFile(reply, await service.read(params.appId, path), 'inline'),
  );

  handlePath(app, ctx, r.performOperation, async ({ path }, { params, query }) => {
    const entry =
      query.operation === 'zip'
        ? await service.zip(params.appId, path, developerAccess)
        : await service.unzip(params.appId, path, developerAccess);
    return withUrl(params.appId, entry);
  });

  handlePath(app, ctx, r.fileExists, ({ path }, { params }) => service.exists(params.appId, path));

  handlePath(app, ctx, r.editFile, async ({ path }, { params, body }) => {
    if (!path) throw ApiError.badRequest('Name the file to edit');
    return withUrl(params.appId, await service.editText(params.appId, path, body.file));
  });

  // createFile sends `{ file }`, createConsoleFile the text itself; same verb and path.
  handlePath(app, ctx, r.createFile, async ({ path }, { params, body }) => {
    if (!path) throw ApiError.badRequest('Name the new file');
    return withUrl(params.appId, await service.createText(params.appId, path, textOfBody(body)));
  });
  registeredRouteNames.add(r.createConsoleFile.name);

  // Moving, copying, renaming, zipping and unzipping change files at the source and the destination
  // alike: their routes declare FILES_MANAGE, which `handle` checks for the whole app (see
  // `developerAccess`).
  handlePath(app, ctx, r.moveFile, async ({ path }, { params, body }) =>
    withUrl(params.appId, await service.move(params.appId, path, service.destinationOf(path, body), developerAccess)),
  );
  handlePath(app, ctx, r.copyFile, async ({ path }, { params, body }) =>
    withUrl(params.appId, await service.copy(params.appId, path, service.destinationOf(path, body), developerAccess)),
  );
  handlePath(app, ctx, r.renameFile, async ({ path }, { params, body }) =>
    withUrl(params.appId, await service.rename(params.appId, path, service.nameOf(body), developerAccess)),
  );

  handlePath(app, ctx, r.deleteFile, async ({ path }, { params }) => {
    if (!path) throw ApiError.badRequest('The application root cannot be deleted');
    await service.remove(params.appId, path, developerAccess);
    return { success: true };
  });

  handlePath(app, ctx, r.uploadFile, async ({ path }, { params, query, req, reply }) => {
    if (!path) throw ApiError.badRequest('Name the file in the path: …/upload/{folder}/{fileName}/');
    const part = await firstFile(req);
    try {
      const entry = await service.upload(params.appId, path, part.file, isTrue(query.overwrite));
      return { ...withUrl(params.appId, entry), fileURL: withUrl(params.appId, entry).url };
    } catch (err) {
      // Drop the rest of a refused upload: discard what is buffered and close the connection after
      // answering, rather than reading a body that will not be kept.
      part.file.resume();
      reply.header('connection', 'close');
      throw err;
    }
  });
}
