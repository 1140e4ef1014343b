import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Routes inside `/apps/:appId` (docs/console-screens.md › URLs). */
export const messagingRoutes: RouteObject[] = [
  {
    path: 'messaging',
    lazy: lazyPage(() => import('./pages/MessagingLayout')),
    children: [
      { index: true, element: <Navigate to="channels" replace /> },
      { path: 'channels/:channel?/:tab?', lazy: lazyPage(() => import('./pages/ChannelsPage')) },
      { path: 'devices', lazy: lazyPage(() => import('./pages/DevicesPage')) },
      { path: 'push/:template?', lazy: lazyPage(() => import('./pages/PushPage')) },
      { path: 'buttons', lazy: lazyPage(() => import('./pages/ButtonTemplatesPage')) },
      { path: 'outbox', lazy: lazyPage(() => import('./pages/OutboxPage')) },
    ],
  },
];
