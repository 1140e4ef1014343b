/** Pages of the Marketplace, in tab order; the breadcrumbs read their names from here too. */
export const MARKETPLACE_SECTIONS = [
  { segment: '', label: 'Browse' },
  { segment: 'installed', label: 'Installed' },
  { segment: 'developer', label: 'My products' },
  { segment: 'sales', label: 'Sales' },
] as const;

/** Segments of the area that are no tab of their own (a product page sits under Browse). */
export const MARKETPLACE_CRUMBS = [...MARKETPLACE_SECTIONS, { segment: 'products', label: 'Products' }] as const;
