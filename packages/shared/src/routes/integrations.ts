import { plannedRoutes } from '../route.js';

const manage = '/api/node-server/manage';
const app = `${manage}/app/:appId/integration`;

/** An app's integrations with outside services (not built yet). */
export const integrationsRoutes = plannedRoutes('integrations', 'integrations', {
  getIntegrations: ['GET', '/:appId/console/integrations'],
  saveIntegration: ['POST', '/:appId/console/integrations'],
  updateIntegration: ['PUT', '/:appId/console/integrations/:name'],
  deleteIntegration: ['DELETE', '/:appId/console/integrations/:name'],
});

/**
 * Integration connections, shared elements and their parameters, as the flows' extensions use them
 * (the reference's `frExtensions` group; part of Integrations, not built yet).
 */
export const frExtensionsRoutes = plannedRoutes('integrations', 'frExtensions', {
  getAllIntegrationConnections: ['GET', `${app}/connections`],
  getIntegrationConnectionAccessToken: ['GET', `${app}/connection/:connectionId/token`],
  deleteIntegrationConnectionById: ['DELETE', `${app}/connections/:connectionId`],
  updateIntegrationConnectionName: ['PUT', `${app}/connections/:connectionId/name`],
  getConnectionsUsages: ['GET', `${app}/connections/usages`],
  getConnectionURL: ['GET', `${app}/connection/oauth/url`],
  getSharedElements: ['GET', `${manage}/integration/shared/elements`],
  getElementParamDictionary: ['POST', `${app}/block/:serviceName/param-dictionary/:dictionaryName`],
  getElementParamSchema: ['POST', `${app}/block/:serviceName/param-schema/:schemaLoaderName`],
  getElementSampleResult: ['POST', `${app}/block/:serviceName/sample-result/:schemaLoaderName`],
  getSharedProductStatus: ['GET', `${manage}/integration/shared/product/:productId/status`],
  installSharedProduct: ['POST', `${manage}/integration/shared/product/:productId/install`],
  loadSharedAppConfigs: ['GET', `${app}/service/:serviceId/app-configs`],
  saveSharedAppConfigs: ['PUT', `${app}/service/:serviceId/app-configs`],
});
