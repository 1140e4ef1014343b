/** What the Apps area offers the rest of the console. */
export { useGetApps, useGetAppInfo } from './api/apps.queries';
export { appsKeys } from './api/apps.keys';
