/**
 * The sections of the Operator area, in tab order. Other features put their operator pages under
 * `/operator/<segment>` (routes.tsx) and get a tab here: Products is the marketplace's product approvals.
 */
export const OPERATOR_SECTIONS = [
  { segment: 'plans', label: 'Plans' },
  { segment: 'invoices', label: 'Invoices' },
  { segment: 'products', label: 'Products' },
  { segment: 'moderation', label: 'Moderation' },
  { segment: 'gamification', label: 'Gamification' },
  { segment: 'settings', label: 'Instance settings' },
] as const;
