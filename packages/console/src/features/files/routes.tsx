import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Routes inside `/apps/:appId`: the folder is the rest of the path (docs/console-screens.md › URLs). */
export const filesRoutes: RouteObject[] = [{ path: 'files/*', lazy: lazyPage(() => import('./pages/FilesPage')) }];

/**
 * The preview frame, signed in but outside the app frame (no sidebar, no top bar): it is shown
 * inside the Files area's preview panel and talks to it over the bridge.
 */
export const filesFrameRoutes: RouteObject[] = [
  { path: 'apps/:appId/files/-/preview', lazy: lazyPage(() => import('./pages/PreviewFramePage')) },
];
