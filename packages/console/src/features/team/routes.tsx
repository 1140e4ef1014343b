import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Team area (docs/console-screens.md › URLs): members and one member's permissions. */
export const teamRoutes: RouteObject[] = [
  { path: 'team', lazy: lazyPage(() => import('./pages/TeamPage')) },
  { path: 'team/:developerId', lazy: lazyPage(() => import('./pages/MemberPage')) },
];
