import type { FastifyInstance } from 'fastify';
import { Areas, Routes, type AreaState, type StatusInfo } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle } from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import { authenticateDeveloper } from '../../http/auth.js';

export const VERSION = '0.1.0';

function stateOf(id: string, available: Set<string>, partial: Set<string>): AreaState {
  if (available.has(id)) return 'available';
  return partial.has(id) ? 'partial' : 'not-available';
}

export function registerSystemRoutes(app: FastifyInstance, ctx: ServerContext, availableAreas: Set<string>, partialAreas = new Set<string>()): void {
  handle(app, ctx, Routes.system.loadStatus, (): StatusInfo => ({
    ready: true,
    version: VERSION,
    database: ctx.dbs.kind,
    mail: ctx.mailer.mode,
    areas: Object.fromEntries(Areas.map((a) => [a.id, stateOf(a.id, availableAreas, partialAreas)])),
  }));

  handle(app, ctx, Routes.system.loadMainMenu, () =>
    Areas.filter((a) => a.group !== 'account').map((a) => ({ id: a.id, title: a.title, group: a.group, available: stateOf(a.id, availableAreas, partialAreas) !== 'not-available' })),
  );

  // App-level warnings (plan limits, panic mode ...). None exist before billing and security land.
  handle(app, ctx, Routes.system.warning, () => []);
}

/**
 * Console routes of areas without a module answer 501 `{code, message}` so clients can tell
 * "not built yet" from "no such route". Specific routes registered by a module win over these.
 */
export function registerNotAvailableRoutes(app: FastifyInstance, ctx: ServerContext): void {
  for (const area of Areas) {
    for (const prefix of area.serverPrefixes) {
      const base = prefix.startsWith('/') ? prefix : `/:appId/console/${prefix}`;
      for (const url of [base, `${base}/*`]) {
        try {
          app.route({
            method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
            url,
            // Signed-in developers learn the area is not built; anyone else gets the usual 401.
            handler: async (req) => {
              await authenticateDeveloper(ctx, req);
              throw ApiError.notAvailableYet(area.title);
            },
          });
        } catch {
          // Two areas may share a prefix path; the first registration serves both.
        }
      }
    }
  }
}
