import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Routes inside `/apps/:appId` (docs/console-screens.md › URLs: Flows). */
export const flowsRoutes: RouteObject[] = [
  { path: 'flows', lazy: lazyPage(() => import('./pages/FlowsPage')) },
  { path: 'flows/:flowId/:versionId', lazy: lazyPage(() => import('./pages/FlowEditorPage')) },
  {
    path: 'flows/:flowId/:versionId/instances/:executionId?',
    lazy: lazyPage(() => import('./pages/InstancesPage')),
  },
  ...['logs', 'metrics', 'sla'].map((tab) => ({
    path: `flows/:flowId/:versionId/${tab}`,
    lazy: lazyPage(() => import('./pages/VersionTabPage')),
  })),
];
