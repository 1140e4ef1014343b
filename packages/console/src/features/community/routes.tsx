import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Community (decision 0083): profile, invitations, questionnaire — outside any app. */
export const communityRoutes: RouteObject[] = [
  { path: 'community/*', lazy: lazyPage(() => import('./pages/CommunityPage')) },
];
