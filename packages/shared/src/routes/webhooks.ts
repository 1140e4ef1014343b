import { plannedRoutes } from '../route.js';

const base = '/:appId/console/webhook';

/** Webhooks called on an app's events (not built yet). */
export const webhooksRoutes = plannedRoutes('webhooks', 'webhooks', {
  getWebhooks: ['GET', base],
  getWebhookOperations: ['GET', `${base}/operations`],
  saveWebhook: ['POST', base],
  updateWebhook: ['PUT', `${base}/:webhookId`],
  deleteWebhook: ['DELETE', `${base}/:webhookId`],
});
