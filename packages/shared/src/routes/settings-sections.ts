import { plannedRoutes } from '../route.js';

const app = '/:appId/console';

/**
 * The sections of the reference's `settings` group that are not built yet (route names
 * `settings.*`): CORS domains, custom domains, the iOS certificate, data validators, the logging
 * integration and log files, and the landing page. Mobile settings and API keys are in `settings.ts`.
 */
export const settingsSectionRoutes = plannedRoutes('settings', 'settings', {
  updateDomainNames: ['PUT', `${app}/domaincontrolsettings`],
  updateCustomDomain: ['PUT', `${app}/dnsmapping`],
  getCustomDomains: ['GET', `${app}/settings/custom-domain`],
  createCustomDomain: ['POST', `${app}/settings/custom-domain`],
  assignCustomDomain: ['POST', `${app}/settings/custom-domain/assign-generated-domain`],
  changeCustomDomain: ['PUT', `${app}/settings/custom-domain/:domainId`],
  deleteCustomDomain: ['DELETE', `${app}/settings/custom-domain/:domainId`],
  updateIOSCert: ['POST', `${app}/ioscert`],
  getDataValidators: ['GET', '/console/datavalidators'],
  setAppLoggingIntegration: ['POST', `${app}/logging/integration`],
  clearLoggers: ['DELETE', `${app}/logging/loggers`],
  getLandingPageData: ['GET', `${app}/landing-page`],
  getLandingPageTemplates: ['GET', `${app}/landing-page/templates`],
  saveLandingPageData: ['PUT', `${app}/landing-page`],
  publishLandingPageData: ['POST', `${app}/landing-page/publish`],
  uploadLandingPageFile: ['POST', `${app}/landing-page/file`],
});
