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
  /** Changes a row on its way into the target (after ids and refs), e.g. a state that must not travel. */
  arrive?: (row: Record<string, unknown>) => Record<string, unknown>;
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
  // Flows and their versions travel as drafts: a copy's flow versions arrive READY (or NOT_READY),
  // never LIVE, so no copy starts running the original's automations until it is enabled there;
  // the snapshot a live version ran with (`flow_configs`, keyed by version) stays with the original.
  { table: 'flow_flows', part: 'code', id: 'id' },
  {
    table: 'flow_versions',
    part: 'code',
    id: 'id',
    refs: { flow_id: 'flow_flows' },
    arrive: (row) => ({ ...row, status: row.status === 'NOT_READY' ? 'NOT_READY' : 'READY', config_id: null }),
  },
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
  // Settings › CORS, the log integration, the landing page, the app API's caching policies.
  { table: 'app_cors_origins', part: 'settings' },
  { table: 'log_integrations', part: 'settings' },
  { table: 'landing_pages', part: 'settings' },
  { table: 'cache_policies', part: 'settings' },
  // UI Builder (decision 0080): containers with their pages, layouts and logic travel as source;
  // a copy serves nothing until it is published there (publications stay with the original).
  {
    table: 'ui_containers',
    part: 'code',
    id: 'id',
    matchBy: 'name',
    arrive: (row) => ({ ...row, publication_id: null }),
  },
  { table: 'ui_documents', part: 'code', refs: { container_id: 'ui_containers' } },
  { table: 'ui_logic', part: 'code', refs: { container_id: 'ui_containers' } },
  // UI Builder look and text (decision 0086): themes of the app's library, container styles,
  // dictionaries and settings travel with the containers.
  { table: 'ui_themes', part: 'code', id: 'id', matchBy: 'name' },
  { table: 'ui_styles', part: 'code', refs: { container_id: 'ui_containers' } },
  { table: 'ui_i18n', part: 'code', refs: { container_id: 'ui_containers' } },
  { table: 'ui_container_look', part: 'code', refs: { container_id: 'ui_containers', theme_id: 'ui_themes' } },
  // Forms, PDF templates, charts and dashboards (decision 0087) travel as source.
  { table: 'ui_forms', part: 'code', id: 'id', matchBy: 'name' },
  { table: 'ui_pdf_templates', part: 'code', id: 'id', matchBy: 'name' },
  // Charts, dashboards, visualizations and quick apps (decision 0093) travel as source; a dashlet
  // follows its dashboard and the dashlet component it shows (built-ins `chart`, `text` stay as
  // they are). A quick app names its container, which travels above.
  { table: 'ui_dashboards', part: 'code', id: 'id', matchBy: 'name' },
  { table: 'ui_charts', part: 'code', id: 'id', matchBy: 'name', refs: { target_dashboard_id: 'ui_dashboards' } },
  { table: 'ui_dashlet_components', part: 'code', id: 'id', refs: { dashboard_id: 'ui_dashboards' } },
  {
    table: 'ui_dashlets',
    part: 'code',
    id: 'id',
    refs: { dashboard_id: 'ui_dashboards', component: 'ui_dashlet_components' },
  },
  { table: 'ui_visualizations', part: 'code', id: 'id', matchBy: 'name' },
  { table: 'ui_quick_apps', part: 'code', id: 'id', matchBy: 'container' },
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
  cc_timer_logs: "the original's timer history",
  jobs: 'scheduled work of the original (a timer of the copy schedules itself)',
  lifecycle_processes: "the original's processes",
  app_custom_domains: 'a host name reaches one app only: the copy gets its own domains',
  backup_policies: "the original's backup schedule: a copy starts without one",
  backups: "the original's backups",
  flow_instances: "runs of the original's flows (in flight or finished)",
  flow_shared: "the shared memory of the original's flow runs (runtime state)",
  flow_settings: 'not copied yet: a copy keeps finished flow runs for the default 30 days',
  flow_debug_sessions: "the original's debug sessions (its developers' work in progress)",
  // SLA goals are keyed by version and name their calendar by id; copying both needs the id map.
  flow_sla_calendars: 'not copied yet: SLA goals name calendars by id, which a copy gives anew',
  navigator_visits: "the developers' navigation history",
  gam_app_tracking: "a developer's Missions switch for the original app (a copy starts tracked)",
  ai_usage: "the original's AI usage against its daily quota",
  // Not copied yet: a knowledge base's files and passages are keyed by knowledge base, not app, and
  // an assistant names its knowledge bases by id inside a JSON list; copying them needs both.
  ai_assistants: 'not copied yet: assistants name knowledge bases by id, which a copy gives anew',
  ai_knowledge_bases: 'not copied yet: their files and passages are keyed by knowledge base, not app',
  // A copy that posted to the original's receivers would send them events of another app, signed as theirs.
  webhooks: "a copy must not post to the original's receivers with the original's secrets",
  webhook_deliveries: "the original's delivery log and deliveries in flight",
  app_integrations: "the original's third-party credentials stay with it (decision 0077)",
  // A hosted server's token is a credential of the original: a copy would open the copy's data to it.
  mcp_servers: "hosted MCP servers' tokens are credentials of the original: a copy hosts its own",
  mcp_clients: "not copied: their headers hold the original's credentials to outside services",
  billing_subscriptions:
    "the plan is the owner's billing choice: a copy starts on the line's default plan (decision 0082)",
  billing_limit_notices: "the original's usage notices",
  ui_publications: "the original's published UI snapshots: a copy publishes its own",
  // External databases' credentials are sealed with this server's key, and a copy (perhaps on
  // another server, for another team) must not inherit the way into a company's database.
  sql_connections: "connections hold the original's database credentials: a copy connects anew",
  sql_queries: 'saved queries belong to connections, which are not copied',
  data_connectors: "connectors hold the original's database credentials, as SQL connections do: a copy connects anew",
  // Purchases and installs are the owner's dealings: a copy installs what it needs itself.
  mp_purchases: 'purchases were made for the original app; a copy allocates its own (decision 0088)',
  mp_installs: 'installs carry sealed configuration and deployed models of the original (decision 0088)',
  mp_ui_components: 'UI components installed from the marketplace belong to their install, which is not copied',
  billing_app_profiles:
    "who pays for the original is the owner's choice: a copy is billed as a new app (decision 0089)",
  billing_invoices: "the original's invoices",
};

/** Tables of the app's own data store besides data tables, copied with the data part (rows as they are). */
export const STORE_TABLES = ['_counters', '_hives', '_hive_keys', '_hive_list_items', '_hive_members'];

/** Tables of the app's store that no part copies, with why (the census test holds them to the real store). */
export const STORE_NOT_COPIED: Record<string, string> = {
  _cache_items: 'the application cache is disposable',
  _import_jobs: "the original's CSV import history",
  _import_job_rows: "the original's CSV import history",
  _import_job_files: "the original's CSV import history",
  _transfer_jobs: "the original's Airtable import history",
  _record_outbox: 'data events of the original waiting to start its flows (decision 0072)',
};
