import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { FIRST_BUILT_SECTION } from './sections';

/**
 * Settings (docs/console-screens.md › URLs, Settings): `/settings/:section`. General (identity, clone, export,
 * import, danger zone), API keys, Domains, CORS, Mobile (push credentials), Email (templates, outbox), SMTP,
 * Logging and Landing page are built; the other sections say they are not available yet.
 */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: lazyPage(() => import('./pages/SettingsLayout')),
    children: [
      { index: true, element: <Navigate to={FIRST_BUILT_SECTION} replace /> },
      { path: 'general', lazy: lazyPage(() => import('./pages/GeneralSettingsPage')) },
      { path: 'api-keys', lazy: lazyPage(() => import('./pages/ApiKeysSettingsPage')) },
      { path: 'domains', lazy: lazyPage(() => import('./pages/DomainsSettingsPage')) },
      { path: 'cors', lazy: lazyPage(() => import('./pages/CorsSettingsPage')) },
      { path: 'mobile', lazy: lazyPage(() => import('./pages/MobileSettingsPage')) },
      { path: 'email', lazy: lazyPage(() => import('./pages/EmailSettingsPage')) },
      { path: 'smtp', lazy: lazyPage(() => import('./pages/SmtpSettingsPage')) },
      { path: 'logging', lazy: lazyPage(() => import('./pages/LoggingSettingsPage')) },
      { path: 'landing', lazy: lazyPage(() => import('./pages/LandingSettingsPage')) },
      { path: 'backups', lazy: lazyPage(() => import('../backups/pages/BackupsSettingsPage')) },
      { path: ':section/*', lazy: lazyPage(() => import('./pages/SectionNotAvailablePage')) },
    ],
  },
];
