import { plannedRoutes } from '../route.js';

const app = '/:appId/console';

/**
 * Analytics (not built yet): usage statistics of an app. Periods are MONTH (the default), YEAR,
 * HALF_YEAR or CUSTOM with `dateFrom`/`dateTo`. `messages` is `GET …/messaging` itself, a path the
 * messaging area leaves free (its routes are below `…/messaging/`).
 */
export const analyticsRoutes = plannedRoutes('analytics', 'analytics', {
  getAppStats: ['GET', `${app}/application/stats`],
  performance: ['GET', `${app}/performance`],
  concurrentRequests: ['GET', `${app}/concurrent-requests`],
  apiCalls: ['GET', `${app}/apicalls`],
  messages: ['GET', `${app}/messaging`],
  users: ['GET', `${app}/userstats`],
  workers: ['GET', `${app}/workers`],
});

/** The console's report of what a developer does in an app (part of Analytics). */
export const activityManagerRoutes = plannedRoutes('analytics', 'activityManager', {
  send: ['POST', `${app}/user-activity`],
});
