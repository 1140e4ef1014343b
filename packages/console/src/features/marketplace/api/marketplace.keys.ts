/** Query keys of the marketplace (decision 0088): catalogue, product pages, the app's installs, the developer's side. */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  sections: () => [...marketplaceKeys.all, 'sections'] as const,
  categories: () => [...marketplaceKeys.all, 'categories'] as const,
  search: (search: string, categoryId: string) => [...marketplaceKeys.all, 'search', search, categoryId] as const,
  product: (productId: string) => [...marketplaceKeys.all, 'product', productId] as const,
  versions: (productId: string) => [...marketplaceKeys.all, 'product', productId, 'versions'] as const,
  reviews: (productId: string) => [...marketplaceKeys.all, 'product', productId, 'reviews'] as const,
  comments: (productId: string) => [...marketplaceKeys.all, 'product', productId, 'comments'] as const,
  installs: (appId: string) => [...marketplaceKeys.all, 'app', appId, 'installs'] as const,
  upgradeDiff: (appId: string, productId: string, version: string | null) =>
    [...marketplaceKeys.installs(appId), productId, 'diff', version] as const,
  purchases: (appId: string) => [...marketplaceKeys.all, 'app', appId, 'purchases'] as const,
  containers: (appId: string) => [...marketplaceKeys.all, 'app', appId, 'containers'] as const,
  submissions: (all: boolean) => [...marketplaceKeys.all, 'submissions', all ? 'all' : 'mine'] as const,
  sales: () => [...marketplaceKeys.all, 'sales'] as const,
  operator: () => [...marketplaceKeys.all, 'operator'] as const,
};
