import { plannedRoutes } from '../route.js';

/*
 * Event handlers, timers, invocation chains, categories and events of the reference client's `bl`
 * group (route names `bl.*`). `:mode` is the lower-cased mode (`draft`, `production` or `prod`,
 * `debug`, `marketplace`); `:category` is `events` or `timers`.
 */

const sc = '/:appId/console/servercode';

export const blHandlerRoutes = plannedRoutes('code', 'bl', {
  getEventHandlers: ['GET', sc],
  createEventHandler: ['POST', `${sc}/:mode/:category`],
  updateEventHandler: ['PUT', `${sc}/:mode/:category/:handlerId`],
  deleteEventHandler: ['DELETE', `${sc}/:mode/:category/:handlerId`],
  changeHandlerState: ['PUT', `${sc}/:mode/:category/:handlerId/state`],
  invokeTimer: ['POST', `${sc}/:mode/:category/:timerName/run`],
  getHandlerInvocationChain: ['GET', `${sc}/chain/:eventId/:context`],
  updateHandlerInvocationChain: ['PUT', `${sc}/chain/:eventId/:context`],
  getCategories: ['GET', `${sc}/categories`],
  getEvents: ['GET', `${sc}/events`],
  getTimerLogs: ['GET', `${sc}/timers/logs`],
});
