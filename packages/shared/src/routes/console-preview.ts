import { plannedRoutes } from '../route.js';

/** The token an embedded preview of an app's pages starts with (not built yet). */
export const consolePreviewRoutes = plannedRoutes('console-preview', 'consolePreview', {
  getPreviewInitToken: ['GET', '/:appId/console/preview/preview-init-token'],
});
