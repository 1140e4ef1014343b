import { plannedRoutes } from '../route.js';

const base = '/api/app/:appId/quick-apps';

/** Quick apps: generated UI containers and their deployment (not built yet). */
export const quickAppsRoutes = plannedRoutes('quick-apps', 'quickApps', {
  loadContainers: ['GET', `${base}/containers`],
  loadContainer: ['GET', `${base}/containers/:containerId`],
  createContainer: ['POST', `${base}/containers`],
  deleteContainer: ['DELETE', `${base}/containers/:containerId`],
  deployContainer: ['POST', `${base}/deploy/:containerId`],
});
