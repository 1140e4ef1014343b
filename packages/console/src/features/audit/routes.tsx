import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Audit log (docs/console-screens.md › URLs); filters live in the query (`actor`, `action`, `from`, `to`, `page`). */
export const auditRoutes: RouteObject[] = [
  { path: 'audit', lazy: lazyPage(() => import('./pages/AuditPage')) },
  // Console activity events (activityManager), page in `page`.
  { path: 'audit/activity', lazy: lazyPage(() => import('./pages/ActivityPage')) },
];
