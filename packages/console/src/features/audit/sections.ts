/** The audit area's two lists, as link tabs (the breadcrumbs read their names from here too): changes made (the audit log) and the console activity reported. */
export const AUDIT_SECTIONS = [
  { segment: '', label: 'Changes' },
  { segment: 'activity', label: 'Console activity' },
] as const;
