import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { allRoutes, Areas, type AreaDef, type RouteDef } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { authenticateDeveloper } from '../../http/auth.js';
import { assertFeature, loadAppAccess } from '../../http/dev-access.js';
import { registeredRouteNames } from '../../http/route.js';

/**
 * Names of the declared routes answered by the 501 stand-in (their `area` is not built yet). The
 * contract test checks that every declared route is in `registeredRouteNames` or here, and that
 * only areas `/console/status` does not call available have stand-ins.
 */
export const notAvailableRouteNames = new Set<string>();

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function areaOf(route: RouteDef): AreaDef {
  const area = Areas.find((a) => a.id === route.area);
  if (!area) throw new Error(`Route ${route.name} names an unknown area '${route.area}'`);
  return area;
}

/**
 * Until an area is built, its console routes answer `501 {code: 'NOT_AVAILABLE_YET', message}`
 * naming it, so clients can tell "not built yet" from "no such route". Called after every module
 * has registered its routes, so a module's handler always wins:
 *
 * 1. each declared route with an `area` and no handler gets a stand-in on its own verb and path;
 * 2. each area's `serverPrefixes` get a catch-all (`<prefix>` and `<prefix>/*`, verb by verb) for
 *    the paths nobody declared; a verb and path some route already has is left to that route.
 *
 * Both answer 401 to a caller without a developer key, and a stand-in with `:appId` answers 404
 * for an app the developer has no access to, as the built routes do. The answer is decided
 * before the body is read: an upload to a stand-in is a 501, not a 415.
 */
export function registerNotAvailableRoutes(app: FastifyInstance, ctx: ServerContext): void {
  for (const route of allRoutes()) {
    if (!route.area || registeredRouteNames.has(route.name) || app.hasRoute({ method: route.method, url: route.path }))
      continue;
    const area = areaOf(route);
    app.route({
      method: route.method,
      url: route.path,
      onRequest: async (req) => {
        if (route.auth === 'developer') {
          const developer = await authenticateDeveloper(ctx, req);
          const { appId } = (req.params ?? {}) as { appId?: string };
          if (appId !== undefined) await loadAppAccess(ctx.dbs, developer.id, appId);
        }
        // An area the operator switched off says so rather than "not built yet".
        assertFeature(ctx.config.features, area.id, area.title);
        throw ApiError.notAvailableYet(area.title);
      },
      handler: async () => {
        throw ApiError.notAvailableYet(area.title);
      },
    });
    notAvailableRouteNames.add(route.name);
  }

  for (const area of Areas) {
    const refuse = async (req: FastifyRequest) => {
      // Signed-in developers learn the area is not built; anyone else gets the usual 401.
      await authenticateDeveloper(ctx, req);
      assertFeature(ctx.config.features, area.id, area.title);
      throw ApiError.notAvailableYet(area.title);
    };
    for (const prefix of area.serverPrefixes) {
      const base = prefix.startsWith('/') ? prefix : `/:appId/console/${prefix}`;
      for (const url of [base, `${base}/*`]) {
        for (const method of METHODS) {
          // Two areas may share a prefix path: the first registration serves both.
          if (app.hasRoute({ method, url })) continue;
          app.route({ method, url, onRequest: refuse, handler: refuse });
        }
      }
    }
  }
}
