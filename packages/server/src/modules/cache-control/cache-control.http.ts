import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachePolicy } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { userTokenOf } from '../../http/app-auth.js';
import { dataPolicy, filesPolicy, type AppPolicies } from './cache-control.service.js';

/** GET routes of the app API whose answers policies cover: a table's records, and files. */
const DATA_ROUTE = /^\/:appId\/:apiKey\/data\/:table(\/|$)/;
const FILES_ROUTE = /^\/:appId\/:apiKey\/files(\/|$)/;
/** Files larger than this are answered streamed, with `Cache-Control` but no ETag (it needs the whole body). */
const MAX_HASHED_FILE = 8 * 1024 * 1024;

type Pick = (p: AppPolicies, req: FastifyRequest) => CachePolicy | undefined;
type Done = (err: Error | null, value?: unknown) => void;

const pickData: Pick = (p, req) => dataPolicy(p, (req.params as { table: string }).table);
const pickFiles: Pick = (p, req) => {
  const tail = (req.params as { '*'?: string })['*'] ?? '';
  let path = tail;
  try {
    path = decodeURIComponent(tail);
  } catch {
    // The files route refuses such a path itself; no policy for it here.
  }
  return filesPolicy(p, path.replace(/^\/+|\/+$/g, ''));
};

/** A strong validator over the exact bytes of the answer (RFC 9110 §8.8.3). */
export function strongEtag(body: string | Buffer): string {
  return `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Whether `If-None-Match` names the ETag (weak comparison, as RFC 9110 §13.1.2 asks) or is `*`. */
function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const list = (Array.isArray(header) ? header.join(',') : header).split(',');
  return list.some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * `Cache-Control` of an answer under a policy. THE SECURITY RULE (decision 0064): an answer to a
 * request that carried a user token is that user's (their permissions, their owner-only rows), so
 * it is never `public`, whatever the policy says: a shared cache must not hand it to anyone else.
 */
export function cacheControlHeader(policy: CachePolicy, userToken: boolean): string {
  if (policy.cacheControl === 'no-cache') return 'no-cache';
  const scope = policy.cacheControl === 'public' && !userToken ? 'public' : 'private';
  return `${scope}, max-age=${policy.maxAge}`;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

/** Puts the policy's headers on a successful GET answer, and turns a matching revalidation into a 304. */
async function applyPolicy(req: FastifyRequest, reply: FastifyReply, policy: CachePolicy, payload: unknown) {
  reply.header('cache-control', cacheControlHeader(policy, userTokenOf(req) !== null));
  // Caches keep one answer per token: the URL alone does not say whose answer it is.
  reply.header('vary', 'user-token');
  if (!policy.etag) return payload;
  let body: string | Buffer;
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload;
  else if (payload && typeof (payload as Readable).pipe === 'function') {
    if (!(Number(reply.getHeader('content-length')) <= MAX_HASHED_FILE)) return payload;
    body = await readAll(payload as Readable);
  } else return payload;
  const etag = strongEtag(body);
  reply.header('etag', etag);
  if (!matches(req.headers['if-none-match'], etag)) return body;
  reply.code(304);
  reply.removeHeader('content-length');
  reply.removeHeader('content-type');
  reply.removeHeader('content-disposition');
  return null;
}

/**
 * The app API's side of cache control (decision 0064): an `onSend` step on each GET route of data
 * tables and files, added as the route is declared (so it must be installed before the routes,
 * like `installAppApiHooks`). Writes (POST, PUT, DELETE) and error answers are never touched. An
 * app without policies costs one lookup in memory.
 */
export function installCacheControl(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET')) return;
    const pick = DATA_ROUTE.test(route.url) ? pickData : FILES_ROUTE.test(route.url) ? pickFiles : undefined;
    if (!pick) return;
    const step = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: Done) => {
      if (req.method !== 'GET' || reply.statusCode !== 200) return done(null, payload);
      const { appId } = req.params as { appId: string };
      const decide = (policies: AppPolicies) => {
        const policy = pick(policies, req);
        if (!policy) return done(null, payload);
        applyPolicy(req, reply, policy, payload).then((p) => done(null, p), done);
      };
      const known = ctx.cacheControl.known(appId);
      if (known) return decide(known);
      ctx.cacheControl.policies(appId).then(decide, done);
    };
    const list = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...list, step] as typeof route.onSend;
  });
}
