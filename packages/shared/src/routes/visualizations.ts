import { plannedRoutes } from '../route.js';

const base = '/:appId/console/visualizations';

/** Visualizations: published UI containers shown over an app's data (not built yet). */
export const visualizationsRoutes = plannedRoutes('visualizations', 'visualizations', {
  getVisualizations: ['GET', base],
  createVisualization: ['POST', base],
  updateVisualization: ['PUT', `${base}/:visualizationId`],
  deleteVisualizations: ['DELETE', base],
  updateVisualizationResources: ['PUT', `${base}/:visualizationId/resources`],
  loadPublishedUIBuilderContainers: ['GET', `${base}/ui-builder/containers/published`],
});
