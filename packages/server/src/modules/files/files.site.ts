import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { SITE_PREFIX } from '../settings/domains/domain-router.js';
import { splitEncodedPath } from '../../storage/index.js';
import type { FilesService } from './files.service.js';
import { contentTypeOf } from './files.http.js';

/** The folder of an app's files that its custom domains publish. */
const WEB = 'web';

/**
 * Scripts and styles are served to the console's origin as plain text (files.http.ts); a site on
 * its own domain needs their real types, or browsers refuse to run them under `nosniff`.
 */
const SITE_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

function siteTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return SITE_TYPES[ext] ?? contentTypeOf(name);
}

/**
 * The published web files of an app, for requests whose Host is one of its custom domains
 * (decision 0062): `/` is `web/index.html`, `/a/` is `web/a/index.html`, a folder named without
 * the slash is its index too. The app comes from the router's memory of this very request, never
 * from the URL or a header, so a request cannot name another app; a request that reached this
 * path any other way is a 404. The site is on its own origin: HTML is served as HTML, unsandboxed.
 */
export function registerSiteRoutes(app: FastifyInstance, ctx: ServerContext, service: FilesService): void {
  const serve = async (req: FastifyRequest, reply: FastifyReply) => {
    const appId = ctx.domains.siteOf(req.raw);
    if (appId === undefined) return reply.callNotFound();
    const raw = (req.raw.url ?? '').slice(SITE_PREFIX.length).split('?')[0];
    const names = [WEB, ...splitEncodedPath(raw)];
    const driver = service.driver(appId);
    let entry = await driver.stat(names.join('/'));
    if (entry?.type === 'DIRECTORY' || raw.endsWith('/') || names.length === 1) {
      names.push('index.html');
      entry = await driver.stat(names.join('/'));
    }
    if (!entry || entry.type !== 'FILE') return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const file = await service.read(appId, names.join('/'));
    return reply
      .header('content-type', siteTypeOf(file.entry.name))
      .header('content-length', String(file.entry.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-cache')
      .send(file.stream);
  };
  app.get(`${SITE_PREFIX}`, serve);
  app.get(`${SITE_PREFIX}/*`, serve);
}
