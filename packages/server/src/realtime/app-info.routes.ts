import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { ApiError } from '../http/api-error.js';
import { resolveApiKey } from '../modules/apps/index.js';

/**
 * The origin the `backendless` SDK should open its real-time socket on: this server's own
 * scheme, host and port as the client reached it (real time shares the HTTP port), never a path.
 */
export function realtimeUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

const INFO_URL = '/:appId/:apiKey/info';

/**
 * `GET /{appId}/{apiKey}/info`, the first call of every SDK (`initApp`): it tells the SDK where
 * real time lives (`rtURL`) and which loggers are configured. Registered only when no other area
 * has registered the route already; such an area should answer `rtURL` with `realtimeUrl(req)`.
 */
export function registerAppInfoRoute(app: FastifyInstance, ctx: ServerContext): void {
  if (app.hasRoute({ method: 'GET', url: INFO_URL })) return;
  app.get<{ Params: { appId: string; apiKey: string } }>(INFO_URL, async (req) => {
    const { appId, apiKey } = req.params;
    if (!(await resolveApiKey(ctx, appId, apiKey))) throw ApiError.unauthorized('Invalid application id or API key');
    // `loggers` must be present (the SDK's logging reads it); log levels are configured elsewhere.
    return { appId, apiKey, rtURL: realtimeUrl(req), loggers: [] };
  });
}
