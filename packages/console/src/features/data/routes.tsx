import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * The Data area (docs/console-screens.md › URLs): tables by name, non-table tools under the reserved `-`
 * segment. Mounted inside `apps/:appId` before the areas catch-all.
 */
export const dataRoutes: RouteObject[] = [
  {
    path: 'data',
    lazy: lazyPage(() => import('./components/DataLayout')),
    children: [
      { index: true, lazy: lazyPage(() => import('./pages/DataHomePage')) },
      { path: '-/views', lazy: lazyPage(() => import('./pages/ViewsPage')) },
      { path: '-/views/:viewId', lazy: lazyPage(() => import('./pages/ViewPage')) },
      { path: '-/counters', lazy: lazyPage(() => import('./pages/CountersPage')) },
      { path: '-/config', lazy: lazyPage(() => import('./pages/ConfigPage')) },
      { path: '-/cache', lazy: lazyPage(() => import('./pages/CachePage')) },
      { path: '-/hives/:hive?/:store?', lazy: lazyPage(() => import('./pages/HivesPage')) },
      {
        path: '-/connectors/:connectorId/:table',
        lazy: lazyPage(() => import('../data-connectors/pages/ConnectorTablePage')),
      },
      { path: ':table', lazy: lazyPage(() => import('./pages/RecordsPage')) },
      { path: ':table/schema', lazy: lazyPage(() => import('./pages/SchemaPage')) },
    ],
  },
];
