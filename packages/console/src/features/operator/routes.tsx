import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { productApprovalsRoute } from '../marketplace/routes';

/**
 * The instance operator's area (decisions 0082, 0089, 0092), outside any app. Other features add their
 * operator pages as children here (e.g. `products` from the marketplace); a section whose page is not
 * there yet falls to the "not available yet" page.
 */
export const operatorRoutes: RouteObject[] = [
  {
    path: 'operator',
    lazy: lazyPage(() => import('./pages/OperatorLayout')),
    children: [
      { index: true, element: <Navigate to="plans" replace /> },
      { path: 'plans', lazy: lazyPage(() => import('./pages/PlansPage')) },
      { path: 'invoices', lazy: lazyPage(() => import('./pages/InvoicesPage')) },
      { path: 'moderation', lazy: lazyPage(() => import('./pages/ModerationPage')) },
      { path: 'gamification', lazy: lazyPage(() => import('./pages/GamificationPage')) },
      { path: 'settings', lazy: lazyPage(() => import('./pages/SettingsPage')) },
      productApprovalsRoute,
      { path: '*', lazy: lazyPage(() => import('./pages/NotBuiltPage')) },
    ],
  },
];
