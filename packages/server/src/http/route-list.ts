import type { FastifyInstance } from 'fastify';

/** One registered route: its verb and URL pattern as Fastify holds it. */
export interface RouteSummary {
  method: string;
  url: string;
}

/** The routes each Fastify instance registered (tests build several): a record of it, not a service. */
const lists = new WeakMap<FastifyInstance, RouteSummary[]>();

/**
 * Keeps the list of every route the server registers (console, app API, health), so a test can
 * walk them all, the app API's included, which the shared contract does not declare. Installed
 * before any route exists; costs one push per route at start.
 */
export function recordRoutes(app: FastifyInstance): void {
  const list: RouteSummary[] = [];
  lists.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) list.push({ method, url: route.url });
  });
}

/** The routes `recordRoutes` saw (empty when it was not installed). */
export function routesOf(app: FastifyInstance): RouteSummary[] {
  return lists.get(app) ?? [];
}
