import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** The apps list, with "New app" as a modal route over it. */
export const appsListRoutes: RouteObject[] = [
  {
    path: 'apps',
    lazy: lazyPage(() => import('./pages/AppsPage')),
    children: [{ path: 'new', lazy: lazyPage(() => import('./pages/NewAppPage')) }],
  },
];

/** Routes inside `/apps/:appId`. */
export const appRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="overview" replace /> },
  { path: 'overview', lazy: lazyPage(() => import('./pages/OverviewPage')) },
];
