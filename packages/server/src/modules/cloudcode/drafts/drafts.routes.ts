import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { Routes, type RouteDef } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { handle, type RouteHandler } from '../../../http/route.js';
import { AUTH_HEADER, authenticateDeveloper } from '../../../http/auth.js';
import { loadAppAccess } from '../../../http/dev-access.js';
import { DraftsService } from './drafts.service.js';
import { zipFiles } from './zip.js';

const r = Routes.bl;

/** Parts of `/:appId/console/servercode/:model/draft/:language` before a file's path. */
const CONTENT_PREFIX = 6;

/** The still-encoded file path at the end of the raw URL (decoded once, part by part, by the service). */
function rawTail(url: string, prefix: number): string {
  const path = url.split('?')[0].split('#')[0];
  return path
    .split('/')
    .filter((p) => p !== '')
    .slice(prefix)
    .join('/');
}

export function registerDraftRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const drafts = new DraftsService(ctx);
  handle(app, ctx, r.getDraftFiles, ({ params }) => drafts.list(params.appId, params.language, params.model));
  handle(app, ctx, r.saveDraftFiles, ({ params, body }) =>
    drafts.save(params.appId, params.language, params.model, body),
  );

  // The file id spans several segments: matched as the URL's tail and read from the raw URL, so
  // `%2F` inside a name stays inside it and nothing is decoded twice.
  const content: RouteDef = {
    ...r.getDraftFileContent,
    path: r.getDraftFileContent.path.replace('/:fileId', '/*'),
    params: Type.Object({ appId: Type.String(), model: Type.String(), language: Type.String(), '*': Type.String() }),
  };
  const readContent: RouteHandler<typeof r.getDraftFileContent> = async ({ params, req, reply }) => {
    const text = await drafts.content(
      params.appId,
      params.language,
      params.model,
      rawTail(req.raw.url ?? req.url, CONTENT_PREFIX),
    );
    // The text itself, byte for byte: not JSON, so nothing is escaped or re-encoded.
    return reply.type('text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send(text);
  };
  handle(app, ctx, content, readContent as unknown as RouteHandler<RouteDef>);

  // A browser download: the auth key travels in the path (the reference's URL), checked as the header would be.
  handle(app, ctx, r.downloadDraftFiles, async ({ params, req, reply }) => {
    req.headers[AUTH_HEADER] = params.authKey;
    const developer = await authenticateDeveloper(ctx, req);
    await loadAppAccess(ctx.dbs, developer.id, params.appId);
    const { key, files } = await drafts.all(params.appId, params.language, params.model);
    const name = `${key.model}-${key.language}.zip`.replace(/[^\w.-]/g, '_');
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(zipFiles(files));
  });
}
