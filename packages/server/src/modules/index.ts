import type { ServerModule } from './module.js';
import { accountsModule } from './accounts/index.js';
import { appsModule } from './apps/index.js';
import { dataModule } from './data/index.js';
import { securityModule } from './security/index.js';
import { appApiModule } from './appapi/index.js';
import { countersModule } from './counters/index.js';
import { cacheModule } from './cache/index.js';
import { hivesModule } from './hives/index.js';
import { filesModule } from './files/index.js';
import { messagingModule } from './messaging/index.js';
import { teamModule } from './team/index.js';
import { auditModule } from './audit/index.js';
import { usersConfigModule } from './users-config/index.js';
import { transferModule } from './transfer/index.js';
import { settingsModule } from './settings/index.js';
import { landingPageModule } from './settings/landing/index.js';
import { commerceModule } from './commerce/index.js';
import { cloudCodeModule } from './cloudcode/index.js';
import { cloudCodeLogsModule } from './cloudcode/logs/index.js';
import { cloudCodeHandlersModule } from './cloudcode/handlers/index.js';
import { emailModule } from './email/index.js';
import { analyticsModule } from './analytics/index.js';
import { apiDocsModule } from './api-docs/index.js';
import { flowsModule } from './flows/index.js';
import { cacheControlModule } from './cache-control/index.js';
import { blueprintsModule } from './blueprints/index.js';
import { navigatorModule } from './navigator/index.js';
import { licenseModule } from './license/index.js';
import { lifecycleModule } from './lifecycle/index.js';
import { backupsModule } from './backups/index.js';
import { aiAssistantsModule, aiModule, knowledgeBasesModule } from './ai/index.js';
import { integrationsModule, webhooksModule } from './webhooks/index.js';
import { mcpModule } from './mcp/index.js';
import { billingModule } from './billing/index.js';
import { uiBuilderModule } from './ui-builder/index.js';
import { formsModule, pdfModule } from './ui-docs/index.js';
import { gamificationModule } from './gamification/index.js';
import { communityModule } from './community/index.js';
import { marketplaceModule } from './marketplace/index.js';
import { sqlServiceModule } from './sql-service/index.js';
import { dataConnectorsModule } from './data-connectors/index.js';

/**
 * Every server module, in registration order. A new area adds one line here (and its routes group
 * in `@basalt/shared`).
 */
export const modules: ServerModule[] = [
  accountsModule,
  appsModule,
  dataModule,
  securityModule,
  appApiModule,
  countersModule,
  cacheModule,
  hivesModule,
  filesModule,
  messagingModule,
  teamModule,
  auditModule,
  usersConfigModule,
  transferModule,
  settingsModule,
  landingPageModule,
  commerceModule,
  cloudCodeModule,
  cloudCodeLogsModule,
  cloudCodeHandlersModule,
  emailModule,
  analyticsModule,
  apiDocsModule,
  flowsModule,
  cacheControlModule,
  blueprintsModule,
  navigatorModule,
  licenseModule,
  lifecycleModule,
  backupsModule,
  aiModule,
  knowledgeBasesModule,
  aiAssistantsModule,
  webhooksModule,
  integrationsModule,
  mcpModule,
  billingModule,
  uiBuilderModule,
  formsModule,
  pdfModule,
  gamificationModule,
  communityModule,
  marketplaceModule,
  sqlServiceModule,
  dataConnectorsModule,
];
