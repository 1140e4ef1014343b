/** Pages of Users, in tab order (the area's own URL lists the users); the breadcrumbs read their names from here too. */
export const USERS_SECTIONS = [
  { segment: '', label: 'Users' },
  { segment: 'registration', label: 'Registration' },
  { segment: 'login', label: 'Login' },
  { segment: 'providers', label: 'Providers' },
  { segment: 'auth0', label: 'Auth0' },
] as const;
