import { plannedRoutes } from '../route.js';

/** The server's license and its cluster (not built yet: this server needs no license). */
export const licenseRoutes = plannedRoutes('license', 'license', {
  get: ['GET', '/console/license'],
  upload: ['POST', '/console/license'],
  replaceCluster: ['POST', '/console/license/cluster/replace'],
});
