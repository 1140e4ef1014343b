import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { ApiError } from '../../http/api-error.js';
import type { StorageEntry } from '../../storage/index.js';
import type { FilesService } from './files.service.js';

interface AppendDeps {
  /** `/:appId/:apiKey/files` */
  base: string;
  /** Authenticates the caller and checks Write on the path; answers the app id. */
  appOf(req: FastifyRequest): Promise<string>;
  /** The decoded file path after the route's literal words. */
  pathOf(req: FastifyRequest): string;
  fileUrl(req: FastifyRequest, path: string): string;
  service: FilesService;
  /** Called after each append (the audit log records it). */
  appended?(req: FastifyRequest, appId: string, path: string): Promise<void>;
}

/**
 * Downloads `url` on the server and hands the body to `store`; a refused store (the file exists,
 * the limit is passed) stops the download instead of leaving it half read.
 */
export async function storeDownload(
  service: FilesService,
  url: unknown,
  store: (stream: Readable) => Promise<StorageEntry>,
): Promise<StorageEntry> {
  const remote = await service.download(url);
  try {
    return await store(remote.stream);
  } finally {
    remote.stream.destroy();
  }
}

function requirePath(path: string): string {
  if (!path) throw ApiError.badRequest('Give the path of the file');
  return path;
}

function textBody(req: FastifyRequest, what: string): string {
  if (typeof req.body !== 'string') throw ApiError.badRequest(`Send ${what} as the body with Content-Type: text/plain`);
  return req.body;
}

/**
 * The app SDK's `Files.append` and `appendText`: a URL the server downloads (`POST`, `{url}`), a
 * multipart part (`POST`), base64 bytes (`PUT …/append/binary/…`) or raw text (`PUT …/append/…`).
 * Each answers the file's URL; the file is created when missing.
 */
export function registerAppendRoutes(app: FastifyInstance, deps: AppendDeps): void {
  const { base, service } = deps;
  /** Appends, then tells the audit log (when the caller wired it). */
  const append = async (req: FastifyRequest, appId: string, path: string, source: Readable) => {
    const entry = await service.append(appId, path, source);
    await deps.appended?.(req, appId, entry.path);
    return entry;
  };

  app.post(`${base}/append/*`, async (req: FastifyRequest, reply: FastifyReply) => {
    const appId = await deps.appOf(req);
    const path = requirePath(deps.pathOf(req));
    if (req.isMultipart()) {
      const part = await req.file();
      if (!part) throw ApiError.badRequest('The request holds no file');
      try {
        return deps.fileUrl(req, (await append(req, appId, path, part.file)).path);
      } catch (err) {
        // As in uploads: discard the rest and close the connection after answering.
        part.file.resume();
        reply.header('connection', 'close');
        throw err;
      }
    }
    const url = (req.body as { url?: unknown } | undefined)?.url;
    if (url === undefined)
      throw ApiError.field('BAD_REQUEST', 'url', 'Send { "url": "…" } or the content as multipart/form-data');
    const entry = await storeDownload(service, url, (stream) => append(req, appId, path, stream));
    return deps.fileUrl(req, entry.path);
  });

  app.put(`${base}/append/binary/*`, async (req: FastifyRequest) => {
    const appId = await deps.appOf(req);
    const path = requirePath(deps.pathOf(req));
    const bytes = Buffer.from(textBody(req, 'the bytes in base64'), 'base64');
    return deps.fileUrl(req, (await append(req, appId, path, Readable.from([bytes]))).path);
  });

  app.put(`${base}/append/*`, async (req: FastifyRequest) => {
    const appId = await deps.appOf(req);
    const path = requirePath(deps.pathOf(req));
    const text = Buffer.from(textBody(req, 'the text'), 'utf8');
    return deps.fileUrl(req, (await append(req, appId, path, Readable.from([text]))).path);
  });
}
