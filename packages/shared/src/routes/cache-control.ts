import { plannedRoutes } from '../route.js';

const base = '/:appId/console/cachecontrol/:service';

/** Cache-control rules per service and target (not built yet; developer operation 116 when built). */
export const cacheControlRoutes = plannedRoutes('cache-control', 'cacheControl', {
  loadAllServiceItems: ['GET', base],
  loadServiceItem: ['GET', `${base}/:target`],
  createServiceItem: ['POST', `${base}/:target`],
  updateServiceItem: ['PUT', `${base}/:target`],
  deleteServiceItem: ['DELETE', `${base}/:target`],
});
