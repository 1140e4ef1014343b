import { plannedRoutes } from '../route.js';

/** Blueprints: ready-made applications to start a new app from (not built yet). */
export const blueprintsRoutes = plannedRoutes('blueprints', 'blueprints', {
  get: ['GET', '/console/blueprints/:blueprintId'],
});
