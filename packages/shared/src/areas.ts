/**
 * The product's areas (spec §1 and §7). The console builds its sidebar from this list; the server
 * reports in `/console/status` which of them are available, and answers 501 `NOT_AVAILABLE_YET`
 * on the console routes of an area that is not built yet.
 */
export interface AreaDef {
  id: string;
  title: string;
  /** Sidebar group (CONSOLE.md §1.1). `account` areas live outside an app. */
  group: 'overview' | 'build' | 'observe' | 'manage' | 'extend' | 'account';
  /** Console URL segment under `/apps/:appId/` (or top-level for account areas). */
  segment: string;
  /**
   * Console API path prefixes that belong to the area, after `/:appId/console/` for app routes or
   * as absolute paths when they start with `/`. Used to answer 501 while the area is not built.
   */
  serverPrefixes: string[];
}

export const Areas: AreaDef[] = [
  { id: 'overview', title: 'Overview', group: 'overview', segment: 'overview', serverPrefixes: [] },
  { id: 'data', title: 'Data', group: 'build', segment: 'data', serverPrefixes: ['data', 'tables', 'dataviews', 'hive', 'counters', 'cache', 'dashboard', 'connectors', 'sql'] },
  { id: 'users', title: 'Users', group: 'build', segment: 'users', serverPrefixes: ['users', 'userproperties', 'socialsettings', 'oauth1', 'oauth2', 'auth0'] },
  { id: 'security', title: 'Security', group: 'build', segment: 'security', serverPrefixes: ['security'] },
  { id: 'files', title: 'Files', group: 'build', segment: 'files', serverPrefixes: ['files'] },
  { id: 'messaging', title: 'Messaging', group: 'build', segment: 'messaging', serverPrefixes: ['messaging'] },
  { id: 'code', title: 'Cloud Code', group: 'build', segment: 'code', serverPrefixes: ['servercode', 'localservices', 'codeless', 'services', 'bl'] },
  { id: 'flows', title: 'Flows', group: 'build', segment: 'flows', serverPrefixes: ['/api/app/:appId/automation'] },
  { id: 'ui', title: 'UI Builder', group: 'build', segment: 'ui', serverPrefixes: ['ui-builder'] },
  { id: 'analytics', title: 'Analytics', group: 'observe', segment: 'analytics', serverPrefixes: ['analytics'] },
  { id: 'audit', title: 'Audit log', group: 'observe', segment: 'audit', serverPrefixes: ['auditlogs'] },
  { id: 'team', title: 'Team', group: 'manage', segment: 'team', serverPrefixes: ['devteam', 'developers'] },
  { id: 'settings', title: 'Settings', group: 'manage', segment: 'settings', serverPrefixes: ['appsettings', 'settings', 'email', 'mobilesettings', 'domains', 'logging'] },
  { id: 'billing', title: 'Billing', group: 'manage', segment: 'billing', serverPrefixes: ['billing', '/console/billing'] },
  { id: 'marketplace', title: 'Marketplace', group: 'extend', segment: 'marketplace', serverPrefixes: ['marketplace', '/console/community/marketplace'] },
  { id: 'community', title: 'Community', group: 'extend', segment: 'community', serverPrefixes: ['/console/community'] },
  { id: 'gamification', title: 'Gamification', group: 'extend', segment: 'missions', serverPrefixes: ['gamification', '/console/gamification'] },
];

/**
 * Availability of each area as reported by `/console/status`: `partial` areas have some screens
 * built and say "not available yet" on the others.
 */
export type AreaState = 'available' | 'partial' | 'not-available';
export type AreaAvailability = Record<string, AreaState>;
