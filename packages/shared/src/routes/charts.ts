import { plannedRoutes } from '../route.js';

const base = '/:appId/console/chart-builder';

/** Charts made with the chart builder (not built yet). */
export const chartBuilderRoutes = plannedRoutes('charts', 'chartBuilder', {
  getCharts: ['GET', base],
  createChart: ['POST', `${base}/chart`],
  updateChart: ['PUT', `${base}/chart/:chartName`],
  deleteChart: ['DELETE', `${base}/chart/:chartName`],
  renameChart: ['PUT', `${base}/rename-chart`],
});
