/** Sections of Messaging, in tab order; the breadcrumbs read their names from here too. */
export const MESSAGING_SECTIONS = [
  { segment: 'channels', label: 'Channels' },
  { segment: 'devices', label: 'Devices' },
  { segment: 'push', label: 'Push' },
  { segment: 'buttons', label: 'Button templates' },
  { segment: 'outbox', label: 'Outbox' },
] as const;
