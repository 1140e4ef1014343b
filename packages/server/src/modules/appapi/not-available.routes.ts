import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authenticateApp } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';

/**
 * Groups of the `backendless` SDK whose server side is not built yet, by their first path segment
 * under `/{appId}/{apiKey}/`. Each answers `501 {code: 8003, message}` naming the group, after the
 * API key is checked (a wrong key is still 401, code 8002), instead of a bare "no route" 404, so an
 * app's developer learns the feature is coming rather than that the call is malformed.
 */
export const NOT_AVAILABLE_APP_GROUPS: ReadonlyArray<[segment: string, message: string]> = [
  // Custom events (`servercode/events/{name}`) are answered by cloud code; what is left under
  // `servercode` is the code runner's API (CLI deploys, debug sessions).
  ['servercode', 'The code runner API (CLI deploys and debug sessions) is not available yet'],
  ['automation', 'Automation flows are not available yet'],
  ['management', 'The management API is not available yet'],
];

export function registerNotAvailableAppRoutes(app: FastifyInstance, ctx: ServerContext): void {
  for (const [segment, message] of NOT_AVAILABLE_APP_GROUPS) {
    for (const url of [`/:appId/:apiKey/${segment}`, `/:appId/:apiKey/${segment}/*`]) {
      const refuse = async (req: FastifyRequest) => {
        await authenticateApp(ctx, req);
        throw new ApiError('NOT_AVAILABLE_YET', message);
      };
      // Answered before the body is read: custom services take any body (the SDK sends a text
      // argument raw, with no Content-Type), which no parser would accept.
      app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url, onRequest: refuse, handler: refuse });
    }
  }
}
