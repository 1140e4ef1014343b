import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Billing (an app's plan, usage against its limits, switching plans, payment profiles, invoices): `billing`. */
export const billingRoutes: RouteObject[] = [{ path: 'billing', lazy: lazyPage(() => import('./pages/BillingPage')) }];

/**
 * The account's payment profiles, outside any app. Not `/account/billing` (CONSOLE.md): the server
 * keeps `/:appId/billing` for the app API's billing routes, so a reload there would reach the server. `/billing` is where Stripe returns after a card
 * is entered (the server's setup return URL): it lands on the profiles.
 */
export const accountBillingRoutes: RouteObject[] = [
  { path: 'account/payment-profiles', lazy: lazyPage(() => import('./pages/AccountBillingPage')) },
  { path: 'billing', element: <Navigate to="/account/payment-profiles" replace /> },
];
