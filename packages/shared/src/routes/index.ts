import type { RouteDef } from '../route.js';
import { systemRoutes } from './system.js';
import { userRoutes } from './user.js';
import { appsRoutes } from './apps.js';

export * from './system.js';
export * from './user.js';
export * from './apps.js';

/**
 * Every declared console route, by SDK group. Each area adds its group here; the server test
 * `routes.contract.test.ts` checks that each one has a handler.
 */
export const Routes = {
  system: systemRoutes,
  user: userRoutes,
  apps: appsRoutes,
} satisfies Record<string, Record<string, RouteDef>>;

export function allRoutes(): RouteDef[] {
  return Object.values(Routes).flatMap((group) => Object.values(group as Record<string, RouteDef>));
}
