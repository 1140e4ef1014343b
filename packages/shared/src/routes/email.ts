import { plannedRoutes } from '../route.js';

const app = '/:appId/console';

/**
 * Email settings (not built yet): system email templates per event, SMTP settings and custom
 * templates. The reference client's `loadEmailTemplates` and `saveEmailTemplate` are aliases of
 * `loadTemplates` and `saveTemplate` and use the same routes.
 */
export const emailRoutes = plannedRoutes('email', 'email', {
  loadTemplates: ['GET', `${app}/email`],
  saveTemplate: ['PUT', `${app}/email/events`],
  sendTestEmail: ['POST', `${app}/email/events/test`],
  resetSystemEmailTemplate: ['DELETE', `${app}/email/events/:eventId`],
  updateEmailParams: ['PUT', `${app}/mailsettings`],
  resetEmailParams: ['DELETE', `${app}/mailsettings`],
  getEmailParams: ['GET', `${app}/mailsettings`],
  testSMTPConnection: ['PUT', `${app}/mailsettings/test`],
  loadCustomTemplates: ['GET', `${app}/emailtemplate`],
  createCustomTemplate: ['POST', `${app}/emailtemplate`],
  updateCustomTemplate: ['PUT', `${app}/emailtemplate/:templateName`],
  deleteCustomTemplate: ['DELETE', `${app}/emailtemplate/:templateName`],
  sendTestCustomEmail: ['POST', `${app}/emailtemplate/test`],
  parseCustomTemplateKeys: ['POST', `${app}/emailtemplate/customkeys`],
  installEmailTemplateFromMarketplace: ['POST', `${app}/email-templates/install/:productId`],
});
