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
import { missionsRoutes } from '../features/missions/routes';
import { communityRoutes } from '../features/community/routes';
import { operatorRoutes } from '../features/operator/routes';
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
import { flowsRoutes } from '../features/flows/routes';
import { apiDocsRoutes } from '../features/api-docs/routes';
import { knowledgeBasesRoutes } from '../features/knowledge-bases/routes';
import { uiBuilderRoutes } from '../features/ui-builder/routes';
import { uiDocsRoutes } from '../features/ui-docs/routes';
import { webhooksRoutes } from '../features/webhooks/routes';
import { mcpRoutes } from '../features/mcp/routes';
import { accountBillingRoutes, billingRoutes } from '../features/billing/routes';
import { sqlEditorRoutes } from '../features/sql-editor/routes';
import { dataConnectorsRoutes } from '../features/data-connectors/routes';
import { marketplaceRoutes } from '../features/marketplace/routes';

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
              {
                element: <ConsoleLayout />,
                children: [
                  ...appsListRoutes,
                  ...accountRoutes,
                  ...missionsRoutes,
                  ...communityRoutes,
                  ...operatorRoutes,
                  ...accountBillingRoutes,
                ],
              },
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
                  ...flowsRoutes,
                  ...apiDocsRoutes,
                  ...knowledgeBasesRoutes,
                  ...uiBuilderRoutes,
                  ...uiDocsRoutes,
                  ...webhooksRoutes,
                  ...mcpRoutes,
                  ...billingRoutes,
                  ...sqlEditorRoutes,
                  ...dataConnectorsRoutes,
                  ...marketplaceRoutes,
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
