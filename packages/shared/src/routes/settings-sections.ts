import { plannedRoutes } from '../route.js';

const app = '/:appId/console';

/**
 * The sections of the reference's `settings` group that are not built yet (route names
 * `settings.*`): the iOS certificate. Data validators are in `data-validators.ts`. Mobile settings and API keys are in
 * `settings.ts`, CORS origins and custom domains in `settings-domains.ts`, logging in `logging.ts`,
 * the landing page in `landing-page.ts`.
 */
export const settingsSectionRoutes = plannedRoutes('settings', 'settings', {
  updateIOSCert: ['POST', `${app}/ioscert`],
});
