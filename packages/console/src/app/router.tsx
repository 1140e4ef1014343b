import { createBrowserRouter, Navigate } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { RootLayout } from './shell/RootLayout';
import { RouteError } from './shell/RouteError';
import { SignedInLayout } from './shell/SignedInLayout';
import { ConsoleLayout } from './shell/ConsoleLayout';
import { AppLayout } from './shell/AppLayout';
import { RequireAuth } from './session/RequireAuth';
import { lazyPage } from './lazy-page';
import { authRoutes } from '../features/auth/routes';
import { accountRoutes } from '../features/account/routes';
import { appRoutes, appsListRoutes } from '../features/apps/routes';
import { areaRoutes } from '../features/areas/routes';
import { dataRoutes } from '../features/data/routes';
import { filesFrameRoutes, filesRoutes } from '../features/files/routes';
import { messagingRoutes } from '../features/messaging/routes';
import { settingsRoutes } from '../features/settings/routes';
import { securityRoutes } from '../features/security/routes';
import { usersRoutes } from '../features/users/routes';
import { teamRoutes } from '../features/team/routes';
import { auditRoutes } from '../features/audit/routes';
import { analyticsRoutes } from '../features/analytics/routes';
import { codeRoutes } from '../features/code/routes';
import { apiDocsRoutes } from '../features/api-docs/routes';

/**
 * Every console URL that exists so far (docs/console-screens.md › URLs). Pages load lazily (one chunk per route); the
 * frames around them (layouts, guards) are part of the first load so navigation never flashes.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: (
      <Center h="100vh">
        <Loader size="sm" />
      </Center>
    ),
    children: [
      { index: true, element: <Navigate to="/apps" replace /> },
      ...authRoutes,
      {
        element: <RequireAuth />,
        children: [
          ...filesFrameRoutes,
          {
            element: <SignedInLayout />,
            children: [
              { element: <ConsoleLayout />, children: [...appsListRoutes, ...accountRoutes] },
              {
                path: 'apps/:appId',
                element: <AppLayout />,
                children: [
                  ...appRoutes,
                  ...filesRoutes,
                  ...messagingRoutes,
                  ...dataRoutes,
                  ...securityRoutes,
                  ...usersRoutes,
                  ...teamRoutes,
                  ...auditRoutes,
                  ...analyticsRoutes,
                  ...codeRoutes,
                  ...apiDocsRoutes,
                  ...settingsRoutes,
                  ...areaRoutes,
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('./NotFoundPage')) },
    ],
  },
]);
