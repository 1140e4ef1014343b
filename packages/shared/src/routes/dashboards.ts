import { plannedRoutes } from '../route.js';

const base = '/:appId/console/data-to-visualize/dashboards';
const components = `${base}/:dashboardId/dashlet-components`;

/** Dashboards of an app's data, their dashlets and dashlet components (not built yet). */
export const dataToVisualizeRoutes = plannedRoutes('dashboards', 'dataToVisualize', {
  getDashboards: ['GET', base],
  createDashboard: ['POST', base],
  cloneDashboard: ['POST', `${base}/:dashboardId/clone`],
  updateDashboard: ['PUT', `${base}/:dashboardId`],
  updateDashboards: ['PUT', base],
  updateDashboardSettings: ['PUT', `${base}/:dashboardId/settings`],
  deleteDashboard: ['DELETE', `${base}/:dashboardId`],
  addDashboardDashlet: ['POST', `${base}/:dashboardId/dashlets`],
  createDashboardDashlets: ['POST', `${base}/:dashboardId/dashlets/create`],
  deleteDashboardDashlet: ['DELETE', `${base}/:dashboardId/dashlets/:dashletId`],
  updateDashboardDashlet: ['PUT', `${base}/:dashboardId/dashlets/:dashletId`],
  loadDashletComponents: ['GET', components],
  installDashletComponent: ['POST', `${components}/install`],
  upgradeDashletComponent: ['POST', `${components}/upgrade`],
  createDashletComponent: ['POST', `${components}/create`],
  deleteDashletComponent: ['DELETE', `${components}/:componentId`],
  updateDashletComponent: ['PUT', `${components}/:componentId`],
  getDashletComponentFileDownloadLink: ['GET', `${components}/:componentId/files/sign`],
  loadDashletComponentFilesList: ['GET', `${components}/:componentId/files`],
  loadDashletComponentFileContent: ['GET', `${components}/:componentId/files/:fileName`],
  uploadDashletComponentFiles: ['POST', `${components}/:componentId/files`],
  updateDashletComponentFiles: ['PUT', `${components}/:componentId/files`],
});
