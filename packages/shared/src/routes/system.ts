import type { AreaAvailability } from '../areas.js';
import { defineRoute } from '../route.js';

export const systemRoutes = {
  loadStatus: defineRoute({ name: 'system.loadStatus', method: 'GET', path: '/console/status', auth: 'public', summary: 'Server readiness, version and available areas' }),
  loadMainMenu: defineRoute({ name: 'system.loadMainMenu', method: 'GET', path: '/api/console/main-menu/items', auth: 'developer' }),
  warning: defineRoute({ name: 'warning', method: 'GET', path: '/:appId/console/warning', auth: 'developer' }),
};

/** Answer of `GET /console/status`. */
export interface StatusInfo {
  ready: boolean;
  version: string;
  database: 'sqlite' | 'postgres';
  /** Whether outgoing mail goes through SMTP or only to the server log. */
  mail: 'smtp' | 'log';
  areas: AreaAvailability;
}
