import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Routes inside `/apps/:appId` (docs/console-screens.md › URLs: Cloud code). */
export const codeRoutes: RouteObject[] = [
  {
    path: 'code',
    lazy: lazyPage(() => import('./pages/CodeLayout')),
    children: [
      { index: true, element: <Navigate to="services" replace /> },
      { path: 'services/:serviceId?/:method?', lazy: lazyPage(() => import('./pages/ServicesPage')) },
      { path: 'handlers', lazy: lazyPage(() => import('./pages/HandlersPage')) },
      { path: 'handlers/:handlerId/logic', lazy: lazyPage(() => import('./pages/CodelessItemLogicPage')) },
      { path: 'timers/:timer/logic', lazy: lazyPage(() => import('./pages/CodelessItemLogicPage')) },
      { path: 'timers/:timer?', lazy: lazyPage(() => import('./pages/TimersPage')) },
      { path: 'editor', element: <Navigate to="default" replace /> },
      { path: 'editor/:model/*', lazy: lazyPage(() => import('./pages/EditorPage')) },
      { path: 'logs', lazy: lazyPage(() => import('./pages/LogsPage')) },
      {
        path: 'codeless',
        lazy: lazyPage(() => import('./pages/CodelessLayout')),
        children: [
          { index: true, element: <Navigate to="services" replace /> },
          {
            path: 'services/:serviceId?/:methodId?',
            lazy: lazyPage(() => import('./pages/CodelessServicesPage')),
          },
          { path: 'functions/:functionId?', lazy: lazyPage(() => import('./pages/CodelessFunctionsPage')) },
        ],
      },
    ],
  },
];
