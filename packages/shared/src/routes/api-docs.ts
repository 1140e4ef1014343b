import { plannedRoutes } from '../route.js';

const base = '/:appId/console/api-docs';

/** Generated API documentation of an app's tables, channels, files and services (not built yet). */
export const apiDocsRoutes = plannedRoutes('api-docs', 'apiDocs', {
  generateDataTableApi: ['POST', `${base}/data/table/:tableName`],
  generateMessagingChannelApi: ['POST', `${base}/messaging/channel/:channelName`],
  generateFilesApi: ['POST', `${base}/files`],
  generateServiceApi: ['POST', `${base}/services/:serviceId/:model`],
  generateGeoApi: ['POST', `${base}/geo`],
});
