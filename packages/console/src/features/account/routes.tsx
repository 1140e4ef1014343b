import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const accountRoutes: RouteObject[] = [
  { path: 'account', lazy: lazyPage(() => import('./pages/ProfilePage')) },
  { path: 'account/security', lazy: lazyPage(() => import('./pages/SecurityPage')) },
  { path: 'account/server', lazy: lazyPage(() => import('./pages/ServerPage')) },
];
