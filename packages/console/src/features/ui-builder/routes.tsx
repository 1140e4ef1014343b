import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * UI Builder (docs/console-screens.md › UI builder): `ui` lists the containers,
 * `ui/:container/:section/:item?` is the editor (section: pages, layouts, components, theme,
 * functions, i18n, backups, settings). Both are lazy chunks: the canvas never weighs on the
 * console's first load.
 */
export const uiBuilderRoutes: RouteObject[] = [
  { path: 'ui', lazy: lazyPage(() => import('./pages/ContainersPage')) },
  { path: 'ui/:container', element: <Navigate to="pages" replace /> },
  { path: 'ui/:container/:section/:item?', lazy: lazyPage(() => import('./pages/EditorPage')) },
];
