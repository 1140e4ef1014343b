import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { encodePath } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { authenticateApp, type AppCaller } from '../../http/app-auth.js';
import type { BusEvents } from '../../events/bus.js';
import { checkFilePermission } from '../security/index.js';
import { splitUserPath, type StorageEntry } from '../../storage/index.js';
import { FilesService, globMatcher, DEFAULT_PAGE_SIZE } from './files.service.js';
import { registerFilePermissionRoutes } from './files.permissions.js';
import { endsWithSlash, isTrue, sendFile, tailNames } from './files.http.js';
import { registerAppendRoutes, storeDownload } from './files.append.js';
import { appCallerAccess, type FileAccess } from './files.access.js';
import { appHooked } from '../../events/app-hooks.js';

type KeyParams = { appId: string; apiKey: string };
type ListingQuery = {
  action?: string;
  pattern?: string;
  sub?: string;
  pagesize?: string;
  offset?: string;
  countDirectories?: string;
};

const BASE = '/:appId/:apiKey/files';
/** Parts before the file path: app id, API key, `files`. */
const PREFIX = 3;

/*
 * Every route authenticates through the app API's one helper (key, panic mode, user token) and asks
 * the security area whether the caller may Read (GET), Write (POST, PUT) or Delete the path in its
 * URL. Routes whose paths are in the body or reach inside a folder (rename, move, copy, delete) take
 * the caller's rules to the file service instead, which checks every path they touch, on the exact
 * paths it is about to use, before it changes anything.
 */
async function appOf(ctx: ServerContext, req: FastifyRequest): Promise<string> {
  const caller = await authenticateApp(ctx, req);
  await checkFilePermission(
    ctx,
    caller,
    tailNames(req, PREFIX + literalParts(req)).join('/'),
    req.method === 'GET' ? 'Read' : req.method === 'DELETE' ? 'Delete' : 'Write',
  );
  return caller.appId;
}

/**
 * Tells the audit log what an app API call did to files. The caller was authenticated earlier in
 * the same request (the answer is remembered per request), so this costs no second check.
 */
/** The caller as the audit log names app API callers (as data writes do). */
const actorOf = (c: AppCaller) => (c.userId ? `user:${c.userId}` : `anonymous (${c.deviceType} key)`);

async function told(
  ctx: ServerContext,
  req: FastifyRequest,
  change: Omit<BusEvents['file.changed'], 'actor'>,
): Promise<void> {
  ctx.bus.emit('file.changed', { ...change, actor: actorOf(await authenticateApp(ctx, req)) });
}

/** The caller's app and its file rules, for the routes the file service checks itself. */
async function accessOf(ctx: ServerContext, req: FastifyRequest): Promise<{ appId: string; access: FileAccess }> {
  const caller = await authenticateApp(ctx, req);
  return { appId: caller.appId, access: appCallerAccess(ctx, caller) };
}

/**
 * How many literal route words (`binary`, `append`, `append/binary`) stand before the file path.
 * Only for the methods whose routes have them: `GET /files/binary/x` reads the folder `binary`,
 * and its permission must be checked on that folder's path.
 */
function literalParts(req: FastifyRequest): number {
  const rest = /^\/[^/]+\/[^/]+\/files\/(.*)$/.exec(req.url.split('?')[0])?.[1] ?? '';
  if (req.method === 'PUT' && rest.startsWith('append/binary/')) return 2;
  if ((req.method === 'PUT' || req.method === 'POST') && rest.startsWith('append/')) return 1;
  if (req.method === 'PUT' && rest.startsWith('binary/')) return 1;
  return 0;
}

function fileUrl(req: FastifyRequest, path: string): string {
  const { appId, apiKey } = req.params as KeyParams;
  return `${req.protocol}://${req.host}/${encodeURIComponent(appId)}/${encodeURIComponent(apiKey)}/files/${encodePath(path)}`;
}

/** A listing entry in the shape the app SDK's callers read (`name`, `url`, `createdOn`, `size`). */
function listed(req: FastifyRequest, e: StorageEntry) {
  const url = fileUrl(req, e.path);
  return {
    name: e.name,
    path: e.path,
    type: e.type,
    size: e.size,
    createdOn: e.created,
    updated: e.updated,
    url,
    publicUrl: url,
  };
}

/** A JSON path of the app API (`/dir/file.txt`, leading slash optional), decoded already. */
function bodyPath(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw ApiError.field('BAD_REQUEST', field, `'${field}' is required`);
  return splitUserPath(value.trim().replace(/^\/+/, '')).join('/');
}

function int(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) throw ApiError.badRequest(`Invalid number '${value}'`);
  return n;
}

/** A file operation between its handlers (decision 0047); files have no targets. */
function hooked<T>(
  ctx: ServerContext,
  req: FastifyRequest,
  op: string,
  args: Record<string, unknown>,
  work: (args: Record<string, unknown>) => Promise<T>,
): Promise<T> {
  return appHooked(ctx, req, 'file', op, '*', args, work);
}

/** A path a before-handler left in an argument: a non-empty text, else the one the caller sent. */
const pathArg = (value: unknown, sent: string) =>
  typeof value === 'string' && value.trim() ? splitUserPath(value.trim().replace(/^\/+/, '')).join('/') : sent;

/** Files under `/{appId}/{apiKey}/files/…`, as the published app SDK calls them. */
export function registerFilesAppRoutes(app: FastifyInstance, ctx: ServerContext, service: FilesService): void {
  // GET serves a file's content, a folder's listing, or (with `action`) existence and counts.
  const read = async (req: FastifyRequest, reply: FastifyReply) => {
    const appId = await appOf(ctx, req);
    const path = tailNames(req, PREFIX).join('/');
    const q = req.query as ListingQuery;
    if (q.action === 'exists')
      return hooked(ctx, req, 'Exists', { path }, (a) => service.exists(appId, pathArg(a.path, path)));
    if (q.action === 'count') {
      const args = {
        path,
        pattern: q.pattern || '*',
        recursive: isTrue(q.sub),
        isCountDirectories: isTrue(q.countDirectories),
      };
      return hooked(ctx, req, 'Count', args, async (a) => {
        const entries = await service.driver(appId).list(pathArg(a.path, path), { recursive: !!a.recursive });
        const test = globMatcher(typeof a.pattern === 'string' && a.pattern ? a.pattern : '*');
        return entries.filter((e) => test.test(e.name) && (!!a.isCountDirectories || e.type === 'FILE')).length;
      });
    }
    const entry = await service.driver(appId).stat(path);
    if (!entry) throw ApiError.notFound(`'${path}' does not exist`);
    if (entry.type === 'FILE') {
      // A lone before event: its handler may refuse the download or answer instead of the file.
      if (!ctx.interceptors.active(appId)) return sendFile(reply, await service.read(appId, path), 'inline');
      return hooked(ctx, req, 'Download', { fileURL: path }, async (a) =>
        sendFile(reply, await service.read(appId, pathArg(a.fileURL, path)), 'inline'),
      );
    }
    const listing = {
      path,
      pattern: q.pattern ?? null,
      recursive: isTrue(q.sub),
      pageSize: int(q.pagesize, DEFAULT_PAGE_SIZE, 1000) || DEFAULT_PAGE_SIZE,
      offset: int(q.offset, 0, Number.MAX_SAFE_INTEGER),
    };
    return hooked(ctx, req, 'Listing', listing, async (a) => {
      const page = await service.list(appId, pathArg(a.path, path), {
        pattern: typeof a.pattern === 'string' ? a.pattern : undefined,
        sub: !!a.recursive,
        pageSize:
          Number.isSafeInteger(a.pageSize) && (a.pageSize as number) > 0
            ? Math.min(a.pageSize as number, 1000)
            : listing.pageSize,
        offset: Number.isSafeInteger(a.offset) && (a.offset as number) >= 0 ? (a.offset as number) : listing.offset,
      });
      return page.map((e) => listed(req, e));
    });
  };
  app.get(BASE, read);
  app.get(`${BASE}/*`, read);

  // Literal names the SDK uses before the path: never treat them as folders.
  registerAppendRoutes(app, {
    base: BASE,
    pathOf: (req) => tailNames(req, PREFIX + literalParts(req)).join('/'),
    appOf: (req) => appOf(ctx, req),
    fileUrl,
    service,
    appended: (req, appId, path) => told(ctx, req, { appId, action: 'append', path }),
  });
  registerFilePermissionRoutes(app, ctx, BASE);

  // upload (multipart) or, for a path ending in `/` without a file, createDirectory.
  app.post(`${BASE}/*`, async (req, reply) => {
    const appId = await appOf(ctx, req);
    const names = tailNames(req, PREFIX);
    if (names.length === 0) throw ApiError.badRequest('Give the path of the file');
    const path = names.join('/');
    if (!req.isMultipart()) {
      const url = (req.body as { url?: unknown } | undefined)?.url;
      if ((req.headers['content-type'] ?? '').includes('json') && url !== undefined) {
        return hooked(ctx, req, 'Upload', { fileURL: path }, async (args) => {
          const entry = await storeDownload(service, url, (stream) =>
            service.upload(
              appId,
              pathArg(args.fileURL, path),
              stream,
              isTrue((req.query as { overwrite?: string }).overwrite),
            ),
          );
          await told(ctx, req, { appId, action: 'upload', path: entry.path });
          return { fileURL: fileUrl(req, entry.path) };
        });
      }
      if (endsWithSlash(req)) {
        const dir = await service.createDir(appId, path);
        await told(ctx, req, { appId, action: 'create-folder', path: dir.path });
        return listed(req, dir);
      }
      throw ApiError.badRequest('Send the file as multipart/form-data');
    }
    const part = await req.file();
    if (!part) throw ApiError.badRequest('The request holds no file');
    try {
      let stored = false;
      const answer = await hooked(ctx, req, 'Upload', { fileURL: path }, async (args) => {
        const entry = await service.upload(
          appId,
          pathArg(args.fileURL, path),
          part.file,
          isTrue((req.query as { overwrite?: string }).overwrite),
        );
        stored = true;
        await told(ctx, req, { appId, action: 'upload', path: entry.path });
        return { fileURL: fileUrl(req, entry.path) };
      });
      // Answered by a handler instead: the file was never read.
      if (!stored) part.file.resume();
      return answer;
    } catch (err) {
      // As in the console upload: discard the rest and close the connection after answering.
      part.file.resume();
      reply.header('connection', 'close');
      throw err;
    }
  });

  // saveFile: the content as base64 text.
  app.put(`${BASE}/binary/*`, async (req) => {
    const appId = await appOf(ctx, req);
    const path = tailNames(req, PREFIX + 1).join('/');
    if (!path) throw ApiError.badRequest('Give the path of the file');
    if (typeof req.body !== 'string')
      throw ApiError.badRequest('Send the content as base64 text (Content-Type: text/plain)');
    const bytes = Buffer.from(req.body, 'base64');
    const overwrite = isTrue((req.query as { overwrite?: string }).overwrite);
    return hooked(ctx, req, 'SaveFileFromByteArray', { fileURL: path, overwrite }, async (args) => {
      const entry = await service.upload(
        appId,
        pathArg(args.fileURL, path),
        Readable.from([bytes]),
        typeof args.overwrite === 'boolean' ? args.overwrite : overwrite,
      );
      await told(ctx, req, { appId, action: 'upload', path: entry.path });
      return fileUrl(req, entry.path);
    });
  });

  // Moving is reading the source and writing the destination, and deleting the source (rename is
  // a move within the folder); copying reads and writes. The service checks each, folder content
  // included (files.access.ts).
  app.put(`${BASE}/rename`, async (req) => {
    const { appId, access } = await accessOf(ctx, req);
    const body = (req.body ?? {}) as { oldPathName?: unknown; newName?: unknown };
    if (typeof body.newName !== 'string') throw ApiError.field('BAD_REQUEST', 'newName', "'newName' is required");
    const from = bodyPath(body.oldPathName, 'oldPathName');
    const newName = body.newName;
    // A rename is a move within the folder: the move events' handlers see it.
    const target = [from.slice(0, Math.max(0, from.lastIndexOf('/'))), newName].filter(Boolean).join('/');
    return hooked(ctx, req, 'MoveFileOrDirectory', { source: from, target }, async (args) => {
      const source = pathArg(args.source, from);
      const name = pathArg(args.target, target);
      const entry = await service.rename(appId, source, name.slice(name.lastIndexOf('/') + 1), access);
      await told(ctx, req, {
        appId,
        action: 'rename',
        path: source,
        to: entry.path.slice(entry.path.lastIndexOf('/') + 1),
      });
      return fileUrl(req, entry.path);
    });
  });
  for (const op of ['move', 'copy'] as const) {
    app.put(`${BASE}/${op}`, async (req) => {
      const { appId, access } = await accessOf(ctx, req);
      const body = (req.body ?? {}) as { sourcePath?: unknown; targetPath?: unknown };
      const from = bodyPath(body.sourcePath, 'sourcePath');
      // As in the reference service the target may name a folder (existing, or ending in `/`): the
      // entry keeps its name there. Otherwise it is the full new path.
      let to = bodyPath(body.targetPath, 'targetPath');
      const intoFolder =
        String(body.targetPath).trim().endsWith('/') || (await service.driver(appId).stat(to))?.type === 'DIRECTORY';
      if (intoFolder) to = [to, from.slice(from.lastIndexOf('/') + 1)].filter(Boolean).join('/');
      const event = op === 'move' ? 'MoveFileOrDirectory' : 'CopyFileOrDirectory';
      return hooked(ctx, req, event, { source: from, target: to }, async (args) => {
        const source = pathArg(args.source, from);
        const target = pathArg(args.target, to);
        const entry =
          op === 'move'
            ? await service.move(appId, source, target, access)
            : await service.copy(appId, source, target, access);
        await told(ctx, req, { appId, action: op, path: source, to: entry.path });
        return fileUrl(req, entry.path);
      });
    });
  }

  // Delete on the path and on every path inside a folder that goes with it.
  app.delete(`${BASE}/*`, async (req) => {
    const { appId, access } = await accessOf(ctx, req);
    const path = tailNames(req, PREFIX).join('/');
    if (!path) throw ApiError.badRequest('The application root cannot be removed');
    return hooked(
      ctx,
      req,
      'DeleteFileOrDirectory',
      { fileURL: path, pattern: null, recursive: true },
      async (args) => {
        const target = pathArg(args.fileURL, path);
        await service.remove(appId, target, access);
        await told(ctx, req, { appId, action: 'delete', path: target });
        return 1;
      },
    );
  });
}
