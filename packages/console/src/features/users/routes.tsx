import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Users area (docs/console-screens.md › URLs): the users list, registration, login, OAuth providers, Auth0 and scope-to-role bindings. */
export const usersRoutes: RouteObject[] = [
  {
    path: 'users',
    lazy: lazyPage(() => import('./pages/UsersLayout')),
    children: [
      { index: true, lazy: lazyPage(() => import('./pages/UsersOverviewPage')) },
      { path: 'registration', lazy: lazyPage(() => import('./pages/RegistrationPage')) },
      { path: 'login', lazy: lazyPage(() => import('./pages/LoginSettingsPage')) },
      { path: 'providers/:provider?', lazy: lazyPage(() => import('./pages/ProvidersPage')) },
      { path: 'auth0', lazy: lazyPage(() => import('./pages/Auth0Page')) },
    ],
  },
];
