/**
 * The product's areas. The console builds its sidebar from this list; the server
 * reports in `/console/status` which of them are available, and answers 501 `NOT_AVAILABLE_YET`
 * on the console routes of an area that is not built yet.
 */
export interface AreaDef {
  id: string;
  title: string;
  /** Sidebar group (docs/console-screens.md › Frame). `account` areas live outside an app. */
  group: 'overview' | 'build' | 'observe' | 'manage' | 'extend' | 'account';
  /** Console URL segment under `/apps/:appId/` (or top-level for account areas). */
  segment: string;
  /**
   * Console API path prefixes that belong to the area, after `/:appId/console/` for app routes or
   * as absolute paths when they start with `/`. Used to answer 501 while the area is not built.
   */
  serverPrefixes: string[];
  /**
   * The sidebar area that holds this one (SQL service within Data, Webhooks within Cloud Code).
   * Such areas are not sidebar entries of their own; `/console/status`, the command palette and
   * their own page still tell whether they are available.
   */
  parent?: string;
}

export const Areas: AreaDef[] = [
  { id: 'overview', title: 'Overview', group: 'overview', segment: 'overview', serverPrefixes: [] },
  {
    id: 'data',
    title: 'Data',
    group: 'build',
    segment: 'data',
    serverPrefixes: ['data', 'tables', 'dataviews', 'hive', 'counters', 'cache', 'dashboard', 'connectors'],
  },
  {
    id: 'users',
    title: 'Users',
    group: 'build',
    segment: 'users',
    serverPrefixes: ['users', 'userproperties', 'socialsettings', 'oauth1', 'oauth2', 'auth0'],
  },
  { id: 'security', title: 'Security', group: 'build', segment: 'security', serverPrefixes: ['security'] },
  { id: 'files', title: 'Files', group: 'build', segment: 'files', serverPrefixes: ['files'] },
  { id: 'messaging', title: 'Messaging', group: 'build', segment: 'messaging', serverPrefixes: ['messaging'] },
  {
    id: 'code',
    title: 'Cloud Code',
    group: 'build',
    segment: 'code',
    serverPrefixes: ['servercode', 'localservices', 'codeless', 'services', 'bl', 'cloud-code', '/console/servercode'],
  },
  {
    id: 'flows',
    title: 'Flows',
    group: 'build',
    segment: 'flows',
    serverPrefixes: [
      '/api/app/:appId/automation',
      '/api/node-server/manage/app/:appId/flowrunner',
      '/api/node-server/manage/flowrunner',
    ],
  },
  { id: 'ui', title: 'UI Builder', group: 'build', segment: 'ui', serverPrefixes: ['ui-builder'] },
  { id: 'analytics', title: 'Analytics', group: 'observe', segment: 'analytics', serverPrefixes: ['analytics'] },
  { id: 'audit', title: 'Audit log', group: 'observe', segment: 'audit', serverPrefixes: ['auditlogs'] },
  { id: 'team', title: 'Team', group: 'manage', segment: 'team', serverPrefixes: ['devteam', 'developers'] },
  {
    id: 'settings',
    title: 'Settings',
    group: 'manage',
    segment: 'settings',
    serverPrefixes: ['appsettings', 'settings', 'mobilesettings', 'apikey', 'domains', 'logging'],
  },
  {
    id: 'billing',
    title: 'Billing',
    group: 'manage',
    segment: 'billing',
    serverPrefixes: ['billing', '/console/billing', '/:appId/billing', '/:appId/service/billing'],
  },
  {
    id: 'marketplace',
    title: 'Marketplace',
    group: 'extend',
    segment: 'marketplace',
    serverPrefixes: [
      'marketplace',
      'community/marketplace',
      '/console/community/marketplace',
      '/api/app/:appId/marketplace',
    ],
  },
  {
    id: 'community',
    title: 'Community',
    group: 'extend',
    segment: 'community',
    serverPrefixes: ['/console/community'],
  },
  {
    id: 'gamification',
    title: 'Gamification',
    group: 'extend',
    segment: 'missions',
    serverPrefixes: ['gamification', '/console/gamification', '/api/gamification'],
  },

  // Parts of the areas above, each with its own routes (packages/shared/src/routes/<area>.ts).
  {
    id: 'sql-service',
    title: 'SQL service',
    group: 'build',
    segment: 'sql-service',
    parent: 'data',
    serverPrefixes: ['sql'],
  },
  {
    id: 'data-connectors',
    title: 'Data connectors',
    group: 'build',
    segment: 'data-connectors',
    parent: 'data',
    serverPrefixes: ['dataconnectors'],
  },
  {
    id: 'dashboards',
    title: 'Dashboards',
    group: 'build',
    segment: 'dashboards',
    parent: 'data',
    serverPrefixes: ['data-to-visualize'],
  },
  {
    id: 'api-docs',
    title: 'API docs',
    group: 'build',
    segment: 'api-docs',
    parent: 'data',
    serverPrefixes: ['api-docs'],
  },
  {
    id: 'cache-control',
    title: 'Cache control',
    group: 'build',
    segment: 'cache-control',
    parent: 'security',
    serverPrefixes: ['cachecontrol'],
  },
  {
    id: 'webhooks',
    title: 'Webhooks',
    group: 'build',
    segment: 'webhooks',
    parent: 'code',
    serverPrefixes: ['webhook'],
  },
  {
    id: 'pdf',
    title: 'PDF templates',
    group: 'build',
    segment: 'pdf',
    parent: 'code',
    serverPrefixes: ['pdf', '/api/node-server/manage/app/:appId/pdf'],
  },
  {
    id: 'integrations',
    title: 'Integrations',
    group: 'build',
    segment: 'integrations',
    parent: 'flows',
    serverPrefixes: [
      'integrations',
      '/api/node-server/manage/app/:appId/integration',
      '/api/node-server/manage/integration',
    ],
  },
  {
    id: 'mcp',
    title: 'MCP servers',
    group: 'build',
    segment: 'mcp',
    parent: 'flows',
    serverPrefixes: [
      '/api/node-server/manage/app/:appId/integration/mcp',
      '/api/node-server/manage/app/:appId/mcp',
      '/api/node-server/public/app/:appId/mcp',
    ],
  },
  {
    id: 'knowledge-bases',
    title: 'Knowledge bases',
    group: 'build',
    segment: 'knowledge-bases',
    parent: 'flows',
    serverPrefixes: ['/api/node-server/manage/app/:appId/knowledge-base'],
  },
  { id: 'ai', title: 'AI assistance', group: 'build', segment: 'ai', parent: 'flows', serverPrefixes: ['open-ai'] },
  {
    id: 'forms',
    title: 'Forms',
    group: 'build',
    segment: 'forms',
    parent: 'ui',
    serverPrefixes: ['/api/node-server/manage/app/:appId/form-editor', '/api/app/:appId/form-editor'],
  },
  { id: 'charts', title: 'Charts', group: 'build', segment: 'charts', parent: 'ui', serverPrefixes: ['chart-builder'] },
  {
    id: 'visualizations',
    title: 'Visualizations',
    group: 'build',
    segment: 'visualizations',
    parent: 'ui',
    serverPrefixes: ['visualizations'],
  },
  {
    id: 'quick-apps',
    title: 'Quick apps',
    group: 'build',
    segment: 'quick-apps',
    parent: 'ui',
    serverPrefixes: ['/api/app/:appId/quick-apps'],
  },
  {
    id: 'console-preview',
    title: 'Console preview',
    group: 'build',
    segment: 'preview',
    parent: 'ui',
    serverPrefixes: ['preview'],
  },
  {
    id: 'email',
    title: 'Email settings',
    group: 'manage',
    segment: 'email',
    parent: 'settings',
    serverPrefixes: ['email', 'mailsettings', 'emailtemplate', 'email-templates'],
  },

  // Console-wide services, outside any app.
  { id: 'license', title: 'License', group: 'account', segment: 'license', serverPrefixes: ['/console/license'] },
  {
    id: 'navigator',
    title: 'Navigator',
    group: 'account',
    segment: 'navigator',
    serverPrefixes: ['/console/navigator'],
  },
  {
    id: 'blueprints',
    title: 'Blueprints',
    group: 'account',
    segment: 'blueprints',
    serverPrefixes: ['/console/blueprints'],
  },
];

/** Areas that are sidebar entries of their own (not `account` areas, not parts of another area). */
export function sidebarAreas(): AreaDef[] {
  return Areas.filter((a) => a.group !== 'account' && !a.parent);
}

/**
 * Availability of each area as reported by `/console/status`: `partial` areas have some screens
 * built and say "not available yet" on the others.
 */
export type AreaState = 'available' | 'partial' | 'not-available';
export type AreaAvailability = Record<string, AreaState>;
