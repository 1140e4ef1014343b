/** Pages of Security, in tab order; the breadcrumbs read their names from here too. */
export const SECURITY_SECTIONS = [
  { segment: 'roles', label: 'Roles' },
  { segment: 'permissions', label: 'Permissions' },
  { segment: 'run-as', label: 'Run as' },
  { segment: 'sessions', label: 'Sessions' },
  { segment: 'safety', label: 'Safety' },
  { segment: 'advisor', label: 'Advisor' },
] as const;
