import type { RouteDef } from '../route.js';
import { systemRoutes } from './system.js';
import { userRoutes } from './user.js';
import { appsRoutes } from './apps.js';
import { tablesRoutes } from './tables.js';
import { dataViewsRoutes } from './data-views.js';
import { countersRoutes } from './counters.js';
import { cacheRoutes } from './cache.js';
import { dataHivesRoutes } from './data-hives.js';
import { filesRoutes } from './files.js';
import { messagingRoutes } from './messaging.js';
import { auditRoutes, devPermissionsRoutes, devTeamRoutes } from './dev-team.js';
import { usersRoutes } from './users.js';
import { securityRoutes } from './security.js';
import { transferRoutes } from './transfer.js';
import { settingsRoutes } from './settings.js';

export * from './system.js';
export * from './user.js';
export * from './apps.js';
export * from './tables.js';
export * from './data-views.js';
export * from './counters.js';
export * from './cache.js';
export * from './data-hives.js';
export * from './files.js';
export * from './messaging.js';
export * from './dev-team.js';
export * from './users.js';
export * from './security.js';
export * from './transfer.js';
export * from './settings.js';

/**
 * Every declared console route, by SDK group. Each area adds its group here; the server test
 * `system.test.ts` checks that each one has a handler.
 */
export const Routes = {
  system: systemRoutes,
  user: userRoutes,
  apps: appsRoutes,
  tables: tablesRoutes,
  dataViews: dataViewsRoutes,
  counters: countersRoutes,
  cache: cacheRoutes,
  dataHives: dataHivesRoutes,
  files: filesRoutes,
  messaging: messagingRoutes,
  security: securityRoutes,
  devTeam: devTeamRoutes,
  devPermissions: devPermissionsRoutes,
  /** Audit log and HIPAA rows of the reference's `security` group (route names `security.*`). */
  audit: auditRoutes,
  users: usersRoutes,
  transfer: transferRoutes,
  /** Mobile (push) credentials of the reference's `settings` group; the rest of Settings comes later. */
  settings: settingsRoutes,
} satisfies Record<string, Record<string, RouteDef>>;

export function allRoutes(): RouteDef[] {
  return Object.values(Routes).flatMap((group) => Object.values(group as Record<string, RouteDef>));
}
