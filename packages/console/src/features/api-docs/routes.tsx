import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** API docs (Data › API docs): `api-docs/:kind/:name?/:model?`, kind = table, channel, files, service or geo. */
export const apiDocsRoutes: RouteObject[] = [
  { path: 'api-docs/:kind?/:name?/:model?', lazy: lazyPage(() => import('./pages/ApiDocsPage')) },
];
