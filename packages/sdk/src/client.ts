/**
 * `createClient(serverUrl, authKey?, options?)`: the typed console client.
 *
 * HOW AN AREA ADDS ITS GROUP (one file + one line):
 *  1. Declare the routes in `packages/shared/src/routes/<group>.ts` (`defineRoute`, group in `Routes`).
 *  2. Write `packages/sdk/src/groups/<group>.ts` exporting `createXxxGroup(g: GroupContext)` that
 *     returns an object of methods with the reference client's names and argument order, each
 *     built from its declaration: `request.route(Routes.xxx.method, [pathArgs...], { query,
 *     body, cache, cacheTags })`. Special channels: `request.billing`, `.community`, `.sqlService`,
 *     `.automation`, `.nodeAPI`. Lists with counts: `request.countSpec` / `request.getWithData`.
 *     Export `type XxxGroup = ReturnType<typeof createXxxGroup>`. Doc-comment every method.
 *  3. Add ONE line to `createGroups` below: `xxx: createXxxGroup(g),`.
 *  4. Request-shape tests beside it: `groups/<group>.test.ts` with `recordingClient()` from
 *     `test-support/fake-fetch.test-helpers.ts` (compare url, method, headers and body exactly).
 */
import type { StatusInfo } from '@basalt/shared';
import { responseCache, type ResponseCache } from './transport/cache.js';
import { createTransports, type ChannelOptions, type Transports } from './transport/channels.js';
import type { ClientContext, FetchLike, Middleware } from './transport/context.js';
import { createEmailGroup } from './groups/email.js';
import { createWebhooksGroup } from './groups/webhooks.js';
import { createIntegrationsGroup } from './groups/integrations.js';
import { createAutomationGroup } from './groups/automation.js';
import { createAutomationObserveMethods } from './groups/automation-observe.js';
import { createAiAssistantMethods, createKnowledgeBaseGroup, createOpenAIGroup } from './groups/ai.js';
import { createBackupsGroup } from './groups/backups.js';
import { createUiBuilderGroup } from './groups/ui-builder.js';
import { createBillingGroup, createOperatorGroup } from './groups/billing.js';
import type { GroupContext } from './groups/group-context.js';
import { createStatus, createSystemGroup, createWarning } from './groups/system.js';
import { createUserGroup } from './groups/user.js';
import { createAppsGroup } from './groups/apps.js';
import { createTablesGroup } from './groups/tables.js';
import { createDataViewsGroup } from './groups/data-views.js';
import { createDataHivesGroup } from './groups/data-hives.js';
import { createCountersGroup } from './groups/counters.js';
import { createFormEditorGroup } from './groups/form-editor.js';
import { createPdfGroup } from './groups/pdf.js';
import { createCacheGroup } from './groups/cache.js';
import { createFilesGroup } from './groups/files.js';
import { createMessagingGroup } from './groups/messaging.js';
import { createSecurityGroup } from './groups/security.js';
import { createUsersGroup } from './groups/users.js';
import { createDevPermissionsGroup, createDevTeamGroup } from './groups/dev-team.js';
import { createTransferGroup } from './groups/transfer.js';
import { createLifecycleGroup } from './groups/lifecycle.js';
import { createSettingsGroup } from './groups/settings.js';
import { createBlGroup } from './groups/bl.js';
import { createCloudCodeGroup, createCodelessGroup, createMcpApiServicesGroup } from './groups/cloud-code.js';
import { createHostingMcpServicesGroup, createMcpServicesGroup } from './groups/mcp.js';
import { createActivityManagerGroup, createAnalyticsGroup } from './groups/analytics.js';
import { createApiDocsGroup } from './groups/api-docs.js';
import { createCacheControlGroup } from './groups/cache-control.js';
import { createSqlServiceGroup } from './groups/sql-service.js';
import { createDataConnectorsGroup } from './groups/data-connectors.js';
import { createBlueprintsGroup } from './groups/blueprints.js';
import { createLicenseGroup, createNavigatorGroup } from './groups/navigator.js';
import { createGamificationGroup } from './groups/gamification.js';
import {
  createCommunityGroup,
  createDeveloperProfileGroup,
  createInitialQuestionnaireGroup,
  createReferralsGroup,
} from './groups/community.js';
import { createMarketplaceGroup } from './groups/marketplace.js';
import { createChartBuilderGroup } from './groups/chart-builder.js';
import { createVisualizationsGroup } from './groups/visualizations.js';
import { createDataToVisualizeGroup } from './groups/data-to-visualize.js';
import { createQuickAppsGroup } from './groups/quick-apps.js';
import { createConsolePreviewGroup } from './groups/console-preview.js';

/** Options of `createClient`. */
export interface ClientOptions extends ChannelOptions {
  /** Called on every request after the `auth-key` header is set (no longer after `destroy()`). */
  middleware?: Middleware;
  /** `fetch` to use instead of the global one (tests, custom agents). */
  fetch?: FetchLike;
  /** `credentials` mode of browser requests. */
  credentials?: 'omit' | 'same-origin' | 'include';
  /** Response cache to use instead of the process-wide one (isolation in tests). */
  cache?: ResponseCache;
}

/** Every API group, keyed as on the reference client. */
function createGroups(g: GroupContext) {
  const system = createSystemGroup(g);
  return {
    system,
    status: createStatus(system),
    warning: createWarning(g),
    user: createUserGroup(g),
    apps: createAppsGroup(g),
    tables: createTablesGroup(g),
    dataViews: createDataViewsGroup(g),
    dataHives: createDataHivesGroup(g),
    counters: createCountersGroup(g),
    cache: createCacheGroup(g),
    files: createFilesGroup(g),
    messaging: createMessagingGroup(g),
    security: createSecurityGroup(g),
    users: createUsersGroup(g),
    devTeam: createDevTeamGroup(g),
    devPermissions: createDevPermissionsGroup(g),
    transfer: createTransferGroup(g),
    lifecycle: createLifecycleGroup(g),
    settings: createSettingsGroup(g),
    bl: createBlGroup(g),
    cloudCode: createCloudCodeGroup(g),
    codeless: createCodelessGroup(g),
    mcpApiServices: createMcpApiServicesGroup(g),
    email: createEmailGroup(g),
    analytics: createAnalyticsGroup(g),
    activityManager: createActivityManagerGroup(g),
    apiDocs: createApiDocsGroup(g),
    automation: { ...createAutomationGroup(g), ...createAutomationObserveMethods(g), ...createAiAssistantMethods(g) },
    openAI: createOpenAIGroup(g),
    knowledgeBase: createKnowledgeBaseGroup(g),
    cacheControl: createCacheControlGroup(g),
    sqlService: createSqlServiceGroup(g),
    dataConnectors: createDataConnectorsGroup(g),
    blueprints: createBlueprintsGroup(g),
    navigator: createNavigatorGroup(g),
    license: createLicenseGroup(g),
    backups: createBackupsGroup(g),
    webhooks: createWebhooksGroup(g),
    integrations: createIntegrationsGroup(g),
    uiBuilder: createUiBuilderGroup(g),
    formEditor: createFormEditorGroup(g),
    pdf: createPdfGroup(g),
    chartBuilder: createChartBuilderGroup(g),
    visualizations: createVisualizationsGroup(g),
    dataToVisualize: createDataToVisualizeGroup(g),
    quickApps: createQuickAppsGroup(g),
    consolePreview: createConsolePreviewGroup(g),
    mcpServices: createMcpServicesGroup(g),
    hostingMcpServices: createHostingMcpServicesGroup(g),
    billing: createBillingGroup(g),
    operator: createOperatorGroup(g),
    gamification: createGamificationGroup(g),
    community: createCommunityGroup(g),
    marketplace: createMarketplaceGroup(g),
    developerProfile: createDeveloperProfileGroup(g),
    referrals: createReferralsGroup(g),
    initialQuestionnaire: createInitialQuestionnaireGroup(g),
  };
}

/** The API groups of a client. */
export type ClientGroups = ReturnType<typeof createGroups>;

/** `client.request`: the main channel, the special ones, and `api` pointing back at the client. */
export interface ClientRequest extends Transports {
  api: BasaltClient;
}

/** What `createClient` answers. */
export type BasaltClient = ClientGroups & {
  /** Every request made after this rejects with 'Client has been destroyed'. There is no undo. */
  destroy(): void;
  request: ClientRequest;
  /** The key currently sent as `auth-key` (set by sign-in, cleared by sign-out). */
  getAuthKey(): string | undefined;
  /** Replaces the key sent as `auth-key` (`undefined` or `null` stops sending it). */
  setAuthKey(authKey: string | null | undefined): void;
};

/**
 * Creates a console client. `serverUrl` is prepended to every path that is not already an
 * absolute http(s) URL (empty: paths stay relative, for a console served by the same server).
 * While a key is set every request carries header `auth-key`.
 */
export function createClient(serverUrl = '', authKey?: string | null, options: ClientOptions = {}): BasaltClient {
  const context: ClientContext = {
    serverUrl: serverUrl ?? '',
    authKey: authKey ?? undefined,
    destroyed: false,
    middleware: options.middleware,
    fetch: options.fetch,
    credentials: options.credentials,
    cache: options.cache ?? responseCache,
    memo: new Map<string, Promise<unknown>>(),
  };
  const request = createTransports(context, options) as ClientRequest;
  const groups = createGroups({ request, context });
  const client: BasaltClient = {
    ...groups,
    request,
    destroy() {
      context.destroyed = true;
      context.middleware = undefined;
    },
    getAuthKey: () => context.authKey ?? undefined,
    setAuthKey(key) {
      context.authKey = key ?? undefined;
    },
  };
  request.api = client;
  return client;
}

/** Status of the server (re-exported for convenience). */
export type { StatusInfo };
