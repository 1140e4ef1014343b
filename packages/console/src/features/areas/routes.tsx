import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

/**
 * Every other area of an app. Areas with their own screens register routes before this one in
 * `app/router.tsx`; whatever is left lands on the area page, which explains its state.
 */
export const areaRoutes: RouteObject[] = [{ path: ':area/*', lazy: lazyPage(() => import('./pages/AreaPage')) }];
