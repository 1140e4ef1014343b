import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/** Data › SQL editor (the `sql-service` area, a part of Data): `sql-service`. */
export const sqlEditorRoutes: RouteObject[] = [
  { path: 'sql-service', lazy: lazyPage(() => import('./pages/SqlEditorPage')) },
];
