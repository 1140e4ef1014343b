import { plannedRoutes } from '../route.js';

const app = '/:appId/console';

/**
 * The sections of the reference's `settings` group that are not built yet (route names
 * `settings.*`): the iOS certificate, data validators and the landing page. Mobile settings and API
 * keys are in `settings.ts`, CORS origins and custom domains in `settings-domains.ts`, logging in
 * `logging.ts`.
 */
export const settingsSectionRoutes = plannedRoutes('settings', 'settings', {
  updateIOSCert: ['POST', `${app}/ioscert`],
  getDataValidators: ['GET', '/console/datavalidators'],
  getLandingPageData: ['GET', `${app}/landing-page`],
  getLandingPageTemplates: ['GET', `${app}/landing-page/templates`],
  saveLandingPageData: ['PUT', `${app}/landing-page`],
  publishLandingPageData: ['POST', `${app}/landing-page/publish`],
  uploadLandingPageFile: ['POST', `${app}/landing-page/file`],
});
