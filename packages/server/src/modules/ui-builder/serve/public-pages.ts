import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UI_NAME_PATTERN } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { AppData } from '../../appapi/data-access.js';
import type { PublishService } from '../publish.service.js';
import { resolveData, visitorOf } from '../render/data.js';
import { renderPageHtml, type Snapshot } from '../render/page.js';
import { UI_RUNTIME_JS, UI_RUNTIME_PATH } from '../render/runtime.js';
import { lookSources } from '../look/published.js';

const APP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The headers of every answer of the UI origin: a strict CSP (scripts only from this origin's
 * runtime path, styles only from the page's nonce'd element, no plugins, no framing except by the
 * console for previews), no MIME sniffing, and no caching (data is the visitor's).
 */
function secure(
  reply: FastifyReply,
  ctx: ServerContext,
  nonce?: string,
  extra: { scripts: string[]; styles: string[] } = { scripts: [], styles: [] },
): FastifyReply {
  const consoleOrigin = new URL(ctx.config.publicUrl).origin;
  // The container's external libraries (decision 0086) are listed by exact https URL; its compiled
  // style sheet, manifest and service worker come from this origin ('self').
  const csp = [
    "default-src 'none'",
    ['script-src', "'self'", ...extra.scripts].join(' '),
    nonce ? ['style-src', "'self'", `'nonce-${nonce}'`, ...extra.styles].join(' ') : "style-src 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "img-src 'self' https: data:",
    "font-src 'self' https: data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    `frame-ancestors ${consoleOrigin}`,
  ].join('; ');
  return reply
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store');
}

function notFound(reply: FastifyReply, ctx: ServerContext): FastifyReply {
  return secure(reply, ctx).code(404).type('text/plain; charset=utf-8').send('Not found');
}

/** A plain query object of the request: the first value of each key, as text. */
function queryOf(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>).slice(0, 50)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string' && k.length <= 100 && first.length <= 1000) out[k] = first;
  }
  return out;
}

/**
 * Published pages on the UI origin: `/{appId}/{container}` the main page, `/{appId}/{container}/{page}`
 * a page; an unknown page is the container's `404` page with status 404; a container that is
 * unknown, in the trash or never published is a plain 404.
 */
/** What the preview routes need: the unpublished snapshot a token opens, or why it is refused. */
export interface PreviewSource {
  open(
    token: string,
  ): Promise<{ appId: string; container: string; snapshot: Snapshot } | { refused: 'expired' | 'invalid' | 'gone' }>;
}

export function registerPublicPages(
  app: FastifyInstance,
  ctx: ServerContext,
  publish: PublishService,
  preview?: PreviewSource,
): void {
  const data = new AppData(ctx);

  app.get(UI_RUNTIME_PATH, (_req, reply) =>
    reply
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=300')
      .type('application/javascript; charset=utf-8')
      .send(UI_RUNTIME_JS),
  );

  // Browsers ask every origin for its icon; until containers have favicon settings the UI origin
  // answers "no icon" rather than a 404 that shows as an error in the visitor's console.
  app.get('/favicon.ico', (_req, reply) => reply.header('cache-control', 'public, max-age=86400').code(204).send());

  const page = async (
    params: { appId: string; container: string; page?: string },
    rawQuery: unknown,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const { appId, container } = params;
    if (!APP_ID.test(appId) || !UI_NAME_PATTERN.test(container)) return notFound(reply, ctx);
    const snapshot = await publish.served(appId, container);
    if (!snapshot) return notFound(reply, ctx);
    return render(appId, container, snapshot, params.page, rawQuery, reply);
  };

  const render = async (
    appId: string,
    container: string,
    snapshot: Snapshot,
    pageName: string | undefined,
    rawQuery: unknown,
    reply: FastifyReply,
    base?: string,
  ): Promise<FastifyReply> => {
    let name = pageName ?? snapshot.mainPage;
    let status = 200;
    if (!UI_NAME_PATTERN.test(name) || !snapshot.pages[name]) {
      if (!snapshot.pages['404']) return notFound(reply, ctx);
      name = '404';
      status = 404;
    }
    const query = queryOf(rawQuery);
    const entry = snapshot.pages[name];
    const layout = entry.layoutId ? snapshot.layouts[entry.layoutId] : undefined;
    const sources = [...(entry.document.dataSources ?? [])];
    for (const ds of layout?.document.dataSources ?? []) if (!sources.some((s) => s.id === ds.id)) sources.push(ds);
    const pageData = { ...(layout?.document.data ?? {}), ...(entry.document.data ?? {}) };
    const caller = await visitorOf(ctx, appId);
    const resolved = await resolveData(ctx, data, caller, sources, query, {
      page: pageData,
      route: { page: name, ...query },
      user: {},
      app: {},
    });
    const nonce = randomBytes(16).toString('base64');
    const html = renderPageHtml({ appId, container, pageName: name, snapshot, data: resolved, query, nonce, base });
    return secure(reply, ctx, nonce, lookSources(snapshot.look))
      .code(status)
      .type('text/html; charset=utf-8')
      .send(html);
  };

  // The console's preview of unpublished pages: the token names the app and the container and
  // expires (decision 0093); an expired or altered token is refused, never served as published.
  const previewPage = async (token: string, pageName: string | undefined, rawQuery: unknown, reply: FastifyReply) => {
    const opened = preview ? await preview.open(token) : { refused: 'invalid' as const };
    if ('refused' in opened) {
      if (opened.refused === 'gone') return notFound(reply, ctx);
      const why =
        opened.refused === 'expired'
          ? 'This preview link has expired: open the preview again from the console.'
          : 'This preview link is not valid.';
      return secure(reply, ctx).code(403).type('text/plain; charset=utf-8').send(why);
    }
    reply.header('x-robots-tag', 'noindex');
    // Links between pages stay in the preview: the page's base is the preview's own path.
    return render(opened.appId, opened.container, opened.snapshot, pageName, rawQuery, reply, `/__preview/${token}/`);
  };
  app.get<{ Params: { token: string } }>('/__preview/:token', (req, reply) =>
    previewPage(req.params.token, undefined, req.query, reply),
  );
  app.get<{ Params: { token: string; page: string } }>('/__preview/:token/:page', (req, reply) =>
    previewPage(req.params.token, req.params.page, req.query, reply),
  );

  app.get<{ Params: { appId: string; container: string } }>('/:appId/:container', (req, reply) =>
    page(req.params, req.query, reply),
  );
  app.get<{ Params: { appId: string; container: string; page: string } }>('/:appId/:container/:page', (req, reply) =>
    page(req.params, req.query, reply),
  );
  app.setNotFoundHandler((_req, reply) => notFound(reply, ctx));
  app.setErrorHandler((err, _req, reply) => {
    ctx.log.error({ err }, 'UI origin: a page failed to render');
    return secure(reply, ctx).code(500).type('text/plain; charset=utf-8').send('The page could not be shown');
  });
}
