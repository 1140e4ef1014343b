import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Team area (CONSOLE.md §1.2): members and one member's permissions. */
export const teamRoutes: RouteObject[] = [
  { path: 'team', lazy: lazyPage(() => import('./pages/TeamPage')) },
  { path: 'team/:developerId', lazy: lazyPage(() => import('./pages/MemberPage')) },
];
