import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Marketplace of an app (decision 0088): browse, product pages with the install wizard, installs, the developer's side. */
export const marketplaceRoutes: RouteObject[] = [
  {
    path: 'marketplace',
    lazy: lazyPage(() => import('./pages/MarketplaceLayout')),
    children: [
      { index: true, lazy: lazyPage(() => import('./pages/BrowsePage')) },
      { path: 'products/:productId', lazy: lazyPage(() => import('./pages/ProductPage')) },
      { path: 'installed', lazy: lazyPage(() => import('./pages/InstalledPage')) },
      { path: 'developer', lazy: lazyPage(() => import('./pages/MyProductsPage')) },
      { path: 'sales', lazy: lazyPage(() => import('./pages/SalesPage')) },
    ],
  },
];

/** The operator's approvals of marketplace submissions: `/operator/products`, a child of the Operator area. */
export const productApprovalsRoute: RouteObject = {
  path: 'products',
  lazy: lazyPage(() => import('./pages/ProductApprovalsPage')),
};
