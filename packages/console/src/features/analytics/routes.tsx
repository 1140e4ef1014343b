import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Analytics (docs/console-screens.md › URLs); the period lives in the query (`period`, `from`, `to`). */
export const analyticsRoutes: RouteObject[] = [
  { path: 'analytics/:report?', lazy: lazyPage(() => import('./pages/AnalyticsPage')) },
];
