import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Billing (an app's plan, usage against its limits, switching plans): `billing`. */
export const billingRoutes: RouteObject[] = [{ path: 'billing', lazy: lazyPage(() => import('./pages/BillingPage')) }];
