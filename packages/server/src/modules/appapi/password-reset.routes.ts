import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { resetDone, resetFailed, resetForm } from './password-reset.page.js';
import type { PasswordResets } from './password-reset.service.js';
import type { UserLinksRepo } from './user-links.repo.js';

type P = { appId: string };
const APP_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The page is ours alone: no framing (clickjacking), no referrer (the token is in the URL), no caching. */
export function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The page behind the link of a restore mail, `/app-users/{appId}/password-reset?token=…`, outside
 * the `/{appId}/{apiKey}` space (the link carries no API key and needs no console login). The
 * restore route itself and its per-address limit are in `users.routes.ts`.
 */
export function registerPasswordResetRoutes(app: FastifyInstance, resets: PasswordResets, links: UserLinksRepo): void {
  const page = '/app-users/:appId/password-reset';

  const appOf = async (req: FastifyRequest<{ Params: P }>) => {
    const { appId } = req.params;
    if (!APP_ID.test(appId)) return undefined;
    return (await links.appExists(appId)) ? appId : undefined;
  };

  app.get<{ Params: P; Querystring: { token?: string } }>(page, async (req, reply) => {
    const appId = await appOf(req);
    const pending = appId ? await resets.pending(appId, req.query.token) : undefined;
    if (!appId || !pending)
      return html(
        reply,
        400,
        resetFailed(
          'This reset link is not valid: it has expired, was already used, or a newer one was sent. Ask for a new one.',
        ),
      );
    return html(reply, 200, resetForm(await resets.appName(appId), String(req.query.token)));
  });

  app.post<{ Params: P; Body: Record<string, unknown> | undefined }>(page, async (req, reply) => {
    try {
      await resets.take(`reset-ip:${req.ip}`);
    } catch (err) {
      if (err instanceof ApiError) return html(reply, 429, resetFailed(err.message));
      throw err;
    }
    const appId = await appOf(req);
    const body = req.body && typeof req.body === 'object' ? req.body : {};
    const outcome = appId ? await resets.complete(appId, body.token, body.password, body.confirm) : undefined;
    if (!appId || !outcome || (!outcome.ok && outcome.reason === 'invalid')) {
      return html(reply, 400, resetFailed(outcome && !outcome.ok ? outcome.message : 'This reset link is not valid.'));
    }
    const name = await resets.appName(appId);
    if (!outcome.ok) return html(reply, 400, resetForm(name, String(body.token), outcome.message));
    return html(reply, 200, resetDone(name));
  });
}
