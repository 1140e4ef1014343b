import type { ComponentType } from 'react';

/** Route `lazy` loader for a page module whose default export is the page: one chunk per route. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}
