import type { AppPart } from '@basalt/shared';

/**
 * The rows of the system database that belong to one app (keyed by `app_id`), by the part of the
 * app they travel with (decision 0059 lists them, and the tables left out with why). Order matters:
 * a table is written after the tables its `refs` point at, and cleared before them.
 *
 * `id`: a column holding an id unique across every app; a copy gets a new one, and columns of
 * later tables that `refs` it are rewritten to match.
 */
export interface SystemTableSpec {
  table: string;
  part: Exclude<AppPart, 'schema' | 'files'>;
  id?: string;
  /** With `id`: a target row with the same value of this column keeps its id. */
  matchBy?: string;
  refs?: Record<string, string>;
}

export const SYSTEM_TABLES: SystemTableSpec[] = [
  // security: roles, their permissions (table/column/record ACL keyed by table and column ids,
  // which travel unchanged with the schema), and which users hold which role.
  { table: 'sec_roles', part: 'security', id: 'id', matchBy: 'name' },
  { table: 'sec_permissions', part: 'security' },
  { table: 'sec_user_roles', part: 'security', refs: { role_id: 'sec_roles' } },
  // users: the users configuration (registration, login, properties, social and OAuth providers).
  { table: 'users_config', part: 'users' },
  { table: 'oauth_providers', part: 'users', id: 'id' },
  { table: 'auth0_scope_bindings', part: 'users', id: 'id' },
  // data: app users are Users records; their links to social identities go with them.
  { table: 'oauth_identities', part: 'data' },
  // code: cloud code as deployed and as drafted, codeless logic, timers and their configuration.
  { table: 'cc_models', part: 'code' },
  { table: 'cc_files', part: 'code' },
  { table: 'cc_deployments', part: 'code', id: 'id' },
  { table: 'cc_services', part: 'code', id: 'id', refs: { deployment_id: 'cc_deployments' } },
  { table: 'cc_handlers', part: 'code', id: 'id', refs: { deployment_id: 'cc_deployments' } },
  { table: 'cc_chains', part: 'code' },
  { table: 'cc_timers', part: 'code', id: 'id', refs: { deployment_id: 'cc_deployments' } },
  { table: 'cc_service_config', part: 'code' },
  { table: 'cc_service_defaults', part: 'code' },
  { table: 'cc_codeless_services', part: 'code', id: 'id' },
  { table: 'cc_codeless_methods', part: 'code', id: 'id', refs: { service_id: 'cc_codeless_services' } },
  { table: 'cc_codeless_functions', part: 'code', id: 'id' },
  { table: 'cc_codeless_logic', part: 'code' },
  // settings: email (SMTP, event and custom templates), logging levels, mobile (push providers and
  // templates), Google Play, the HIPAA switch. API keys are never copied: a copy gets its own.
  { table: 'email_settings', part: 'settings' },
  { table: 'email_event_templates', part: 'settings' },
  { table: 'email_templates', part: 'settings' },
  { table: 'log_levels', part: 'settings' },
  { table: 'msg_push_providers', part: 'settings' },
  { table: 'msg_templates', part: 'settings' },
  { table: 'commerce_google_play', part: 'settings' },
  { table: 'app_compliance', part: 'settings' },
];

/**
 * Per-app system tables that no part copies, with why (the census test holds this list and
 * SYSTEM_TABLES to every table with an `app_id`).
 */
export const NOT_COPIED: Record<string, string> = {
  apps: 'the app row itself: the copy is a new app',
  api_keys: 'a copy gets new API keys',
  app_members: 'the team: a copy belongs to the developer who made it',
  team_invites: 'the team',
  team_settings: 'the team',
  ownership_proposals: 'the team',
  audit_log: "the original's history",
  audit_log_prev: "the original's history",
  console_activity: "the original's history",
  analytics_calls: "the original's usage numbers",
  analytics_latency: "the original's usage numbers",
  analytics_peaks: "the original's usage numbers",
  analytics_users: "the original's usage numbers",
  sec_user_sessions: 'signed-in sessions are secrets of the original',
  sec_app_state: 'panic mode is an operational state',
  app_user_password_resets: 'pending links are secrets of the original',
  app_user_email_confirmations: 'pending links are secrets of the original',
  oauth_states: 'sign-ins in flight',
  email_outbox: 'mail in flight',
  msg_channels: 'messaging channels are made by every new app (default) and on first publish',
  msg_messages: 'published messages are history',
  msg_devices: 'device registrations belong to the original',
  msg_device_channels: 'device registrations belong to the original',
  msg_push_outbox: 'pushes in flight',
  msg_publish_jobs: 'scheduled publishing of the original',
  cc_timer_logs: "the original's timer history",
  jobs: 'scheduled work of the original (a timer of the copy schedules itself)',
  lifecycle_processes: "the original's processes",
};

/** Tables of the app's own data store besides data tables, copied with the data part (rows as they are). */
export const STORE_TABLES = ['_counters', '_hives', '_hive_keys', '_hive_list_items', '_hive_members'];

/** Store tables left out: the application cache is disposable; CSV import jobs are the original's history. */
export const STORE_NOT_COPIED = ['_cache_items', '_import_jobs', '_import_job_rows', '_import_job_files'];
