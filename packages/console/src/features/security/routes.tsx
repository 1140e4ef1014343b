import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Security area (docs/console-screens.md › URLs): roles, permissions, run as, sessions, safety, advisor. */
export const securityRoutes: RouteObject[] = [
  {
    path: 'security',
    lazy: lazyPage(() => import('./pages/SecurityLayout')),
    children: [
      { index: true, element: <Navigate to="roles" replace /> },
      { path: 'roles/:roleId?', lazy: lazyPage(() => import('./pages/RolesPage')) },
      { path: 'permissions', lazy: lazyPage(() => import('./pages/PermissionsPage')) },
      { path: 'run-as', lazy: lazyPage(() => import('./pages/RunAsPage')) },
      { path: 'sessions', lazy: lazyPage(() => import('./pages/SessionsPage')) },
      { path: 'safety', lazy: lazyPage(() => import('./pages/SafetyPage')) },
      { path: 'advisor', lazy: lazyPage(() => import('./pages/AdvisorPage')) },
    ],
  },
];
