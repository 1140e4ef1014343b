import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Webhooks (Cloud Code › Webhooks) and Integrations (Flows › Integrations), each its own lazy chunk. */
export const webhooksRoutes: RouteObject[] = [
  { path: 'webhooks/:webhookId?', lazy: lazyPage(() => import('./pages/WebhooksPage')) },
  { path: 'integrations', lazy: lazyPage(() => import('./pages/IntegrationsPage')) },
];
