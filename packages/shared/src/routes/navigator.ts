import { plannedRoutes } from '../route.js';

/**
 * The console's navigator: its options and the log of where developers go (not built yet). Declared
 * so that `/console/navigator/log` is a console route: the app API's `/{appId}/{apiKey}/log` would
 * otherwise read `console` as an application id.
 */
export const navigatorRoutes = plannedRoutes('navigator', 'navigator', {
  loadNavigatorOptions: ['GET', '/console/navigator'],
  log: ['POST', '/console/navigator/log'],
});
