import type { RouteDef } from '../route.js';
import { systemRoutes } from './system.js';
import { userRoutes } from './user.js';
import { appsRoutes } from './apps.js';
import { tablesRoutes } from './tables.js';
import { dataViewsRoutes } from './data-views.js';
import { countersRoutes } from './counters.js';
import { cacheRoutes } from './cache.js';
import { dataHivesRoutes } from './data-hives.js';
import { filesRoutes } from './files.js';
import { messagingRoutes } from './messaging.js';
import { auditRoutes, devPermissionsRoutes, devTeamRoutes } from './dev-team.js';
import { usersRoutes } from './users.js';
import { securityRoutes } from './security.js';
import { transferRoutes } from './transfer.js';
import { lifecycleRoutes } from './lifecycle.js';
import { settingsRoutes } from './settings.js';
import { loggingRoutes } from './logging.js';
import { landingPageRoutes } from './landing-page.js';
import { activityManagerRoutes, analyticsRoutes } from './analytics.js';
import { apiDocsRoutes } from './api-docs.js';
import { cacheControlRoutes } from './cache-control.js';
import { dataConnectorsRoutes } from './data-connectors.js';
import { sqlServiceRoutes } from './sql-service.js';
import { dataToVisualizeRoutes } from './dashboards.js';
import { emailRoutes } from './email.js';
import { automationRoutes } from './automation.js';
import { aiAssistantRoutes } from './ai-assistants.js';
import { automationObserveRoutes } from './automation-observe.js';
import { automationSlaRoutes } from './automation-sla.js';
import { backupsRoutes } from './backups.js';
import { formEditorRoutes } from './forms.js';
import { licenseRoutes } from './license.js';
import { navigatorRoutes } from './navigator.js';
import { blueprintsRoutes } from './blueprints.js';
import { openAIRoutes } from './ai.js';
import { settingsSectionRoutes } from './settings-sections.js';
import { dataValidatorsRoutes } from './data-validators.js';
import { settingsDomainRoutes } from './settings-domains.js';
import { chartBuilderRoutes } from './charts.js';
import { visualizationsRoutes } from './visualizations.js';
import { consolePreviewRoutes } from './console-preview.js';
import { quickAppsRoutes } from './quick-apps.js';
import { uiBuilderRoutes } from './ui-builder.js';
import { frExtensionsRoutes, integrationsRoutes } from './integrations.js';
import { webhooksRoutes } from './webhooks.js';
import { pdfRoutes } from './pdf.js';
import { hostingMcpServicesRoutes, mcpServicesRoutes } from './mcp.js';
import { knowledgeBaseRoutes } from './knowledge-base.js';
import { blRoutes, cloudCodeRoutes, codelessRoutes, mcpApiServicesRoutes } from './cloudcode-bl.js';
import { blHandlerRoutes } from './cloudcode-handlers.js';
import { billingRoutes, operatorRoutes } from './billing.js';
import { gamificationRoutes } from './gamification.js';
import { communityRoutes, developerProfileRoutes, initialQuestionnaireRoutes, referralsRoutes } from './community.js';
import { marketplaceRoutes } from './marketplace.js';

export * from './system.js';
export * from './user.js';
export * from './apps.js';
export * from './tables.js';
export * from './data-views.js';
export * from './counters.js';
export * from './cache.js';
export * from './data-hives.js';
export * from './files.js';
export * from './messaging.js';
export * from './dev-team.js';
export * from './users.js';
export * from './security.js';
export * from './transfer.js';
export * from './lifecycle.js';
export * from './settings.js';
export * from './logging.js';
export * from './landing-page.js';
export * from './analytics.js';
export * from './api-docs.js';
export * from './cache-control.js';
export * from './data-connectors.js';
export * from './sql-service.js';
export * from './dashboards.js';
export * from './email.js';
export * from './automation.js';
export * from './ai-assistants.js';
export * from './automation-observe.js';
export * from './automation-sla.js';
export * from './backups.js';
export * from './forms.js';
export * from './license.js';
export * from './navigator.js';
export * from './blueprints.js';
export * from './ai.js';
export * from './settings-sections.js';
export * from './data-validators.js';
export * from './settings-domains.js';
export * from './charts.js';
export * from './visualizations.js';
export * from './console-preview.js';
export * from './quick-apps.js';
export * from './ui-builder.js';
export * from './ui-builder-look.js';
export * from './integrations.js';
export * from './webhooks.js';
export * from './pdf.js';
export * from './mcp.js';
export * from './knowledge-base.js';
export * from './cloudcode-schemas.js';
export * from './cloudcode-bl.js';
export * from './cloudcode-handlers.js';
export * from './billing.js';
export * from './gamification.js';
export * from './community.js';
export * from './marketplace.js';

/**
 * Every declared console route, by SDK group. Each area adds its group here; the server test
 * `system.test.ts` checks that each one has a handler, or, for a route with an `area` not built
 * yet, the server's 501 stand-in.
 */
export const Routes = {
  system: systemRoutes,
  user: userRoutes,
  apps: appsRoutes,
  tables: tablesRoutes,
  dataViews: dataViewsRoutes,
  counters: countersRoutes,
  cache: cacheRoutes,
  dataHives: dataHivesRoutes,
  files: filesRoutes,
  messaging: messagingRoutes,
  security: securityRoutes,
  devTeam: devTeamRoutes,
  devPermissions: devPermissionsRoutes,
  /** Audit log and HIPAA rows of the reference's `security` group (route names `security.*`). */
  audit: auditRoutes,
  users: usersRoutes,
  transfer: transferRoutes,
  /** Status of clone, export, import, reset, backup and restore processes (Basalt addition). */
  lifecycle: lifecycleRoutes,
  /** Mobile (push) credentials of the reference's `settings` group; the rest of Settings comes later. */
  settings: settingsRoutes,
  /** CORS origins of the app API and custom domains (route names `settings.*`). */
  settingsDomains: settingsDomainRoutes,
  /** Cloud code: models, drafts, deploys, API services (cloudcode-bl.ts) and handlers/timers (cloudcode-handlers.ts). */
  bl: { ...blRoutes, ...blHandlerRoutes },
  cloudCode: cloudCodeRoutes,
  codeless: codelessRoutes,
  mcpApiServices: mcpApiServicesRoutes,
  /** The logging configuration rows of `settings` and the ring of recent cloud-code log lines. */
  logging: loggingRoutes,
  /**
   * Automation flows: definitions, versions, instances, and their metrics, logs, debugging and
   * execution permissions (automation-observe.ts), SLA calendars and goals (automation-sla.ts),
   * AI assistants (ai-assistants.ts); the rest of the 2.57.2 group answers 501.
   */
  automation: { ...automationRoutes, ...aiAssistantRoutes, ...automationObserveRoutes, ...automationSlaRoutes },
  /** The predefined column validators of `settings` (`getDataValidators`). */
  dataValidators: dataValidatorsRoutes,
  /** The landing page rows of `settings`: content, templates, publish into the app's `web/` files. */
  landingPage: landingPageRoutes,
  /** Backups of an app (Basalt's own group): scheduled and manual archives, restore. */
  backups: backupsRoutes,
  /** Plans and limits (decision 0082); payment profiles, tiers and credit answer 501 until built. */
  billing: billingRoutes,
  /** The instance operator's view: role, feature switches, the whole plan catalogue (Basalt addition). */
  operator: operatorRoutes,
  /** Missions: packs, tasks over platform events, levels, badges, points, trivia (decision 0083). */
  gamification: gamificationRoutes,
  /** Community (decision 0083): comments, reviews and votes, profiles, invitations, the first questionnaire. */
  community: communityRoutes,
  marketplace: marketplaceRoutes,
  developerProfile: developerProfileRoutes,
  referrals: referralsRoutes,
  initialQuestionnaire: initialQuestionnaireRoutes,

  // Areas not built yet (each route carries its `area`; the server answers them 501 until built).
  /** Settings sections not built yet (route names `settings.*`). */
  settingsSections: settingsSectionRoutes,
  analytics: analyticsRoutes,
  activityManager: activityManagerRoutes,
  apiDocs: apiDocsRoutes,
  cacheControl: cacheControlRoutes,
  dataConnectors: dataConnectorsRoutes,
  sqlService: sqlServiceRoutes,
  dataToVisualize: dataToVisualizeRoutes,
  email: emailRoutes,
  formEditor: formEditorRoutes,
  license: licenseRoutes,
  navigator: navigatorRoutes,
  blueprints: blueprintsRoutes,
  openAI: openAIRoutes,
  /** The UI Builder: containers, pages, layouts, documents, logic and publishing; the rest answers 501. */
  uiBuilder: uiBuilderRoutes,
  chartBuilder: chartBuilderRoutes,
  visualizations: visualizationsRoutes,
  consolePreview: consolePreviewRoutes,
  quickApps: quickAppsRoutes,
  integrations: integrationsRoutes,
  frExtensions: frExtensionsRoutes,
  webhooks: webhooksRoutes,
  pdf: pdfRoutes,
  mcpServices: mcpServicesRoutes,
  hostingMcpServices: hostingMcpServicesRoutes,
  knowledgeBase: knowledgeBaseRoutes,
} satisfies Record<string, Record<string, RouteDef>>;

export function allRoutes(): RouteDef[] {
  return Object.values(Routes).flatMap((group) => Object.values(group as Record<string, RouteDef>));
}
