/** What the Apps area offers the rest of the console. */
export { useGetApps, useGetAppInfo, useRenameApp } from './api/apps.queries';
export { appsKeys } from './api/apps.keys';
export { validateAppName } from './app-name';
export { DeleteAppModal } from './components/DeleteAppModal';
