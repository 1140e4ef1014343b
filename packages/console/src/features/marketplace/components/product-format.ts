import type { MarketplaceProduct } from '@basalt/shared';

/** What each product kind is called on screen (decision 0088 §1). */
export const KIND_LABELS: Record<string, string> = {
  'ui-component': 'UI component',
  'cloud-code-service': 'Cloud code service',
  flow: 'Flow',
  'functions-pack': 'Functions pack',
  'page-template': 'Page template',
  theme: 'Theme',
  'email-template': 'Email template',
  'dashlet-component': 'Dashlet component',
};

export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

/** Price in cents as money, or "Free". */
export function priceLabel(product: Pick<MarketplaceProduct, 'price' | 'currency'>): string {
  if (product.price <= 0) return 'Free';
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: product.currency }).format(
      product.price / 100,
    );
  } catch {
    return `${(product.price / 100).toFixed(2)} ${product.currency}`;
  }
}

export const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
  removed: 'gray',
};

/** Compares `x.y.z` versions: positive when `a` is newer. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}
