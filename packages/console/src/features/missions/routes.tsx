import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Missions (decision 0083): outside any app, like the account pages. */
export const missionsRoutes: RouteObject[] = [
  { path: 'missions/:packId?', lazy: lazyPage(() => import('./pages/MissionsPage')) },
];
