/**
 * `@basalt/sdk`: the typed console client. Start with `createClient(serverUrl, authKey?, options?)`.
 * Cross-window messaging lives in `@basalt/sdk/bridge`, the app real-time connection in
 * `@basalt/sdk/realtime` (`connectRealtime`, also exported here).
 */
export {
  createClient,
  type BasaltClient,
  type ClientGroups,
  type ClientOptions,
  type ClientRequest,
} from './client.js';
export * from './transport/index.js';
export { Transport as Request } from './transport/transport.js';
export type { GroupContext } from './groups/group-context.js';
export * from './groups/system.js';
export * from './groups/user.js';
export * from './groups/apps.js';
export * from './groups/tables.js';
export * from './groups/tables-query.js';
export * from './groups/data-views.js';
export * from './groups/data-hives.js';
export * from './groups/counters.js';
export * from './groups/form-editor.js';
export * from './groups/pdf.js';
export * from './groups/chart-builder.js';
export * from './groups/visualizations.js';
export * from './groups/data-to-visualize.js';
export * from './groups/quick-apps.js';
export * from './groups/console-preview.js';
export * from './groups/analytics.js';
export * from './groups/cache.js';
export * from './groups/files.js';
export * from './groups/messaging.js';
export * from './groups/settings.js';
export * from './groups/security.js';
export * from './groups/users.js';
export * from './groups/dev-team.js';
export * from './groups/transfer.js';
export * from './groups/lifecycle.js';
export * from './groups/bl.js';
export * from './groups/cloud-code.js';
export * from './groups/ui-builder.js';
export * from './groups/gamification.js';
export * from './groups/community.js';
export * from './groups/marketplace.js';
export * from './realtime/index.js';
export { DevOperations as DevPermissions } from '@basalt/shared';
export type {
  DeveloperAccount,
  OtpPending,
  TwoFactorState,
  AppSummary,
  StatusInfo,
  ApiErrorBody,
  ErrorCode,
  AppWarning,
  AppWarnings,
  AppApiKey,
  AppSettings,
  ApiKeyInput,
} from '@basalt/shared';
export type { FlowLogsQuery } from './groups/automation-observe.js';
