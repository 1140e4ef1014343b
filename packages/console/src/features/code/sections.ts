/** Sections of Cloud Code, in tab order; the breadcrumbs read their names from here too. */
export const CODE_SECTIONS = [
  { segment: 'services', label: 'API services' },
  { segment: 'handlers', label: 'Event handlers' },
  { segment: 'timers', label: 'Timers' },
  { segment: 'editor', label: 'Coding' },
  { segment: 'codeless', label: 'Codeless' },
  { segment: 'logs', label: 'Logs' },
] as const;
